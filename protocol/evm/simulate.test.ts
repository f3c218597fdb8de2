// The parts of a node's eth_simulateV1 answer that anvil's fixtures do not produce (ERC-1155 logs, panics, custom
// errors, malformed answers), read from answers written here in the method's own shape.
import { encodeAbiParameters, encodeErrorResult, pad, parseAbi, toEventSelector } from 'viem'
import { describe, expect, it } from 'vitest'

import { simulateCalls, type SimulationRequest } from './simulate.mjs'

const account = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const other = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'
const game = '0x5fbdb2315678afecb367f032d93f642f64180aa3'
const topic = (address: string) => pad(address as `0x${string}`)

/** A node answering eth_simulateV1 with `calls` and eth_call (symbol, decimals) with nothing. */
const node =
  (calls: unknown[]): SimulationRequest =>
  async ({ method }) =>
    method === 'eth_simulateV1' ? [{ calls }] : '0x'

describe('simulateCalls', () => {
  it('nets ERC-1155 single and batch transfers per id', async () => {
    const single = {
      address: game,
      topics: [toEventSelector('TransferSingle(address,address,address,uint256,uint256)'), topic(other), topic(account), topic(other)],
      data: encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [7n, 3n]),
    }
    const batch = {
      address: game,
      topics: [toEventSelector('TransferBatch(address,address,address,uint256[],uint256[])'), topic(other), topic(other), topic(account)],
      data: encodeAbiParameters(
        [{ type: 'uint256[]' }, { type: 'uint256[]' }],
        [
          [7n, 8n],
          [2n, 5n],
        ],
      ),
    }
    const simulation = await simulateCalls({ request: node([{ status: '0x1', logs: [single, batch] }]), account, calls: [{ to: game }] })
    expect(simulation).toEqual({
      status: 'ok',
      outgoing: [{ kind: 'erc1155', token: game, tokenId: 7n, amount: 1n, symbol: '0x5fbd…0aa3', decimals: 0 }],
      incoming: [{ kind: 'erc1155', token: game, tokenId: 8n, amount: 5n, symbol: '0x5fbd…0aa3', decimals: 0 }],
      allowances: [],
    })
  })

  it('names a panic by its code and a custom error by its selector', async () => {
    const panic = encodeErrorResult({ abi: parseAbi(['error Panic(uint256)']), errorName: 'Panic', args: [0x11n] })
    expect(
      await simulateCalls({ request: node([{ status: '0x0', returnData: panic, logs: [] }]), account, calls: [{ to: game }] }),
    ).toEqual({
      status: 'reverts',
      callIndex: 0,
      reason: 'Panic 0x11',
    })
    const custom = encodeErrorResult({ abi: parseAbi(['error NotOwner(address caller)']), errorName: 'NotOwner', args: [account] })
    const reverts = await simulateCalls({
      request: node([
        { status: '0x1', logs: [] },
        { status: '0x0', returnData: custom, logs: [] },
      ]),
      account,
      calls: [{ to: game }, { to: game }],
    })
    expect(reverts).toEqual({ status: 'reverts', callIndex: 1, reason: `Custom error ${custom.slice(0, 10)}` })
  })

  it('says it cannot simulate when the answer lacks a result per call, or the node fails', async () => {
    expect(await simulateCalls({ request: node([]), account, calls: [{ to: game }] })).toMatchObject({ status: 'unavailable' })
    const down: SimulationRequest = async () => {
      throw new Error('fetch failed')
    }
    expect(await simulateCalls({ request: down, account, calls: [{ to: game }] })).toEqual({
      status: 'unavailable',
      reason: 'fetch failed',
    })
  })
})
