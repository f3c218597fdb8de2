import { useAccount, useKernel, useTranslate } from 'foyer/react'
import { ListItem } from 'foyer/ui'

/** The texts it shows, added as this module loads (docs/concepts/plugins.md#what-a-plugin-adds). */
export { viewTexts as texts } from './texts.js'

/** On Account while the embedded wallet shows its EVM account: the permissions sites were granted (docs/permissions.md). */
export default function PermissionsAccountRow() {
  const kernel = useKernel()
  const t = useTranslate()
  const { namespace } = useAccount()
  if (namespace !== 'eip155') return null
  return <ListItem label={t('permissions.title')} onClick={() => kernel.router.push('Permissions')} />
}
