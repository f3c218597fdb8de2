// ERC-7715 requests as the wallet checks them and the delegations they become, without a chain: what is refused,
// the caveats' terms, the context's encoding and the plain words. What the chain does with them is
// delegation.integration.test.ts.
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'

import { ENFORCERS } from './delegationFramework.mjs'
import {
  caveatsOf,
  delegationOf,
  delegationOfContext,
  delegationTypedData,
  parsePermissionRequest,
  permissionContextOf,
  signedDelegation,
  summarizeGrant,
} from './permissions.mjs'

const NOW = Date.UTC(2026, 5, 1)
const SECONDS = NOW / 1000
const account = privateKeyToAccount(generatePrivateKey())
const session = privateKeyToAccount(generatePrivateKey()).address
const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const periodic = { type: 'erc20-token-periodic', data: { tokenAddress: token, periodAmount: '0x989680', periodDuration: 86_400 } }
const request = (overrides: Record<string, unknown> = {}) => ({
  chainId: '0x7a69',
  expiry: SECONDS + 30 * 86_400,
  signer: { type: 'wallet' },
  permissions: [periodic],
  ...overrides,
})
const parse = (value: unknown, context: { sessionAddress?: `0x${string}` } = { sessionAddress: session }) =>
  parsePermissionRequest(value, { chainId: 31337, account: account.address, now: NOW, ...context })

describe('wallet_grantPermissions requests', () => {
  it.each([
    ['another chain', request({ chainId: '0x1' }), 'chainId must be the current network’s'],
    ['an expiry passed', request({ expiry: SECONDS - 1 }), 'expiry must be within a year from now'],
    ['an expiry beyond a year', request({ expiry: SECONDS + 366 * 86_400 }), 'expiry must be within a year from now'],
    ['two permissions', request({ permissions: [periodic, periodic] }), 'exactly one permission per request'],
    [
      'an unknown permission type',
      request({ permissions: [{ type: 'native-token-stream', data: {} }] }),
      'this wallet grants erc20-token-periodic and contract-call permissions, not native-token-stream',
    ],
    ['a zero amount', request({ permissions: [{ ...periodic, data: { ...periodic.data, periodAmount: '0x0' } }] }), 'an amount above 0'],
    [
      'a start after the expiry',
      request({ permissions: [{ ...periodic, data: { ...periodic.data, startTime: SECONDS + 31 * 86_400 } }] }),
      'startTime must be before expiry',
    ],
    ['another account', request({ address: session }), "not this wallet's address"],
    [
      'the account as its own signer',
      request({ signer: { type: 'account', data: { address: account.address } } }),
      'the signer cannot be the account itself',
    ],
    [
      'a method that is no function',
      request({ permissions: [{ type: 'contract-call', data: { address: token, functions: ['transfer'] } }] }),
      'a 4-byte selector or a function signature',
    ],
  ])('refuses %s with INVALID_REQUEST', (_what, value, message) => {
    expect(() => parse(value)).toThrow(expect.objectContaining({ code: 'INVALID_REQUEST', message: expect.stringContaining(message) }))
  })

  it('a wallet signer needs the session key the frame made in this browser', () => {
    expect(() => parse(request(), {})).toThrow('a wallet signer needs this browser’s session key')
    expect(parse(request()).delegate).toBe(session)
  })

  it('a key signer redeems from the address of its public key', () => {
    const key = privateKeyToAccount(generatePrivateKey())
    expect(parse(request({ signer: { type: 'key', data: { type: 'secp256k1', publicKey: key.publicKey } } })).delegate).toBe(key.address)
  })
})

describe('the delegation a grant becomes', () => {
  it('a periodic allowance: the period enforcer with token, amount, period and start, then the expiry', () => {
    const [period, until] = caveatsOf(parse(request()), NOW)
    expect(period).toEqual({
      enforcer: ENFORCERS.erc20PeriodTransfer,
      terms: `${token.toLowerCase()}${'989680'.padStart(64, '0')}${(86_400).toString(16).padStart(64, '0')}${SECONDS.toString(16).padStart(64, '0')}`,
      args: '0x',
    })
    expect(until).toEqual({
      enforcer: ENFORCERS.timestamp,
      terms: `0x${'0'.repeat(32)}${(SECONDS + 30 * 86_400).toString(16).padStart(32, '0')}`,
      args: '0x',
    })
  })

  it('a contract call: that contract, those selectors (a signature becomes its selector), no ETH, the expiry', () => {
    const grant = parse(
      request({
        permissions: [{ type: 'contract-call', data: { address: token, functions: ['transfer(address,uint256)', '0x095EA7B3'] } }],
      }),
    )
    expect(caveatsOf(grant, NOW).map(({ enforcer, terms }) => [enforcer, terms])).toEqual([
      [ENFORCERS.allowedTargets, token.toLowerCase()],
      [ENFORCERS.allowedMethods, '0xa9059cbb095ea7b3'],
      [ENFORCERS.valueLte, `0x${'0'.repeat(64)}`],
      [ENFORCERS.timestamp, expect.stringMatching(/^0x0{32}/)],
    ])
  })

  it('two equal grants are two delegations (their salts differ), and a context decodes to the delegation it carries', async () => {
    const grant = parse(request())
    const [first, second] = [delegationOf(grant, NOW), delegationOf(grant, NOW)]
    expect(first.salt).not.toBe(second.salt)
    const signed = await signedDelegation(first, 31337, await account.signTypedData(delegationTypedData(first, 31337)))
    expect(delegationOfContext(permissionContextOf(signed))).toEqual({ ...signed, delegate: session, delegator: account.address })
    expect(() => delegationOfContext('0x1234')).toThrow('permissionsContext is not a permission this wallet granted')
  })
})

describe('the grant in plain words', () => {
  it('names the amount in the token’s units, the period, the account, the end, and that it can be revoked', () => {
    expect(summarizeGrant(parse(request()), { symbol: 'USDC', decimals: 6 })).toBe(
      `This site, through this wallet in this browser, may spend up to 10 USDC (${token}) a day from your account ${account.address}, without asking you each time, until 2026-07-01 00:00 UTC.\nAnything beyond that is refused on chain. You can revoke it at any time.`,
    )
  })

  it('a token that does not answer is named in raw units; a period that is no whole day is said in hours', () => {
    const grant = parse(request({ permissions: [{ ...periodic, data: { ...periodic.data, periodDuration: 7200 } }] }))
    expect(summarizeGrant(grant)).toContain(`spend up to 10000000 units of the token (${token}) every 2 hours`)
  })
})
