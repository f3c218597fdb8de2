// The backup prompt comes back before the wallet holds value (docs/wallets.md#backup): a wallet the visitor never backed
// up lives only in the browsers that hold a share of its key. It shows once for each moment (BackupMoment) unless the
// visitor skipped it there through its warning; Account says "Not backed up" until there is a backup.
import * as v from 'valibot'
import { createToken, selectActiveConnection, StorageToken, type Kernel } from 'foyer'
import { BACKUP_SKIPPED_KEY, EMAIL_CONNECTOR_ID, type BackupMoment } from './constants.js'
import type { EmbeddedWallet } from './embeddedWallet.js'

const SkippedSchema = v.array(v.picklist(['signup', 'funds', 'transaction']))
/** Only these sign nothing that moves value by itself (the frame's own list, frame.js ONE_CLICK_METHODS). */
const MESSAGE_METHODS = new Set(['personal_sign', 'solana_signMessage'])
/** The views that show the address for funds to come in: Receive, and the on-ramp's Buy. */
const FUNDS_VIEWS = new Set(['Receive', 'OnRamp'])

/** Whether this browser's visitor skipped the prompt at `moment` through its warning. */
export function skipped(kernel: Kernel, moment: BackupMoment): boolean {
  return (
    kernel.container
      .resolve(StorageToken)
      .read(BACKUP_SKIPPED_KEY, SkippedSchema)
      ?.includes(moment as never) ?? false
  )
}

/** The visitor read the warning and skipped at `moment` (from Account nothing is skipped: they came to back up). */
export function skip(kernel: Kernel, moment: BackupMoment): void {
  if (moment === 'account') return
  const storage = kernel.container.resolve(StorageToken)
  const before = storage.read(BACKUP_SKIPPED_KEY, SkippedSchema) ?? []
  if (!before.includes(moment)) storage.write(BACKUP_SKIPPED_KEY, [...before, moment])
}

/** The signed-in embedded wallet has no backup its visitor made, and the prompt at `moment` was not skipped. */
export function needsReminder(kernel: Kernel, wallet: EmbeddedWallet, moment: BackupMoment): boolean {
  return wallet.backedUp() === false && !skipped(kernel, moment)
}

/** The moments the prompt already showed at on this page, for those that show once a page (a balance seen). */
const ShownToken = createToken<Set<BackupMoment>>('email:backupPromptShown')

/** True the first time on this page: the prompt may show for `moment` now. */
export function firstOnPage(kernel: Kernel, moment: BackupMoment): boolean {
  const shown = kernel.container.ensure(ShownToken, () => new Set())
  if (shown.has(moment)) return false
  shown.add(moment)
  return true
}

/**
 * Before a request that moves value (a transaction, not a message): the prompt first, then the approval. Resolves when
 * the visitor is done with it (backed up or skipped); rejects when they closed the modal.
 */
export async function beforeTransaction(kernel: Kernel, wallet: EmbeddedWallet, method: string): Promise<void> {
  if (MESSAGE_METHODS.has(method) || !needsReminder(kernel, wallet, 'transaction')) return
  await kernel.router.request('BackupWallet', { moment: 'transaction' })
}

/**
 * Before Receive or Buy shows the embedded wallet's address: the prompt in their place, which moves on to them once the
 * visitor backed up or skipped (and back leaves both). Returns the subscription's end.
 */
export function watchFundsViews(kernel: Kernel, wallet: EmbeddedWallet): () => void {
  return kernel.store.select(
    (state) => state.router.history.at(-1),
    (entry) => {
      if (!entry || !FUNDS_VIEWS.has(entry.view)) return
      if (selectActiveConnection(kernel.store.getState().connection)?.connectorId !== EMAIL_CONNECTOR_ID) return
      if (needsReminder(kernel, wallet, 'funds')) kernel.router.replace('BackupWallet', { moment: 'funds', next: entry })
    },
  )
}
