import { useState, type FormEvent } from 'react'
import { formatEther, isAddress, parseEther } from 'viem'
import {
  useAccount,
  useBalance,
  useConnect,
  useDisconnect,
  useSendTransaction,
  useSignMessage,
  useSwitchChain,
  useWaitForTransactionReceipt,
} from 'wagmi'
import { ConnectButton } from 'foyer/react'

/** The app's own code: wagmi hooks only, as it had with RainbowKit. Foyer's ConnectButton replaces RainbowKit's. */
export function App() {
  const { address, chainId, status } = useAccount()
  const balance = useBalance({ address })
  const { connect, connectors, error: connectError } = useConnect()
  const { disconnect } = useDisconnect()
  const { signMessageAsync } = useSignMessage()
  const { sendTransaction, data: hash, error: sendError } = useSendTransaction()
  const receipt = useWaitForTransactionReceipt({ hash })
  const { chains, switchChain, error: switchError } = useSwitchChain()
  const [signature, setSignature] = useState<string>()
  const [to, setTo] = useState('')
  const [amount, setAmount] = useState('0.5')
  const connected = status === 'connected'

  const sign = async () => setSignature(await signMessageAsync({ message: 'Hello from wagmi through Foyer' }))
  const send = (event: FormEvent) => {
    event.preventDefault()
    if (isAddress(to)) sendTransaction({ to, value: parseEther(amount) })
  }
  const error = connectError ?? sendError ?? switchError

  return (
    <main>
      <header>
        <h1>wagmi + Foyer</h1>
        <ConnectButton className="connect" />
      </header>
      <section aria-label="wagmi">
        <dl>
          <dt>Status</dt>
          <dd data-testid="status">{status}</dd>
          <dt>Address</dt>
          <dd data-testid="address">{address ?? '—'}</dd>
          <dt>Chain</dt>
          <dd data-testid="chain">{chainId ?? '—'}</dd>
          <dt>Balance</dt>
          <dd data-testid="balance">{balance.data ? `${formatEther(balance.data.value)} ${balance.data.symbol}` : '—'}</dd>
        </dl>
      </section>
      <section aria-label="Actions" className="buttons">
        <button type="button" disabled={connected} onClick={() => connect({ connector: connectors[0]! })}>
          Connect with wagmi
        </button>
        <button type="button" disabled={!connected} onClick={sign}>
          Sign a message
        </button>
        {chains.map((chain) => (
          <button
            key={chain.id}
            type="button"
            disabled={!connected || chain.id === chainId}
            onClick={() => switchChain({ chainId: chain.id })}
          >
            Switch to {chain.id}
          </button>
        ))}
        <button type="button" disabled={!connected} onClick={() => disconnect()}>
          Disconnect with wagmi
        </button>
      </section>
      <form onSubmit={send} className="buttons">
        <label>
          To <input value={to} onChange={(event) => setTo(event.target.value)} placeholder="0x…" />
        </label>
        <label>
          ETH <input value={amount} onChange={(event) => setAmount(event.target.value)} />
        </label>
        <button type="submit" disabled={!connected}>
          Send
        </button>
      </form>
      {signature && (
        <p>
          Signature: <code data-testid="signature">{signature}</code>
        </p>
      )}
      {hash && (
        <p>
          Transaction: <code data-testid="hash">{hash}</code> <span data-testid="receipt">{receipt.data?.status ?? 'pending'}</span>
        </p>
      )}
      {error && <p role="alert">{error.message.split('\n')[0]}</p>}
    </main>
  )
}
