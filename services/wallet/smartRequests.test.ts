import { describe, expect, it } from 'vitest'
import { checkSmartRequest } from './smartRequests.mjs'

const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const ENTRY_POINT = '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108'
const operation = [{ sender: ACCOUNT, callData: '0x' }, ENTRY_POINT]

/** Where eth_sendUserOperation is refused before any approval: a wallet with no counterfactual smart account there. */
function refusal(accountMode: 'eip7702' | 'erc4337', eip7702: boolean) {
  const network = { namespace: 'eip155', id: 31337, eip7702 }
  const user = { evmAddress: ACCOUNT, accountMode }
  const deps = {} as Parameters<typeof checkSmartRequest>[0]
  const where = { network, evm: { address: ACCOUNT } } as unknown as Parameters<typeof checkSmartRequest>[4]
  return checkSmartRequest(deps, user as Parameters<typeof checkSmartRequest>[1], 'eth_sendUserOperation', operation, where)
}

describe('eth_sendUserOperation for an account with no ERC-4337 smart account', () => {
  it('an EIP-7702 wallet is told it is a smart account at its own address, and what to send instead', async () => {
    await expect(refusal('eip7702', true)).rejects.toMatchObject({
      code: 'UNSUPPORTED_ACCOUNT_TYPE',
      message: 'eth_sendUserOperation: this account is a smart account at its own address; send its calls with wallet_sendCalls',
    })
  })

  it('elsewhere, that the network has no smart accounts', async () => {
    await expect(refusal('erc4337', false)).rejects.toMatchObject({
      code: 'UNSUPPORTED_ACCOUNT_TYPE',
      message: 'Smart accounts are not available on this network',
    })
  })
})
