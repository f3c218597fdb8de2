import { useConnection, useWallet } from '@solana/wallet-adapter-react'
import { useEffect, useState } from 'react'
import { ConnectButton } from 'foyer/react'

const LAMPORTS_PER_SOL = 1_000_000_000

/** The app's own code: wallet-adapter hooks only. Foyer's ConnectButton replaces WalletMultiButton. */
export function App() {
  const { publicKey, connected, wallet, signMessage, disconnect } = useWallet()
  const { connection } = useConnection()
  const [balance, setBalance] = useState<number>()
  const [signature, setSignature] = useState<string>()
  const [error, setError] = useState<string>()

  useEffect(() => {
    setBalance(undefined)
    if (!publicKey) return
    let current = true
    connection.getBalance(publicKey).then(
      (lamports) => current && setBalance(lamports),
      (failure: Error) => setError(failure.message),
    )
    return () => {
      current = false
    }
  }, [connection, publicKey])

  const sign = async () => {
    setError(undefined)
    try {
      const signed = await signMessage!(new TextEncoder().encode('Hello from wallet-adapter through Foyer'))
      setSignature([...signed].map((byte) => byte.toString(16).padStart(2, '0')).join(''))
    } catch (failure) {
      setError((failure as Error).message)
    }
  }

  return (
    <main>
      <header>
        <h1>wallet-adapter + Foyer</h1>
        <ConnectButton className="connect" />
      </header>
      <section aria-label="wallet-adapter">
        <dl>
          <dt>Wallet</dt>
          <dd data-testid="wallet">{wallet?.adapter.name ?? '—'}</dd>
          <dt>Connected</dt>
          <dd data-testid="connected">{String(connected)}</dd>
          <dt>Public key</dt>
          <dd data-testid="public-key">{publicKey?.toBase58() ?? '—'}</dd>
          <dt>Balance</dt>
          <dd data-testid="balance">{balance === undefined ? '—' : `${balance / LAMPORTS_PER_SOL} SOL`}</dd>
        </dl>
      </section>
      <section aria-label="Actions" className="buttons">
        <button type="button" disabled={!connected || !signMessage} onClick={sign}>
          Sign a message
        </button>
        <button type="button" disabled={!connected} onClick={() => void disconnect()}>
          Disconnect with wallet-adapter
        </button>
      </section>
      {signature && (
        <p>
          Signature: <code data-testid="signature">{signature}</code>
        </p>
      )}
      {error && <p role="alert">{error}</p>}
    </main>
  )
}
