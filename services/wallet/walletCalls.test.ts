// rules §5's wallet-call entries, as the wallet service checks them before an approval is even offered: 'to' starts
// with 0x; 'data', when present, starts with 0x. No process runs: a database that refuses to be reached stands for
// the approval a valid call would create.
import { describe, expect, it } from 'vitest'
import { handleRpcRequest } from './rpc.mjs'

const OWN = '0x1111111111111111111111111111111111111111'
const OTHER = '0x2222222222222222222222222222222222222222'
const REACHED = 'the call was valid: its approval would be stored now'
const deps = {
  networks: [{ id: '31337', namespace: 'eip155', rpcUrl: 'http://127.0.0.1:9' }],
  now: () => Date.now(),
  database: {
    query: async () => {
      throw new Error(REACHED)
    },
  },
} as unknown as Parameters<typeof handleRpcRequest>[0]
const user = { id: 'user-1', evmAddress: OWN, chainId: '31337' } as unknown as Parameters<typeof handleRpcRequest>[1]

const send = (call: Record<string, unknown>) =>
  handleRpcRequest(deps, user, { method: 'eth_sendTransaction', params: [{ from: OWN, ...call }], chainId: '31337' })
const sendCalls = (call: Record<string, unknown>) =>
  handleRpcRequest(deps, user, { method: 'wallet_sendCalls', params: [{ calls: [call] }], chainId: '31337' })

describe('wallet-call entries (rules §5)', () => {
  it("a call whose 'to' does not start with 0x is refused before any approval", async () => {
    const unprefixed = OTHER.slice(2)
    await expect(send({ to: unprefixed })).rejects.toThrow(
      "Invalid params for eth_sendTransaction: 'to' must be an address starting with 0x",
    )
    await expect(sendCalls({ to: unprefixed })).rejects.toThrow(
      "Invalid params for wallet_sendCalls: 'to' must be an address starting with 0x",
    )
  })

  it("a call whose 'data' does not start with 0x is refused; without data, or with 0x data, it goes on to its approval", async () => {
    await expect(send({ to: OTHER, data: 'a9059cbb' })).rejects.toThrow("Invalid params for eth_sendTransaction: 'data' must start with 0x")
    await expect(sendCalls({ to: OTHER, data: 'a9059cbb' })).rejects.toThrow(
      "Invalid params for wallet_sendCalls: 'data' must start with 0x",
    )
    await expect(send({ to: OTHER })).rejects.toThrow(REACHED)
    await expect(send({ to: OTHER, data: '0xa9059cbb' })).rejects.toThrow(REACHED)
    await expect(sendCalls({ to: OTHER, data: '0x' })).rejects.toThrow(REACHED)
  })
})
