// The email plugin's manifest: the embedded wallet behind email login (rules §1, §4). One login yields an
// EVM and a Solana account, served by one connector. The secure frame lives on the wallet service's
// own site (`services.wallet`); its client, the views and the connector's providers load on demand:
// at the first email login, or after the first paint when a login was used before (rules §4).
import * as v from 'valibot'
import {
  afterFirstPaint,
  BaseError,
  definePlugin,
  StorageToken,
  type BaseErrorOptions,
  type Kernel,
  type Plugin,
  type RouteEntry,
} from 'foyer'
import type { BackupMoment } from './constants.js'
import { en, type EmailMessages } from './locales.js'
import type { EmbeddedWallet } from './embeddedWallet.js'

// constants.ts's EMAIL_LOGIN_USED_KEY, written out: the manifest imports no module the lazy ones import,
// or the bundler splits the entry into a facade and a shared chunk (a test keeps the two equal).
const EMAIL_LOGIN_USED_KEY = 'email:loginUsed'
// And BACKUP_OFFER_KEY, BACKUP_SKIPPED_KEY.
const BACKUP_OFFER_KEY = 'email:backupOffer'
const BACKUP_SKIPPED_KEY = 'email:backupSkipped'

declare module 'foyer' {
  interface ViewParams {
    /** rules §2: the email sign-in, from the address the visitor typed on Connect. */
    EmailLogin: { email: string }
    /** rules §4: a new email for the embedded wallet: a code to the current address, then one to the new. */
    UpdateEmailWallet: undefined
    /** rules §6: the secure frame's panel for one wallet request, shown inside the modal. */
    ApproveTransaction: { method: string }
    /** A passkey ceremony in the secure frame (docs/wallets.md#passkeys): sign in with one, or add one. */
    Passkey: { ceremony: 'login' | 'register' }
    /** The embedded wallet's passkeys, from Account: list, add, remove. */
    Passkeys: undefined
    /** Key export, from Account: the keys and the recovery phrase, shown in the secure frame only. */
    ExportKeys: undefined
    /**
     * The backup prompt (docs/wallets.md#backup): a passkey or the recovery phrase (both in the frame), or skip through a
     * warning; at `moment`, and then on to `next` (Receive, Buy) when it stood in for that view.
     */
    BackupWallet: { moment: BackupMoment; next?: RouteEntry }
    /** What sites may do without asking (ERC-7715 permissions), from Account: list, revoke on chain. */
    Permissions: undefined
  }
}

declare module 'foyer' {
  interface ViewResults {
    /** Answers when the frame has settled the request (approved or rejected in the frame itself). */
    // biome-ignore lint/suspicious/noConfusingVoidType: the view answers with nothing, so its request is a Promise<void>.
    ApproveTransaction: void
    // biome-ignore lint/suspicious/noConfusingVoidType: answers when the visitor is done with it, with nothing.
    BackupWallet: void
  }
}

declare module 'foyer' {
  interface FoyerEvents {
    /** rules §8: the frame did not load, a login request timed out, the domain is not allowed, or the session expired. */
    'email:frame-failed': { event: 'iframe_load_failed' | 'iframe_request_timeout' | 'unverified_domain' | 'session_expired' }
  }
}

declare module 'foyer' {
  interface Features {
    /** Email login with an embedded wallet (rules §1). @default true; the remote project configuration may set it */
    email: boolean
  }
}

declare module 'foyer' {
  interface ServiceUrls {
    /** The embedded wallet service (`services/wallet`), on its own site: the secure frame. */
    wallet?: string
  }
}

declare module 'foyer' {
  interface Messages extends EmailMessages {}
}

declare module 'foyer' {
  interface PluginApis {
    email: EmailApi
  }
}

export type { EmbeddedWallet } from './embeddedWallet.js'

/** What the email plugin offers other plugins through `pluginApi(kernel, 'email')`: its embedded wallet, for the sign-in methods that end in it (socials). */
export interface EmailApi {
  /** The kernel's embedded wallet, started on first use (the frame loads, the connector registers). */
  embeddedWallet(kernel: Kernel): Promise<EmbeddedWallet>
  /** Whether the host offers to pay its visitors' network fees (`sponsorGas`). */
  sponsorGas: boolean
}

/** The email plugin's options. */
export interface EmailOptions {
  /**
   * The site pays the network fee of its visitors' smart-account operations, as far as its sponsorship policy on the
   * wallet service allows (docs/sponsored-gas.md); the approval says who pays, and why not when the policy refuses.
   * @default false
   */
  sponsorGas?: boolean
}

/** rules §8: the embedded wallet's code did not load (a chunk the network or a deploy lost); the cause says why. */
export class EmailLoadError extends BaseError {
  override name = 'EmailLoadError'
  constructor(options?: BaseErrorOptions) {
    super('Unable to load email login dependency', options)
  }
}

/** Starts the embedded wallet in a kernel (idempotent): the frame, and the connector with its providers. */
async function startEmbeddedWallet(kernel: Kernel) {
  let module: typeof import('./embeddedWallet.js')
  try {
    module = await import('./embeddedWallet.js')
  } catch (cause) {
    // The loader's own text ('Failed to fetch dynamically imported module …') means nothing to a visitor.
    throw new EmailLoadError({ cause })
  }
  return module.embeddedWalletOf(kernel)
}

/**
 * Email login with an embedded wallet: an email field on Connect (rules §2 method order: email first), a
 * code by mail, and a wallet on every chain in `plugins` that it serves (eip155, solana) from one
 * login. Wallet requests that sign or send open ApproveTransaction, whose Approve button belongs to
 * the secure frame's own origin (rules §6). Needs `services.wallet`, the wallet service's URL.
 *
 * @example
 * createKernel({ projectId, services: { wallet: 'https://wallet.example.com' }, plugins: [evm({ networks }), email({ sponsorGas: true })] })
 */
export function email({ sponsorGas = false }: EmailOptions = {}): Plugin {
  return definePlugin({
    name: 'email',
    flags: { email: { default: true, remote: true } },
    feature: 'email',
    views: {
      EmailLogin: { title: 'email.title', load: () => import('./EmailLoginView.js') },
      UpdateEmailWallet: { title: 'email.updateTitle', load: () => import('./UpdateEmailWalletView.js') },
      ApproveTransaction: { title: 'approve.title', load: () => import('./ApproveTransactionView.js') },
      Passkey: { title: 'passkey.title', load: () => import('./PasskeyView.js') },
      Passkeys: { title: 'passkey.listTitle', load: () => import('./PasskeysView.js') },
      ExportKeys: { title: 'export.title', load: () => import('./ExportKeysView.js') },
      BackupWallet: { title: 'backup.title', load: () => import('./BackupWalletView.js') },
      Permissions: { title: 'permissions.title', load: () => import('./PermissionsView.js') },
    },
    slots: {
      'connect-methods': [
        { id: 'email', method: 'email', label: 'email.continue', load: () => import('./EmailField.js') },
        { id: 'passkey', method: 'email', label: 'passkey.continue', load: () => import('./PasskeyMethod.js') },
      ],
      // constants.ts's EMAIL_CONNECTOR_ID, written out for the same reason as the marker above.
      'account-details': [
        { id: 'email', connectorId: 'email', label: 'email.updateTitle', load: () => import('./EmailAccountRow.js') },
        { id: 'email-account-type', connectorId: 'email', label: 'email.accountType', load: () => import('./AccountTypeRow.js') },
        { id: 'email-passkeys', connectorId: 'email', label: 'passkey.listTitle', load: () => import('./PasskeysAccountRow.js') },
        { id: 'email-export', connectorId: 'email', label: 'export.title', load: () => import('./ExportKeysAccountRow.js') },
        // First among the rows: a wallet without a backup says so, with the way to make one (docs/wallets.md#backup).
        { id: 'email-backup', connectorId: 'email', label: 'backup.notBackedUp', order: -1, load: () => import('./BackupAccountRow.js') },
        { id: 'email-permissions', connectorId: 'email', label: 'permissions.title', load: () => import('./PermissionsAccountRow.js') },
      ],
    },
    locales: { en, '*': (locale) => import('./locales/index.js').then((module) => module.loadTranslations(locale)) },
    api: { embeddedWallet: startEmbeddedWallet, sponsorGas },
    hooks: {
      // docs/wallets.md#backup: a sign-up that made the wallet offers a backup before the login ends, once (the first
      // namespace to connect takes the offer), unless this browser's visitor skipped it at sign-up before, through its
      // warning (the prompt still comes back before the wallet holds value: backupReminders.ts).
      afterConnect: async (kernel, { connection }) => {
        const storage = kernel.container.resolve(StorageToken)
        if (connection.connectorId !== 'email' || !storage.read(BACKUP_OFFER_KEY, v.literal(true))) return
        storage.remove(BACKUP_OFFER_KEY)
        if (storage.read(BACKUP_SKIPPED_KEY, v.array(v.string()))?.includes('signup')) return
        // Closed or left unanswered: the login goes on all the same.
        await kernel.router.request('BackupWallet', { moment: 'signup' }).catch(() => undefined)
      },
    },
    setup(kernel) {
      if (!kernel.options.services.wallet) {
        kernel.logger.warn('email() needs `services.wallet`, the embedded wallet service: email login is off.')
        return
      }
      // rules §4: the frame is created at start only when an email login was used before, to restore it.
      if (!kernel.container.resolve(StorageToken).read(EMAIL_LOGIN_USED_KEY, v.literal(true))) return
      void afterFirstPaint()
        .then(() => (kernel.isDestroyed() ? undefined : startEmbeddedWallet(kernel)))
        .catch((error: unknown) => kernel.logger.error('The embedded wallet could not be restored.', error))
    },
  })
}
