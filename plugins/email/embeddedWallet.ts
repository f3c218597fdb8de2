// The embedded wallet in one kernel: the secure frame, the login steps (rules §4), the signed-in user (rules §3),
// and the connector that hands the chains its providers (EIP-1193 for eip155, a Wallet Standard
// wallet for solana). One login, one connector, every namespace it serves. Loaded on demand.
import * as v from 'valibot'
import {
  BaseError,
  canSwitchAccountType,
  createToken,
  ERROR_MESSAGE_DELAY_MS,
  openModal,
  raiseAlert,
  setAccountDetails,
  showToast,
  StorageToken,
  type Kernel,
  type SignInFields,
  type AccountDetails,
  type SignInMessage,
  type Token,
} from 'foyer'
import { beforeTransaction, watchFundsViews } from './backupReminders.js'
import { createEip1193Provider } from './eip1193Provider.js'
import { createFrameClient, EmbeddedWalletError, type FrameClient } from './frameClient.js'
import { frameTheme, siteMetadata } from './frameSync.js'
import { createSolanaWallet } from './solanaWallet.js'
import { addEmailTexts } from './texts.js'
import {
  BACKUP_OFFER_KEY,
  EMAIL_ADDRESS_KEY,
  EMAIL_CONNECTOR_ID,
  EMAIL_LAST_CHAIN_KEY,
  EMAIL_LOGIN_USED_KEY,
  SIGN_OUT_KEYS,
  SOCIAL_PROVIDER_KEY,
  SOCIAL_USERNAME_KEY,
} from './constants.js'

/** rules §5: an email login is triggered at most once every 30 s. */
export const EMAIL_COOLDOWN_MS = 30_000

/** What the frame says to do after an email (rules §4). */
export type EmailAction = 'VERIFY_OTP' | 'VERIFY_DEVICE' | 'CONNECT'
/** What the frame says to do during an email change (rules §4): the current address's code, then the new one's. */
export type EmailUpdateAction = 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP'

// A chain id as the frame and the stored session give it: an EVM number, or a CAIP-2 reference such as Solana's.
const ChainIdSchema = v.union([v.pipe(v.number(), v.safeInteger(), v.minValue(1)), v.pipe(v.string(), v.nonEmpty(), v.maxLength(64))])
const Account = v.object({
  address: v.pipe(v.string(), v.maxLength(100)),
  type: v.picklist(['eoa', 'smartAccount']),
  namespace: v.picklist(['eip155', 'solana']),
})
/** rules §3: the authenticated user, as the frame sends it; checked, since it crosses a trust boundary. */
const UserSchema = v.object({
  email: v.optional(v.pipe(v.string(), v.email())),
  /** A social login's name, as the provider gave it. */
  userName: v.optional(v.pipe(v.string(), v.maxLength(100))),
  socialProvider: v.optional(v.pipe(v.string(), v.maxLength(20))),
  address: v.string(),
  chainId: ChainIdSchema,
  accounts: v.pipe(v.array(Account), v.minLength(1)),
  preferredAccountType: v.optional(v.string()),
  smartAccountDeployed: v.optional(v.boolean()),
  /** 'eip7702': the EOA is the wallet's smart account, upgraded in place (docs/wallets.md#account-modes); `upgraded` once it is. */
  accountMode: v.optional(v.picklist(['eip7702'])),
  upgraded: v.optional(v.boolean()),
  /** Whether the wallet has a backup its visitor made (docs/wallets.md#backup); an older service does not say. */
  backedUp: v.optional(v.boolean()),
})
/**
 * rules §3: the signed-in user; `message`, `signature` and `siwxMessage` are the sign-in the frame signed as part of the
 * login (`signInAtLogin`), when it did.
 */
export type EmbeddedUser = v.InferOutput<typeof UserSchema> & { message?: string; signature?: string; siwxMessage?: SignInMessage }

const ActionSchema = v.object({ action: v.picklist(['VERIFY_OTP', 'VERIFY_DEVICE', 'CONNECT']) })
const UpdateActionSchema = v.object({ action: v.picklist(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']) })
const NewEmailSchema = v.object({ newEmail: v.pipe(v.string(), v.email()) })
const SocialRedirectSchema = v.object({ uri: v.pipe(v.string(), v.url()) })
const SocialConnectSchema = v.object({ userName: v.optional(v.pipe(v.string(), v.maxLength(100))) })
/** What a login's answer says besides: whether the frame has just made the user's wallet (the backup prompt follows). */
const LoginSchema = v.object({ walletCreated: v.optional(v.boolean()) })
const SignedInSchema = v.object({ message: v.pipe(v.string(), v.maxLength(8 * 1024)), signature: v.pipe(v.string(), v.maxLength(1024)) })
const PasskeysSchema = v.object({
  passkeys: v.pipe(
    v.array(
      v.object({
        id: v.pipe(v.string(), v.maxLength(1024)),
        synced: v.boolean(),
        createdAt: v.pipe(v.string(), v.isoTimestamp()),
        lastUsedAt: v.nullable(v.pipe(v.string(), v.isoTimestamp())),
      }),
    ),
    v.maxLength(100),
  ),
})
/** One of the user's passkeys, as the Passkeys view lists it. */
export type Passkey = v.InferOutput<typeof PasskeysSchema>['passkeys'][number]
const FarcasterUriSchema = v.object({
  url: v.pipe(v.string(), v.regex(/^farcaster:\/\//), v.maxLength(2048)),
  channelToken: v.pipe(v.string(), v.maxLength(200)),
})

/** rules §5: a second email within 30 s. The message is the one the rules give, word for word; `seconds` rounded up. */
export class EmailCooldownError extends BaseError {
  override name = 'EmailCooldownError'
  constructor(readonly seconds: number) {
    super(`Please try again after ${seconds} seconds`)
  }
}

export interface EmbeddedWallet {
  readonly frame: FrameClient
  /** rules §4 step 1: the frame answers what comes next. Throws 'Please try again after {n} seconds' within 30 s of the last. */
  connectEmail(email: string): Promise<EmailAction>
  /** rules §4: waits until the mailed device link is confirmed; a code is mailed then. */
  connectDevice(): Promise<EmailAction>
  /** rules §4: the one-time code; the session starts. */
  connectOtp(otp: string): Promise<void>
  /** rules §4: the signed-in user, from the frame, on this site's last chain; undefined without a session. */
  getUser(options?: { silent?: boolean }): Promise<EmbeddedUser | undefined>
  /** The account of `namespace`, when signed in: on EVM, the one of the preferred type. */
  accountOf(namespace: string): string | undefined
  /**
   * Whether the signed-in wallet has a backup its visitor made: a confirmed recovery phrase or a passkey
   * (docs/wallets.md#backup); undefined when not signed in, or when the service does not say.
   */
  backedUp(): boolean | undefined
  /**
   * The EVM account's type (rules §6) and the smart account, when the wallet offers one on the current network (the
   * service has a bundler there); undefined when not signed in.
   */
  evmAccount():
    | { type: 'eoa' | 'smartAccount'; smartAccount?: string; smartAccountDeployed: boolean; eip7702?: { upgraded: boolean } }
    | undefined
  /**
   * rules §6/§7 'preferred account set': the EVM account becomes the EOA or the smart account; the EVM chain hears of the
   * new address (`accountsChanged`). Refused by the frame where no smart account is offered.
   */
  setPreferredAccountType(type: 'eoa' | 'smartAccount'): Promise<void>
  /** The signed-in email: the frame's, else the one typed at login. */
  email(): string | undefined
  /** Remembers the chain the wallet is on for this site (rules §4's last chain): the frame starts there next time. */
  rememberChain(chainId: string | number): void
  /** rules §4 email change, step 1: a code goes to the current address. The same 30 s cooldown as a login. */
  updateEmail(newEmail: string): Promise<EmailUpdateAction>
  /** Step 2: the current address's code; a code goes to the new address. */
  updateEmailPrimaryOtp(otp: string): Promise<EmailUpdateAction>
  /** Step 3: the new address's code; the new email is stored, and returned. */
  updateEmailSecondaryOtp(otp: string): Promise<string>
  /**
   * Social login (rules §4), step 1: the provider's authorization URL, to open in the popup; for Telegram, its login page
   * for a full-page redirect that comes back to `returnTo` with `result_uri`.
   */
  socialRedirectUri(provider: string, returnTo?: string): Promise<string>
  /**
   * Social login, step 2: the result URI the wallet's callback page posted; the frame exchanges it and the session
   * starts. The provider and user name are kept until sign-out.
   */
  connectSocial(provider: string, resultUri: string): Promise<{ userName?: string }>
  /** Farcaster, step 1: a relay channel; its `farcaster://connect` URL is the QR code (ConnectingFarcaster). */
  farcasterUri(): Promise<{ url: string; channelToken: string }>
  /** Farcaster, step 2: waits for the Farcaster app's approval; the frame checks it and the session starts. */
  connectFarcaster(channelToken: string): Promise<{ userName?: string }>
  /** The social login of this browser, if the wallet was signed in with one. */
  social(): { provider: string; userName?: string } | undefined
  /**
   * rules §3 siwxMessage: the frame signs the sign-in message as part of the login that just happened (no second approval);
   * it writes the text itself, for this page's origin and the user's own account only. Undefined when it will not
   * (no login just now, or fields it refuses): signing in then asks for an approval as any signature does.
   */
  signInAtLogin(message: SignInFields): Promise<{ message: SignInMessage; signature: string } | undefined>
  /**
   * A passkey ceremony in the frame (docs/wallets.md#passkeys): `login` signs in with a passkey, `register` adds one to
   * the signed-in user. The frame shows its own button; it resolves once the visitor has used it (then `login` has a
   * session, as after a code). Place the frame first (`frame.showAt`).
   */
  passkey(ceremony: 'login' | 'register'): Promise<void>
  /** The ceremony the frame offers ends unused (the visitor left the view): its request fails with ABORTED. */
  abortPasskey(): void
  /** The signed-in user's passkeys, oldest first. */
  passkeys(): Promise<Passkey[]>
  /** Removes one of the user's passkeys; answers the list without it. */
  revokePasskey(id: string): Promise<Passkey[]>
  /**
   * Key export (services/wallet/KEYS.md): the frame mails a fresh code, the visitor types it in the frame, and the frame
   * alone shows the keys and the recovery phrase under its warning. Resolves when the visitor closes the panel; rejects
   * with USER_REJECTED (Cancel) or INVALID_REQUEST (no email to send the code to). Place the frame first (`frame.showAt`).
   */
  exportKeys(): Promise<void>
  /**
   * The backup prompt: the frame shows the recovery phrase of the wallet it made at this sign-up, in the frame alone.
   * Resolves when the visitor says they saved it; INVALID_REQUEST when the frame no longer holds it (use `exportKeys`).
   */
  showRecoveryPhrase(): Promise<void>
  /** The frame's export or phrase panel closes unused (the visitor left the view): its request fails with ABORTED. */
  abortKeysPanel(): void
  /** rules §4: signs out in the frame (3 s at most) and forgets the stored email, marker, last chain and social name. */
  signOut(): Promise<void>
  /**
   * The kernel's teardown (its container disposes what it made): the frame and its listener go, and every request still
   * waiting, ready frame or not, fails with rules §8's 'Request was aborted' (an RPC request) or 'Something went wrong'.
   */
  dispose(): void
}

/** The kernel's embedded wallet; stories and tests replace it (`kernel.container.provide`) before any view uses it. */
export const EmbeddedWalletToken: Token<EmbeddedWallet> = createToken('email:embeddedWallet')

/** The kernel's embedded wallet, started on first use: the frame loads and the connector registers. */
export function embeddedWalletOf(kernel: Kernel): EmbeddedWallet {
  return kernel.container.ensure(EmbeddedWalletToken, () => startEmbeddedWallet(kernel))
}

function startEmbeddedWallet(kernel: Kernel): EmbeddedWallet {
  addEmailTexts(kernel)
  const storage = kernel.container.resolve(StorageToken)
  let user: EmbeddedUser | undefined
  let lastEmailAt = Number.NEGATIVE_INFINITY
  // The mail request under way, so a second identical one (React's StrictMode runs effects twice) shares it.
  let mailing: { key: string; answer: Promise<unknown> } | undefined
  const approvals = new Set<string>()
  const lastChain = () => storage.read(EMAIL_LAST_CHAIN_KEY, ChainIdSchema)

  /** rules §5: at most one mail every 30 s; the same request while one is under way shares its answer. */
  function mailOnce<T>(key: string, send: () => Promise<T>): Promise<T> {
    if (mailing?.key === key) return mailing.answer as Promise<T>
    const wait = lastEmailAt + EMAIL_COOLDOWN_MS - Date.now()
    if (wait > 0) return Promise.reject(new EmailCooldownError(Math.ceil(wait / 1000)))
    const before = lastEmailAt
    lastEmailAt = Date.now()
    const answer = send()
      .catch((error: unknown) => {
        // Only a mail sent counts; when the service refused for its own cooldown, its count wins.
        const { retryAfter } = error as EmbeddedWalletError
        lastEmailAt = typeof retryAfter === 'number' ? Date.now() + retryAfter * 1000 - EMAIL_COOLDOWN_MS : before
        throw error
      })
      .finally(() => {
        if (mailing?.answer === answer) mailing = undefined
      })
    mailing = { key, answer }
    return answer
  }

  const frame = createFrameClient({
    walletUrl: kernel.options.services.wallet!,
    projectId: kernel.options.projectId ?? '',
    chainId: lastChain() ?? kernel.chains.networks()[0]?.id,
    enableLogger: kernel.options.logLevel === 'debug',
    schedule: (callback, ms) => kernel.schedule(callback, ms),
    failed(failure) {
      kernel.bus.emit('email:frame-failed', { event: failure })
      if (failure === 'iframe_load_failed') raiseAlert(kernel, 'EMBEDDED_WALLET_LOAD_FAILED')
      else if (failure === 'iframe_request_timeout') raiseAlert(kernel, 'EMBEDDED_WALLET_TIMEOUT')
      else if (failure === 'unverified_domain') raiseAlert(kernel, 'INVALID_APP_CONFIGURATION')
      else raiseAlert(kernel, 'SESSION_EXPIRED')
    },
    approvalRequested({ id, method }) {
      // rules §6: the request waits for the user in the frame's own panel, shown inside the modal; a wallet with no
      // backup is offered one first, before it sends anything (docs/wallets.md#backup).
      approvals.add(id)
      beforeTransaction(kernel, wallet, method)
        .then(() => kernel.router.request('ApproveTransaction', { method }))
        .catch(() => {
          // Closed or left before the frame settled it: the request is aborted ('Request was aborted').
          if (approvals.delete(id)) void frame.request('APP_RPC_ABORT').catch(() => {})
        })
    },
    // rules §7 sync theme and dapp data: the approval panel looks like the modal and names the site (beside the origin
    // the frame verified itself).
    ready: () => syncFrame(kernel, frame),
    approvalSettled(id) {
      if (!approvals.delete(id)) return
      frame.hide()
      if (kernel.store.getState().modal.open && kernel.router.current().view === 'ApproveTransaction') kernel.router.finish()
    },
  })

  kernel.store.select(
    (state) => state.theme.mode,
    () => syncFrame(kernel, frame, { themeOnly: true }),
  )

  /** After a login: a wallet the frame has just made is offered a backup once it connects (the manifest's hook). */
  function noteNewWallet(answer: unknown) {
    const parsed = v.safeParse(LoginSchema, answer)
    if (parsed.success && parsed.output.walletCreated) storage.write(BACKUP_OFFER_KEY, true)
    return answer
  }

  /** A social login finished: kept until sign-out, and the frame is restored at the next start (rules §4). */
  function rememberSocial(provider: string, answer: { userName?: string }) {
    // A social user has no email: one typed earlier in this browser no longer applies.
    storage.remove(EMAIL_ADDRESS_KEY)
    storage.write(EMAIL_LOGIN_USED_KEY, true)
    storage.write(SOCIAL_PROVIDER_KEY, provider)
    if (answer.userName === undefined) storage.remove(SOCIAL_USERNAME_KEY)
    else storage.write(SOCIAL_USERNAME_KEY, answer.userName)
    return answer
  }

  /** rules §3: what the kernel's account state says about the visitor (`getAccount`), from the user and the login. */
  function publish() {
    setAccountDetails(kernel, EMAIL_CONNECTOR_ID, accountDetailsOf(user, wallet.social()))
  }

  const wallet: EmbeddedWallet = {
    frame,
    dispose: () => {
      stopWatchingFundsViews()
      frame.destroy()
    },
    connectEmail(email) {
      const address = email.trim()
      return mailOnce(`login:${address}`, async () => {
        const { action } = v.parse(ActionSchema, noteNewWallet(await frame.request('APP_CONNECT_EMAIL', { email: address })))
        storage.write(EMAIL_ADDRESS_KEY, address)
        return action
      })
    },
    async connectDevice() {
      return v.parse(ActionSchema, await frame.request('APP_CONNECT_DEVICE')).action
    },
    async connectOtp(otp) {
      noteNewWallet(await frame.request('APP_CONNECT_OTP', { otp: otp.trim() }))
      storage.write(EMAIL_LOGIN_USED_KEY, true)
    },
    async getUser({ silent = false } = {}) {
      if (silent && !(await frame.request<{ isConnected?: unknown }>('APP_IS_CONNECTED')).isConnected) return undefined
      const chainId = lastChain()
      const answer = v.safeParse(UserSchema, await frame.request('APP_GET_USER', chainId === undefined ? {} : { chainId }))
      if (!answer.success)
        throw new EmbeddedWalletError(
          'An error occurred',
          { frameCode: 'INVALID_RESPONSE' },
          { details: 'The frame sent a malformed user.' },
        )
      // A sign-in signed at this login stays the user's until sign-out.
      user = { ...answer.output, ...signInOf(user) }
      wallet.rememberChain(user.chainId)
      publish()
      return user
    },
    // The frame lists the preferred EVM account first.
    accountOf: (namespace) => user?.accounts.find((account) => account.namespace === namespace)?.address,
    backedUp: () => user?.backedUp,
    evmAccount() {
      if (!user) return undefined
      const smartAccount = user.accounts.find((account) => account.namespace === 'eip155' && account.type === 'smartAccount')?.address
      const type = user.preferredAccountType === 'smartAccount' && smartAccount ? 'smartAccount' : 'eoa'
      return {
        type,
        ...(smartAccount && { smartAccount }),
        smartAccountDeployed: user.smartAccountDeployed ?? false,
        ...(user.accountMode === 'eip7702' && { eip7702: { upgraded: user.upgraded ?? false } }),
      }
    },
    async setPreferredAccountType(type) {
      const answer = v.safeParse(UserSchema, await frame.request('APP_SET_PREFERRED_ACCOUNT', { type }))
      if (!answer.success)
        throw new EmbeddedWalletError(
          'An error occurred',
          { frameCode: 'INVALID_RESPONSE' },
          { details: 'The frame sent a malformed user.' },
        )
      user = { ...answer.output, ...signInOf(user) }
      publish()
      evmProvider.announceAccounts()
    },
    email: () => user?.email ?? storage.read(EMAIL_ADDRESS_KEY, v.string()),
    async socialRedirectUri(provider, returnTo) {
      return v.parse(
        SocialRedirectSchema,
        await frame.request('APP_GET_SOCIAL_REDIRECT_URI', returnTo === undefined ? { provider } : { provider, returnTo }),
      ).uri
    },
    async farcasterUri() {
      return v.parse(FarcasterUriSchema, await frame.request('APP_GET_FARCASTER_URI'))
    },
    async connectFarcaster(channelToken) {
      const answer = noteNewWallet(await frame.request('APP_CONNECT_FARCASTER', { channelToken }))
      return rememberSocial('farcaster', v.parse(SocialConnectSchema, answer))
    },
    async connectSocial(provider, resultUri) {
      const answer = noteNewWallet(await frame.request('APP_CONNECT_SOCIAL', { uri: resultUri }))
      return rememberSocial(provider, v.parse(SocialConnectSchema, answer))
    },
    social() {
      const provider = user?.socialProvider ?? storage.read(SOCIAL_PROVIDER_KEY, v.string())
      if (!provider) return undefined
      const userName = user?.userName ?? storage.read(SOCIAL_USERNAME_KEY, v.string())
      return userName === undefined ? { provider } : { provider, userName }
    },
    rememberChain: (chainId) => storage.write(EMAIL_LAST_CHAIN_KEY, chainId),
    updateEmail(newEmail) {
      const address = newEmail.trim()
      return mailOnce(
        `update:${address}`,
        async () => v.parse(UpdateActionSchema, await frame.request('APP_UPDATE_EMAIL', { email: address })).action,
      )
    },
    async updateEmailPrimaryOtp(otp) {
      return v.parse(UpdateActionSchema, await frame.request('APP_UPDATE_EMAIL_PRIMARY_OTP', { otp: otp.trim() })).action
    },
    async updateEmailSecondaryOtp(otp) {
      const { newEmail } = v.parse(NewEmailSchema, await frame.request('APP_UPDATE_EMAIL_SECONDARY_OTP', { otp: otp.trim() }))
      storage.write(EMAIL_ADDRESS_KEY, newEmail)
      if (user) user = { ...user, email: newEmail }
      publish()
      return newEmail
    },
    async signInAtLogin(fields) {
      try {
        const { message, signature } = v.parse(SignedInSchema, await frame.request('APP_SIGN_IN', { siwxMessage: fields }))
        const siwxMessage = { ...fields, serializedMessage: message }
        // rules §3: the signed-in user carries the login's sign-in.
        if (user) user = { ...user, message, signature, siwxMessage }
        publish()
        return { message: siwxMessage, signature }
      } catch (error) {
        // SIGN_IN_NOT_GRANTED (a reload, a switch) is the usual answer; anything else is worth a line in the log.
        if ((error as EmbeddedWalletError).frameCode !== 'SIGN_IN_NOT_GRANTED')
          kernel.logger.warn('The embedded wallet did not sign in during login.', error)
        return undefined
      }
    },
    async passkey(ceremony) {
      await frame.request(ceremony === 'login' ? 'APP_PASSKEY_LOGIN' : 'APP_PASSKEY_ADD')
      // A passkey added is a backup: the user says so now (Account, the prompts).
      if (ceremony === 'register') await refreshUser()
      if (ceremony === 'login') {
        // The passkey says which wallet it is: an email or social login remembered here may be another's.
        for (const key of [EMAIL_ADDRESS_KEY, SOCIAL_PROVIDER_KEY, SOCIAL_USERNAME_KEY]) storage.remove(key)
        storage.write(EMAIL_LOGIN_USED_KEY, true)
      }
    },
    abortPasskey() {
      void frame.request('APP_PASSKEY_ABORT').catch(() => {})
    },
    async passkeys() {
      return v.parse(PasskeysSchema, await frame.request('APP_GET_PASSKEYS')).passkeys
    },
    async revokePasskey(id) {
      return v.parse(PasskeysSchema, await frame.request('APP_REVOKE_PASSKEY', { id })).passkeys
    },
    async exportKeys() {
      await frame.request('APP_EXPORT_KEYS')
    },
    async showRecoveryPhrase() {
      await frame.request('APP_BACKUP_PHRASE')
      // The visitor said they saved it, in the frame: the wallet is backed up now.
      await refreshUser()
    },
    abortKeysPanel() {
      void frame.request('APP_KEYS_ABORT').catch(() => {})
    },
    async signOut() {
      user = undefined
      setAccountDetails(kernel, EMAIL_CONNECTOR_ID, accountDetailsOf(undefined, undefined))
      for (const key of SIGN_OUT_KEYS) storage.remove(key)
      await frame.request('APP_SIGN_OUT').catch((error: unknown) => kernel.logger.warn('The frame did not sign out in time.', error))
    },
  }

  /** The user again, from the frame, after a backup; a failure leaves it as it was (the next read catches up). */
  async function refreshUser() {
    await wallet
      .getUser({ silent: true })
      .catch((error: unknown) => kernel.logger.warn('The embedded wallet did not send its user.', error))
  }
  const stopWatchingFundsViews = watchFundsViews(kernel, wallet)

  const namespaces = ['eip155', 'solana'].filter((namespace) => kernel.chains.get(namespace))
  const evmProvider = createEip1193Provider(kernel, wallet, { onNotAllowed: refuse })
  kernel.connectors.register({
    connector: { id: EMAIL_CONNECTOR_ID, name: 'Email', type: 'auth', namespaces },
    capabilities: {
      /**
       * rules §4: switching to this connection settles the EVM account type: smartAccount when the address picked is the
       * smart account and the network offers one, otherwise eoa. Solana accounts have one type.
       */
      async switchAccountType({ namespace, address }) {
        const current = wallet.evmAccount()
        if (namespace !== 'eip155' || !current) return
        const smartAccounts = current.smartAccount !== undefined
        const wanted =
          smartAccounts && address !== undefined && address.toLowerCase() === current.smartAccount?.toLowerCase() ? 'smartAccount' : 'eoa'
        if (canSwitchAccountType(current.type, wanted, { smartAccounts })) await wallet.setPreferredAccountType(wanted)
      },
      signInAtLogin: ({ message }) => wallet.signInAtLogin(message),
    },
    providers: {
      eip155: evmProvider,
      solana: createSolanaWallet(wallet, {
        // The connected Solana network, else the site's first: the service knows it by the same CAIP-2 id.
        chainId: () =>
          kernel.store.getState().connection.namespaces['solana']?.networkId ?? kernel.chains.get('solana')?.networks[0]?.caipNetworkId,
        onNotAllowed: refuse,
      }),
    },
  })
  /**
   * rules §6: a request the embedded wallet does not offer. Requests waiting for approval are rejected ('Request
   * was aborted'), the modal opens and shows 'Action not allowed' after 300 ms.
   */
  function refuse() {
    if (approvals.size > 0) {
      approvals.clear()
      frame.hide()
      void frame.request('APP_RPC_ABORT').catch(() => {})
      if (kernel.router.current().view === 'ApproveTransaction') kernel.router.finish()
    }
    if (!kernel.store.getState().modal.open) openModal(kernel)
    kernel.schedule(() => showToast(kernel, { message: kernel.i18n.t('approve.notAllowed'), variant: 'error' }), ERROR_MESSAGE_DELAY_MS)
    kernel.logger.error('Requested RPC call is not allowed')
  }

  return wallet
}

/** The sign-in a user carries from its login, to keep when the frame sends the user again. */
function signInOf(user: EmbeddedUser | undefined): Pick<EmbeddedUser, 'message' | 'signature' | 'siwxMessage'> {
  if (!user?.signature) return {}
  return { message: user.message, signature: user.signature, siwxMessage: user.siwxMessage }
}

/**
 * rules §3 account state of the embedded wallet: the user (email, social name, accounts with their types, the login's
 * sign-in), how they signed in (the connection's auth name: 'email' or the social provider), the EVM account type.
 * Every field is set, undefined ones too, so that what no longer holds is removed.
 */
export function accountDetailsOf(
  user: EmbeddedUser | undefined,
  social: { provider: string; userName?: string } | undefined,
): AccountDetails {
  if (!user)
    return {
      user: undefined,
      authName: undefined,
      socialProvider: undefined,
      preferredAccountType: undefined,
      smartAccountDeployed: undefined,
    }
  const smartAccount = user.accounts.some((account) => account.namespace === 'eip155' && account.type === 'smartAccount')
  return {
    user: {
      ...(user.email !== undefined && { email: user.email }),
      ...((user.userName ?? social?.userName) !== undefined && { userName: user.userName ?? social?.userName }),
      accounts: user.accounts.map(({ namespace, address, type }) => ({ namespace, address, type })),
      ...(user.signature !== undefined && { message: user.message, signature: user.signature, siwxMessage: user.siwxMessage }),
    },
    authName: social?.provider ?? 'email',
    socialProvider: social?.provider,
    preferredAccountType: user.preferredAccountType === 'smartAccount' && smartAccount ? 'smartAccount' : 'eoa',
    smartAccountDeployed: user.smartAccountDeployed ?? false,
  }
}

/** Tells the frame the modal's theme and, unless `themeOnly`, what the site says about itself (the host's `metadata`). */
function syncFrame(kernel: Kernel, frame: FrameClient, { themeOnly = false } = {}) {
  const warn = (error: unknown) => kernel.logger.warn('The secure frame did not take the theme or site data.', error)
  frame.request('APP_SYNC_THEME', frameTheme(kernel)).catch(warn)
  const metadata = siteMetadata(kernel.options.metadata)
  if (!themeOnly && metadata) frame.request('APP_SYNC_DAPP_DATA', { metadata }).catch(warn)
}
