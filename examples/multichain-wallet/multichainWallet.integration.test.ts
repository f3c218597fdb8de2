// The third-party connector plugin in a real kernel with both real chains: anvil for EVM, the
// local SVM for Solana. Through the public entries only, as a host would use them.
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { getBase58Encoder, getPublicKeyFromAddress, getUtf8Encoder, verifySignature, type Address } from '@solana/kit'
import { verifyMessage } from 'viem'
import { describe, expect, it } from 'vitest'
import { connect, disconnect, signMessage, type Kernel } from 'foyer'
import { evm } from 'foyer/chains/evm'
import { solana } from 'foyer/chains/solana'
import { ANVIL_ACCOUNTS } from '../../services/dev/devchain/index.mjs'
import { DEV_WALLET_ADDRESS, DEV_WALLET_KEYPAIR } from '../../services/dev/solana/index.mjs'
import { importsOf, isSourceFile } from '../../test/boundaries.js'
import { useAnvil, useSolanaNode } from '../../test/chainSetup.js'
import { createEip1193Wallet } from '../../test/eip1193Wallet.js'
import { testKernel } from '../../test/fixtures.js'
import { createSolanaWallet } from '../../test/solanaWallet.js'
import { multichainWallet, type MultichainWallet } from './index.js'

const { anvil, local } = useAnvil()
const solanaNode = useSolanaNode({ fund: [{ address: DEV_WALLET_ADDRESS, lamports: 10n ** 9n }] })

function setup() {
  const ethereum = createEip1193Wallet({ privateKey: ANVIL_ACCOUNTS[0]!.privateKey, rpcUrl: anvil.url })
  const solanaSide = createSolanaWallet({ name: 'Both Wallet', keypair: DEV_WALLET_KEYPAIR })
  const wallet: MultichainWallet = { id: 'example.both', name: 'Both Wallet', ethereum, solana: solanaSide.wallet }
  const kernel = testKernel({
    plugins: [evm({ networks: [local] }), solana({ networks: [solanaNode.local] }), multichainWallet({ wallet })],
  })
  solanaNode.cleanups.push(() => kernel.destroy())
  return { kernel, ethereum, solanaSide }
}

const namespaces = (kernel: Kernel) => kernel.store.getState().connection.namespaces

describe('examples/multichain-wallet: one connector from a plugin that is not a chain', () => {
  it('is listed once, serving both namespaces', () => {
    const { kernel } = setup()
    expect(kernel.store.getState().connection.connectors).toContainEqual({
      id: 'example.both',
      name: 'Both Wallet',
      namespaces: ['eip155', 'solana'],
      type: 'injected',
      installed: true,
    })
  })

  it('one connect connects the EVM account on anvil and the Solana account on the local SVM', async () => {
    const { kernel } = setup()
    // The Solana chain's wallet side loads a task after the kernel starts.
    await new Promise((resolve) => setTimeout(resolve, 0))
    const result = await connect(kernel, { connectorId: 'example.both' })
    expect(result.namespaces).toEqual(['eip155', 'solana'])
    expect(namespaces(kernel)['eip155']).toMatchObject({
      status: 'connected',
      connectorId: 'example.both',
      address: ANVIL_ACCOUNTS[0]!.address,
      networkId: 'eip155:31337',
    })
    expect(namespaces(kernel)['solana']).toMatchObject({ status: 'connected', connectorId: 'example.both', address: DEV_WALLET_ADDRESS })
    // The Account view shows the connector's first namespace.
    expect(kernel.store.getState().connection.activeNamespace).toBe('eip155')

    // Each chain signs through its own side of the one wallet.
    const evmSigned = await signMessage(kernel, { message: 'both', namespace: 'eip155' })
    await expect(
      verifyMessage({ address: ANVIL_ACCOUNTS[0]!.address, message: 'both', signature: evmSigned.signature as `0x${string}` }),
    ).resolves.toBe(true)
    const solanaSigned = await signMessage(kernel, { message: 'both', namespace: 'solana' })
    const publicKey = await getPublicKeyFromAddress(DEV_WALLET_ADDRESS as Address)
    await expect(
      verifySignature(publicKey, getBase58Encoder().encode(solanaSigned.signature) as never, getUtf8Encoder().encode('both') as never),
    ).resolves.toBe(true)

    await disconnect(kernel)
    expect(namespaces(kernel)['eip155']?.status).toBe('disconnected')
    expect(namespaces(kernel)['solana']?.status).toBe('disconnected')
  })

  it("a refusal on the Solana side is 'Connection rejected' for solana; the EVM side stays connected", async () => {
    const { kernel, solanaSide } = setup()
    await new Promise((resolve) => setTimeout(resolve, 0))
    solanaSide.answers.set('standard:connect', 'reject')
    await expect(connect(kernel, { connectorId: 'example.both' })).rejects.toThrow('Connection rejected')
    expect(namespaces(kernel)['eip155']?.status).toBe('connected')
    expect(namespaces(kernel)['solana']).toMatchObject({ status: 'disconnected', error: 'Connection rejected' })
  })

  it('imports nothing but the public entries', () => {
    const dir = fileURLToPath(new URL('.', import.meta.url))
    const sources = readdirSync(dir).filter(isSourceFile)
    expect(sources).toEqual(['index.ts'])
    for (const file of sources) {
      for (const specifier of importsOf(readFileSync(`${dir}${file}`, 'utf8')))
        expect(specifier).toMatch(/^foyer(\/chains\/(evm|solana))?$/)
    }
  })
})
