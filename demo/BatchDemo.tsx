import { useState } from 'react'
import type { Hex } from 'viem'
import type { Kernel } from 'foyer'
import { useAccount } from 'foyer/react'
import { localChains } from './localStack'

/** Anvil account #2: receives the demo batch's USDC; anvil #3 is allowed to spend some. Local chains only. */
const RECEIVER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const SPENDER = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'

type Provider = { request(args: { method: string; params?: unknown }): Promise<unknown> }
interface CallsStatus {
  status: number
  atomic: boolean
  receipts?: { transactionHash: Hex }[]
}

/**
 * EIP-5792 from a host page: asks the connected EVM wallet what it can batch (`wallet_getCapabilities`), sends an
 * approval and a USDC transfer as one batch (`wallet_sendCalls`), and follows it (`wallet_getCallsStatus`). The
 * embedded wallet's smart account runs the batch as one user operation; a plain account sends the calls in turn.
 */
export function BatchDemo({ kernel }: { kernel: Kernel }) {
  const { address, namespace, connectorId } = useAccount()
  const [atomic, setAtomic] = useState<string>()
  const [result, setResult] = useState<CallsStatus>()
  const [error, setError] = useState<string>()
  const [sending, setSending] = useState(false)
  if (namespace !== 'eip155' || !address || !connectorId) return null
  const provider = kernel.connectors.provider(connectorId, 'eip155') as Provider | undefined
  if (!provider) return null

  const send = async () => {
    setSending(true)
    setResult(undefined)
    setError(undefined)
    try {
      const chainId = (await provider.request({ method: 'eth_chainId' })) as Hex
      const capabilities = (await provider.request({ method: 'wallet_getCapabilities', params: [address, [chainId]] })) as Record<
        string,
        { atomic?: { status: string } }
      >
      setAtomic(capabilities[chainId]?.atomic?.status ?? 'unsupported')
      const usdc = localChains[String(Number.parseInt(chainId, 16))]?.usdc as Hex | undefined
      if (!usdc) throw new Error('No USDC on this chain')
      // viem on demand: a static import would put it before the demo's first paint.
      const { encodeFunctionData, erc20Abi, parseUnits } = await import('viem')
      const calls = [
        { to: usdc, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, parseUnits('2', 6)] }) },
        { to: usdc, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [RECEIVER, parseUnits('1', 6)] }) },
      ]
      const { id } = (await provider.request({
        method: 'wallet_sendCalls',
        params: [{ version: '2.0.0', chainId, from: address, atomicRequired: false, calls }],
      })) as { id: string }
      for (;;) {
        const status = (await provider.request({ method: 'wallet_getCallsStatus', params: [id] })) as CallsStatus
        if (status.status >= 200) return setResult(status)
        await new Promise((resolve) => setTimeout(resolve, 500))
      }
    } catch (caught) {
      setError(caught instanceof Error ? caught.message.split('\n')[0] : String(caught))
    } finally {
      setSending(false)
    }
  }

  return (
    <section aria-label="Batched calls (EIP-5792)">
      <button type="button" onClick={send} disabled={sending}>
        Send a batch (approve + transfer 1 USDC)
      </button>
      {atomic && (
        <p>
          Atomic batches: <code data-testid="batch-atomic-capability">{atomic}</code>
        </p>
      )}
      {result && (
        <dl>
          <dt>Batch status</dt>
          <dd data-testid="batch-status">{result.status}</dd>
          <dt>Atomic</dt>
          <dd data-testid="batch-atomic">{String(result.atomic)}</dd>
          <dt>Transactions</dt>
          <dd data-testid="batch-transactions">{(result.receipts ?? []).map((receipt) => receipt.transactionHash).join(' ')}</dd>
        </dl>
      )}
      {error && <p role="alert">Batch failed: {error}</p>}
    </section>
  )
}
