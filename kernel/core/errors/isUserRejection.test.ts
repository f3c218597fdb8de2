import { describe, expect, it } from 'vitest'

import { isUserRejection } from './isUserRejection.js'

describe('isUserRejection', () => {
  it.each([
    ['EIP-1193 code 4001', { code: 4001, message: 'whatever' }],
    ['ethers ACTION_REJECTED', { code: 'ACTION_REJECTED' }],
    ['a UserRejected error name', { name: 'UserRejectedRequestError' }],
    ['a Solana wallet message', new Error('User rejected the request.')],
    ['"user denied"', new Error('MetaMask Tx Signature: User denied transaction signature.')],
    ['"user cancelled"', new Error('User cancelled')],
  ])('%s is a rejection', (_, error) => {
    expect(isUserRejection(error)).toBe(true)
  })

  it.each([
    ['another code', { code: 4100, message: 'Unauthorized' }],
    ['a network failure', new Error('Failed to fetch')],
    ['a string', 'User rejected the request.'],
    ['null', null],
    ['undefined', undefined],
  ])('%s is not a rejection', (_, error) => {
    expect(isUserRejection(error)).toBe(false)
  })
})
