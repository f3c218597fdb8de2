import { useState } from 'react'
import { setThemeMode, type Kernel, type ThemeMode } from 'foyer'
import { ConnectButton, useAccount, useModal, useNativeBalance, useNetwork, useSignMessage } from 'foyer/react'
import { BatchDemo } from './BatchDemo'
import { TipDemo } from './TipDemo'
import { usePay } from 'foyer/plugins/pay/react'
import { localChains } from './localStack.js'

/** Who the demo's "Pay 10 USDC" pays: anvil's account #2, a merchant of the local chains. */
export const DEMO_MERCHANT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

/** A small host site: what a developer builds with the hooks the README documents. */
export function App({ kernel }: { kernel: Kernel }) {
  const { address, isConnected, status } = useAccount()
  const { network, networkId } = useNetwork()
  const balance = useNativeBalance()
  const { open } = useModal()
  const sign = useSignMessage()
  const [signature, setSignature] = useState<string>()
  const [signError, setSignError] = useState<string>()
  const [theme, setTheme] = useState<ThemeMode>('system')
  const payment = usePay()
  const payTenUsdc = () =>
    payment
      .pay({
        recipient: DEMO_MERCHANT,
        amount: '10',
        asset: `eip155:31337/erc20:${localChains[31337]!.usdc}`,
        metadata: { symbol: 'USDC', decimals: 6 },
      })
      .catch(() => {})

  const signHello = async () => {
    setSignature(undefined)
    setSignError(undefined)
    try {
      setSignature((await sign({ message: 'Hello from the Foyer demo' })).signature)
    } catch (error) {
      setSignError(error instanceof Error ? error.message.split('\n')[0] : String(error))
    }
  }

  return (
    <main>
      <header>
        <h1>Foyer demo</h1>
        <ConnectButton className="connect" />
      </header>
      <section aria-label="Connection">
        <dl>
          <dt>Status</dt>
          <dd data-testid="status">{status}</dd>
          <dt>Address</dt>
          <dd data-testid="address">{address ?? '—'}</dd>
          <dt>Network</dt>
          <dd data-testid="network">{network ? `${network.name} (${networkId})` : (networkId ?? '—')}</dd>
          <dt>Balance</dt>
          <dd data-testid="balance">
            {balance?.status === 'ready'
              ? `${balance.balance.formatted} ${balance.balance.symbol}`
              : balance?.status === 'loading'
                ? '…'
                : '—'}
          </dd>
        </dl>
      </section>
      <section aria-label="Open the modal at a view" className="buttons">
        <button type="button" onClick={() => open()}>
          Open
        </button>
        <button type="button" onClick={() => open({ view: 'Connect' })}>
          Open Connect
        </button>
        <button type="button" onClick={() => open({ view: 'Networks' })}>
          Open Networks
        </button>
        <button type="button" disabled={!isConnected} onClick={() => open({ view: 'Account' })}>
          Open Account
        </button>
        <button type="button" disabled={!isConnected} onClick={signHello}>
          Sign a message
        </button>
        <button type="button" onClick={payTenUsdc}>
          Pay 10 USDC
        </button>
      </section>
      {payment.status === 'success' && (
        <p>
          Paid: <code data-testid="pay-hash">{payment.result?.hash}</code>
        </p>
      )}
      {payment.status === 'error' && <p role="alert">Payment failed: {payment.error?.message.split('\n')[0]}</p>}
      {signature && (
        <p>
          Signature: <code data-testid="signature">{signature}</code>
        </p>
      )}
      {signError && <p role="alert">Signing failed: {signError}</p>}
      <BatchDemo kernel={kernel} />
      <TipDemo kernel={kernel} />
      <fieldset>
        <legend>Theme</legend>
        {(['light', 'dark', 'system'] as const).map((mode) => (
          <label key={mode}>
            <input
              type="radio"
              name="theme"
              checked={theme === mode}
              onChange={() => {
                setTheme(mode)
                setThemeMode(kernel, mode)
              }}
            />
            {mode}
          </label>
        ))}
      </fieldset>
      <LanguagePicker kernel={kernel} />
    </main>
  )
}

/** The languages Foyer ships, each named in itself, so a visitor finds their own whatever the page shows. */
const LANGUAGES = [
  ['en', 'English'],
  ['es', 'Español'],
  ['fr', 'Français'],
  ['de', 'Deutsch'],
  ['pt-BR', 'Português (Brasil)'],
  ['ja', '日本語'],
  ['zh-CN', '简体中文'],
  ['ar', 'العربية'],
] as const

/** The modal follows the browser's languages until the visitor picks one here. */
function LanguagePicker({ kernel }: { kernel: Kernel }) {
  const [choice, setChoice] = useState('browser')
  const choose = (value: string) => {
    setChoice(value)
    const switched = value === 'browser' ? kernel.i18n.setPreferredLocale(navigator.languages) : kernel.i18n.setLocale(value)
    switched.catch(() => {})
  }
  return (
    <label className="language">
      Language{' '}
      <select value={choice} onChange={(event) => choose(event.target.value)}>
        <option value="browser">The browser's ({navigator.languages[0] ?? 'en'})</option>
        {LANGUAGES.map(([tag, name]) => (
          <option key={tag} value={tag} lang={tag}>
            {name}
          </option>
        ))}
      </select>
    </label>
  )
}
