import { useAccount, useKernel, useTranslate } from 'foyer/react'
import { ListItem } from 'foyer/ui'
import { addEmailTexts } from './texts.js'

/** On Account while the embedded wallet shows its EVM account: the permissions sites were granted (docs/permissions.md). */
export default function PermissionsAccountRow() {
  const kernel = useKernel()
  addEmailTexts(kernel)
  const t = useTranslate()
  const { namespace } = useAccount()
  if (namespace !== 'eip155') return null
  return <ListItem label={t('permissions.title')} onClick={() => kernel.router.push('Permissions')} />
}
