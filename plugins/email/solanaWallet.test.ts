import { describe, expect, it, vi } from 'vitest'
import type { EmbeddedWallet } from './embeddedWallet.js'
import { encodeBase58 } from 'foyer/protocol'
import { EmbeddedWalletError } from './frameClient.js'
import { createSolanaWallet } from './solanaWallet.js'

const NETWORK = 'solana:FgvtmNHsLczMT6x5ny9wkdSW7Mo7aBFd'
const ADDRESS = encodeBase58(new Uint8Array(32).fill(7))

function setup(answer: () => Promise<unknown>) {
  const request = vi.fn(answer)
  const wallet = { frame: { request } } as unknown as EmbeddedWallet
  const onNotAllowed = vi.fn()
  const solana = createSolanaWallet(wallet, { chainId: () => NETWORK, onNotAllowed })
  const account = { address: ADDRESS, publicKey: new Uint8Array(32).fill(7), chains: [], features: [] }
  return { solana, request, onNotAllowed, account }
}

describe('the embedded wallet on Solana', () => {
  it('a signature request names the Solana network, so the frame does not take its current EVM chain', async () => {
    const { solana, request, account } = setup(async () => ({ signature: encodeBase58(new Uint8Array(64).fill(1)) }))
    const [output] = await solana.features['solana:signMessage'].signMessage({ account, message: new TextEncoder().encode('Hi') })
    expect(request).toHaveBeenCalledWith('APP_RPC_REQUEST', {
      method: 'solana_signMessage',
      params: { message: encodeBase58(new TextEncoder().encode('Hi')), pubkey: ADDRESS },
      chainId: NETWORK,
    })
    expect(output?.signature).toEqual(new Uint8Array(64).fill(1))
  })

  it("a request the wallet refuses shows 'Action not allowed' and still rejects", async () => {
    const refusal = new EmbeddedWalletError('Requested RPC call is not allowed', { frameCode: 'NOT_ALLOWED', code: 4200 })
    const { solana, onNotAllowed } = setup(() => Promise.reject(refusal))
    await expect(solana.features['solana:signTransaction'].signTransaction({ transaction: new Uint8Array([1, 2]) })).rejects.toBe(refusal)
    expect(onNotAllowed).toHaveBeenCalledOnce()
  })
})
