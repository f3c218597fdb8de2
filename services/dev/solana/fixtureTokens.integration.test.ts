// The fixture USDC against a real local node, read back with the unmodified @solana/kit RPC client. One node for
// this file on a free port; each restart test starts its own.
import {
  type Address,
  type Rpc,
  type SolanaRpcApi,
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  generateKeyPairSigner,
} from '@solana/kit'
import { TOKEN_PROGRAM_ADDRESS, findAssociatedTokenPda } from '@solana-program/token'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  DEV_WALLET_ADDRESS,
  FIXTURE_TOKEN_AMOUNT,
  LOCAL_USDC_DECIMALS,
  LOCAL_USDC_MINT,
  LOCAL_USDC_MINT_KEYPAIR,
  type SolanaRpcNode,
  TEST_WALLET_ADDRESS,
  mintFixtureTokens,
  startSolanaRpc,
} from './index.mjs'

const FUNDED = 10_000_000_000n // 10 SOL

let node: SolanaRpcNode
let rpc: Rpc<SolanaRpcApi>
const internalErrors: string[] = []

beforeAll(async () => {
  node = await startSolanaRpc({
    port: 0,
    fund: [{ address: DEV_WALLET_ADDRESS, lamports: FUNDED }],
    log: (message) => internalErrors.push(message),
  })
  rpc = createSolanaRpc(node.url)
})

afterAll(async () => {
  await node?.stop()
  expect(internalErrors).toEqual([])
})

/** Every token account the owner holds of the fixture mint, with its balance. */
async function usdcAccounts(owner: Address) {
  const { value } = await rpc.getTokenAccountsByOwner(owner, { mint: LOCAL_USDC_MINT }, { encoding: 'jsonParsed' }).send()
  return value.map(({ pubkey, account }) => ({ pubkey, amount: account.data.parsed.info.tokenAmount.amount }))
}

describe('fixture USDC', () => {
  it('the mint address is the public key of the committed mint keypair', async () => {
    const signer = await createKeyPairSignerFromBytes(new Uint8Array(LOCAL_USDC_MINT_KEYPAIR))
    expect(signer.address).toBe(LOCAL_USDC_MINT)
  })

  it('creates USDC with 6 decimals, the dev wallet as mint authority, and 1000 USDC in each holder ATA', async () => {
    const holder = (await generateKeyPairSigner()).address
    const result = await mintFixtureTokens(node.url, { holders: [DEV_WALLET_ADDRESS, holder, holder] })
    expect(result.mint).toBe(LOCAL_USDC_MINT)
    expect(result.decimals).toBe(6)
    expect(FIXTURE_TOKEN_AMOUNT).toBe(1_000_000_000n)

    const mintInfo = await rpc.getAccountInfo(LOCAL_USDC_MINT, { encoding: 'jsonParsed' }).send()
    expect(mintInfo.value?.owner).toBe(TOKEN_PROGRAM_ADDRESS)
    expect(mintInfo.value?.data).toMatchObject({
      program: 'spl-token',
      parsed: {
        type: 'mint',
        info: {
          decimals: LOCAL_USDC_DECIMALS,
          mintAuthority: DEV_WALLET_ADDRESS,
          freezeAuthority: null,
          supply: '2000000000',
          isInitialized: true,
        },
      },
    })

    // The duplicate holder counted once: one ATA, 1000 USDC.
    const [ata] = await findAssociatedTokenPda({ mint: LOCAL_USDC_MINT, owner: holder, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    expect(result.tokenAccounts[holder]).toBe(ata)
    expect(await usdcAccounts(holder)).toEqual([{ pubkey: ata, amount: '1000000000' }])
    const balance = await rpc.getTokenAccountBalance(ata).send()
    expect(balance.value).toEqual({ amount: '1000000000', decimals: 6, uiAmount: 1000, uiAmountString: '1000' })

    // Every signature it returns is confirmed and succeeded.
    const statuses = await rpc.getSignatureStatuses(result.signatures).send()
    expect(statuses.value.map((status) => status?.err)).toEqual(result.signatures.map(() => null))
  })

  it('a second call on the same node keeps the mint and mints again into the same ATAs', async () => {
    const holders = await Promise.all(Array.from({ length: 6 }, async () => (await generateKeyPairSigner()).address))
    const first = await mintFixtureTokens(node.url, { holders: holders.slice(0, 1), amount: 5 })
    // Six holders take two transactions (four per transaction); none creates the mint again.
    const second = await mintFixtureTokens(node.url, { holders, amount: 7n })
    expect(first.signatures).toHaveLength(1)
    expect(second.signatures).toHaveLength(2)
    expect(await usdcAccounts(holders[0]!)).toEqual([{ pubkey: first.tokenAccounts[holders[0]!], amount: '12' }])
    expect(await usdcAccounts(holders[5]!)).toEqual([{ pubkey: second.tokenAccounts[holders[5]!], amount: '7' }])
  })

  it('the mint has the same address on a restarted node', async () => {
    const restarted = await startSolanaRpc({ port: 0, fund: [{ address: DEV_WALLET_ADDRESS, lamports: FUNDED }] })
    try {
      const result = await mintFixtureTokens(restarted.url, { holders: [TEST_WALLET_ADDRESS] })
      expect(result.mint).toBe(LOCAL_USDC_MINT)
      const { value } = await createSolanaRpc(restarted.url)
        .getTokenAccountsByOwner(TEST_WALLET_ADDRESS, { mint: LOCAL_USDC_MINT }, { encoding: 'jsonParsed' })
        .send()
      expect(value.map(({ account }) => account.data.parsed.info.tokenAmount.uiAmountString)).toEqual(['1000'])
    } finally {
      await restarted.stop()
    }
  })

  it('an unfunded dev wallet fails with an error naming the step and the reason', async () => {
    const unfunded = await startSolanaRpc({ port: 0 })
    try {
      await expect(mintFixtureTokens(unfunded.url, { holders: [TEST_WALLET_ADDRESS] })).rejects.toThrow(
        /^Fixture USDC: creating the USDC mint \w+ and minting to \w+ was refused by http:\/\/127\.0\.0\.1:\d+: .*no record of a prior credit/,
      )
      // Nothing was created.
      expect((await createSolanaRpc(unfunded.url).getAccountInfo(LOCAL_USDC_MINT).send()).value).toBeNull()
    } finally {
      await unfunded.stop()
    }
  })

  it('bad holders or amounts are TypeErrors', async () => {
    await expect(mintFixtureTokens(node.url, { holders: ['not an address'] })).rejects.toThrow(TypeError)
    await expect(mintFixtureTokens(node.url, { holders: [TEST_WALLET_ADDRESS], amount: 0n })).rejects.toThrow(/amount must be/)
    await expect(mintFixtureTokens(node.url, { holders: [TEST_WALLET_ADDRESS], amount: 1.5 })).rejects.toThrow(/amount must be/)
    await expect(mintFixtureTokens(node.url, { holders: TEST_WALLET_ADDRESS as never })).rejects.toThrow(/holders must be an array/)
  })
})
