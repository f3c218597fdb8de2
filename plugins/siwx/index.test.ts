import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { connect, disconnect, switchNetwork, type Kernel } from 'foyer'
import { staticGraph } from '../../test/boundaries.js'
import { memorySiwxVerifier } from '../../test/memorySiwxVerifier.js'
import { testAddresses, testChain, testKernel, testNetwork } from '../../test/fixtures.js'
import { siwx, type SiwxSession } from './index.js'
import { signIn } from './signIn.js'
import { parseSignInMessage } from 'foyer/protocol/evm'

const root = new URL('../../', import.meta.url).pathname
const EVM = testAddresses.eip155[0]

const memoryVerifier = memorySiwxVerifier

/** Waits until the SignIn view is on screen. */
async function signInShown(kernel: Kernel) {
  await vi.waitFor(() => expect(kernel.router.current().view).toBe('SignIn'))
}

beforeEach(() => {
  vi.stubGlobal('location', new URL('http://127.0.0.1:5173/'))
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the foyer/plugins/siwx manifest', () => {
  it('loads none of the lazy modules, so the entry stays one small file', () => {
    const { files } = staticGraph(root, 'plugins/siwx/index.ts')
    const own = [...files].filter((file) => file.startsWith('plugins/siwx/'))
    expect(own.sort()).toEqual(['plugins/siwx/index.ts', 'plugins/siwx/locales.ts'])
  })

  it('rules §1: siwx and siweConfig together fail with the exact error; bad options are named', () => {
    const siweConfig = {
      getNonce: async () => 'x',
      verifyMessage: async () => true,
      getSession: async () => null,
      signOut: async () => true,
    }
    expect(() => siwx({ siwx: memoryVerifier(), siweConfig })).toThrow('Cannot set both `siweConfig` and `siwx` options')
    expect(() => siwx({ expiresInMs: 0 })).toThrow('Invalid Foyer options')
    expect(() => siwx({ statement: 'two\nlines' })).toThrow('Invalid Foyer options')
  })

  it('without a verifier or services.api it stays idle: connecting asks nothing', async () => {
    const kernel = testKernel({ plugins: [testChain(), siwx()] })
    expect(kernel.isViewAvailable('SignIn')).toBe(false)
    await connect(kernel, { connectorId: 'test-wallet-eip155' })
    expect(kernel.store.getState().modal.open).toBe(false)
  })
})

describe('signing in after connect', () => {
  it('connect waits for the sign-in; signing keeps a session with every rules §3 field, and connect resolves', async () => {
    const verifier = memoryVerifier()
    const kernel = testKernel({
      metadata: { name: 'Demo', description: '', url: '', icons: [] },
      plugins: [testChain(), siwx({ siwx: verifier })],
    })
    const signedIn = vi.fn()
    kernel.bus.on('siwx:signed-in', signedIn)
    let connected = false
    const connecting = connect(kernel, { connectorId: 'test-wallet-eip155' }).then(() => (connected = true))
    await signInShown(kernel)
    expect(connected).toBe(false)
    await signIn(kernel, { namespace: 'eip155' })
    kernel.router.finish(true)
    await connecting

    expect(verifier.sessions).toHaveLength(1)
    const [{ data, message, signature }] = verifier.sessions as [SiwxSession]
    expect(data).toMatchObject({
      accountAddress: EVM,
      chainId: 'eip155:1',
      domain: '127.0.0.1:5173',
      uri: 'http://127.0.0.1:5173',
      version: '1',
      nonce: 'nonce12345678',
      statement: 'Sign in to Demo.',
    })
    expect(Date.parse(data.expirationTime!) - Date.parse(data.issuedAt!)).toBe(86_400_000)
    expect(message).toBe(data.serializedMessage)
    expect(parseSignInMessage(message)).toMatchObject({
      accountAddress: expect.stringMatching(new RegExp(EVM, 'i')),
      chainId: 'eip155:1',
      nonce: 'nonce12345678',
    })
    expect(signature).toMatch(/^0x/)
    expect(signedIn).toHaveBeenCalledWith({ namespace: 'eip155', chainId: 'eip155:1', address: EVM })
    expect(kernel.store.getState().modal.open).toBe(false)
  })

  it('an account with a live session is not asked (a reload)', async () => {
    const verifier = memoryVerifier()
    verifier.sessions.push({ data: { accountAddress: EVM, chainId: 'eip155:1' }, message: 'm', signature: 's' })
    const chain = testChain()
    const kernel = testKernel({ plugins: [chain, siwx({ siwx: verifier })] })
    await connect(kernel, { connectorId: 'test-wallet-eip155' })
    expect(kernel.store.getState().modal.open).toBe(false)
    expect(chain.wallet.calls.signMessage).toBe(0)
  })

  it('optional mode: declining keeps the wallet connected and is not asked again in this connection', async () => {
    const kernel = testKernel({ plugins: [testChain(), siwx({ siwx: memoryVerifier() })] })
    const connecting = connect(kernel, { connectorId: 'test-wallet-eip155' })
    await signInShown(kernel)
    kernel.router.finish(false)
    await connecting
    expect(kernel.store.getState().connection.namespaces['eip155']?.status).toBe('connected')
    expect(kernel.store.getState().siwx.skipped).toEqual([`eip155:1:${EVM}`])
  })

  it('required mode: declining, or closing the modal, disconnects', async () => {
    const kernel = testKernel({ plugins: [testChain(), siwx({ siwx: memoryVerifier(), required: true })] })
    const connecting = connect(kernel, { connectorId: 'test-wallet-eip155' })
    await signInShown(kernel)
    kernel.router.finish(false)
    await connecting
    expect(kernel.store.getState().connection.namespaces['eip155']?.status).toBe('disconnected')

    const again = connect(kernel, { connectorId: 'test-wallet-eip155' })
    await signInShown(kernel)
    const { closeModal } = await import('../../kernel/index.js')
    closeModal(kernel)
    await again
    expect(kernel.store.getState().connection.namespaces['eip155']?.status).toBe('disconnected')
  })

  it('a refusing verifier and a wallet that says no both throw, and the view stays to try again', async () => {
    const verifier = memoryVerifier()
    verifier.refuse = 'The nonce is unknown, expired or used already'
    const chain = testChain()
    const kernel = testKernel({ plugins: [chain, siwx({ siwx: verifier })] })
    void connect(kernel, { connectorId: 'test-wallet-eip155' })
    await signInShown(kernel)
    await expect(signIn(kernel, { namespace: 'eip155' })).rejects.toMatchObject({
      name: 'SignInRefusedError',
      shortMessage: 'The nonce is unknown, expired or used already',
    })
    chain.wallet.signAnswer = 'reject'
    await expect(signIn(kernel, { namespace: 'eip155' })).rejects.toThrow()
    expect(kernel.router.current().view).toBe('SignIn')
    expect(verifier.sessions).toEqual([])
  })

  it('switching to a network with no session asks again; disconnect revokes the sessions (rules §4)', async () => {
    const verifier = memoryVerifier()
    const kernel = testKernel({ plugins: [testChain(), siwx({ siwx: verifier })] })
    const connecting = connect(kernel, { connectorId: 'test-wallet-eip155' })
    await signInShown(kernel)
    await signIn(kernel, { namespace: 'eip155' })
    kernel.router.finish(true)
    await connecting

    void switchNetwork(kernel, { networkId: 'eip155:10' })
    await signInShown(kernel)
    await signIn(kernel, { namespace: 'eip155' })
    kernel.router.finish(true)
    expect(verifier.sessions.map((session) => session.data.chainId)).toEqual(['eip155:1', 'eip155:10'])

    const signedOut = vi.fn()
    kernel.bus.on('siwx:signed-out', signedOut)
    await disconnect(kernel)
    await vi.waitFor(() => expect(verifier.revoked).toEqual([`eip155:10:${EVM}`]))
    expect(signedOut).toHaveBeenCalledWith({ namespace: 'eip155', chainId: 'eip155:10', address: EVM })
  })

  it('signOutOnDisconnect false keeps the sessions', async () => {
    const verifier = memoryVerifier()
    verifier.sessions.push({ data: { accountAddress: EVM, chainId: 'eip155:1' }, message: 'm', signature: 's' })
    const kernel = testKernel({ plugins: [testChain(), siwx({ siwx: verifier, signOutOnDisconnect: false })] })
    await connect(kernel, { connectorId: 'test-wallet-eip155' })
    await disconnect(kernel)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(verifier.revoked).toEqual([])
  })

  it('siweConfig: its nonce and verification are used; a refused signature throws; its session counts', async () => {
    const verified: string[] = []
    let session: { address: string; chainId: number } | null = null
    let accept = false
    const siweConfig = {
      getNonce: async () => 'siwenonce123',
      verifyMessage: async ({ message }: { message: string }) => {
        verified.push(message)
        return accept
      },
      getSession: async () => session,
      signOut: async () => {
        session = null
        return true
      },
    }
    const kernel = testKernel({ plugins: [testChain(), siwx({ siweConfig })] })
    const connecting = connect(kernel, { connectorId: 'test-wallet-eip155' })
    await signInShown(kernel)
    await expect(signIn(kernel, { namespace: 'eip155' })).rejects.toMatchObject({ name: 'SignInRefusedError' })
    accept = true
    await signIn(kernel, { namespace: 'eip155' })
    kernel.router.finish(true)
    await connecting
    expect(verified[1]).toContain('Nonce: siwenonce123')

    session = { address: EVM, chainId: 1 }
    await disconnect(kernel)
    await vi.waitFor(() => expect(session).toBeNull())
  })
})

describe('signing in during login (rules §3 siwxMessage)', () => {
  it('a connector that signs as part of its login does so with no view; one that cannot leaves it to the view', async () => {
    const verifier = memoryVerifier()
    const chain = testChain()
    const kernel = testKernel({ plugins: [chain, siwx({ siwx: verifier })] })
    let answer: 'sign' | 'decline' = 'sign'
    const asked: unknown[] = []
    const registration = kernel.connectors.get('test-wallet-eip155')!
    kernel.connectors.register({
      ...registration,
      capabilities: {
        async signInAtLogin({ namespace, message }) {
          asked.push({ namespace, message })
          return answer === 'sign'
            ? { message: { ...message, serializedMessage: `signed at login: ${message.nonce}` }, signature: '0xlogin' }
            : undefined
        },
      },
    })
    await connect(kernel, { connectorId: 'test-wallet-eip155' })
    expect(kernel.router.current().view).not.toBe('SignIn')
    expect(asked).toEqual([
      {
        namespace: 'eip155',
        message: expect.objectContaining({ accountAddress: EVM, chainId: 'eip155:1', domain: '127.0.0.1:5173', nonce: 'nonce12345678' }),
      },
    ])
    expect(verifier.sessions).toEqual([expect.objectContaining({ message: 'signed at login: nonce12345678', signature: '0xlogin' })])
    expect(chain.wallet.calls.signMessage).toBe(0)

    await disconnect(kernel)
    answer = 'decline'
    const connecting = connect(kernel, { connectorId: 'test-wallet-eip155' })
    await signInShown(kernel)
    kernel.router.finish(false)
    await connecting
    expect(asked).toHaveLength(2)
  })
})

describe('the chain writes and signs the message', () => {
  it("another namespace signs in through its chain's signIn capability, with no code here for it", async () => {
    const network = {
      ...testNetwork,
      id: 'test',
      name: 'Test chain',
      caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
      chainNamespace: 'bip122',
    } as const
    const verifier = memoryVerifier()
    const chain = testChain({ namespace: 'bip122', networks: [network], accounts: ['bc1qtest'] })
    const kernel = testKernel({ plugins: [chain, siwx({ siwx: verifier })] })
    const connecting = connect(kernel, { connectorId: 'test-wallet-bip122' })
    await signInShown(kernel)
    const message = await signIn(kernel, { namespace: 'bip122' })
    kernel.router.finish(true)
    await connecting
    expect(message).toMatchObject({
      accountAddress: 'bc1qtest',
      chainId: 'bip122:000000000019d6689c085ae165831e93',
      domain: '127.0.0.1:5173',
    })
    expect(message.serializedMessage).toBe(
      '127.0.0.1:5173 asks bc1qtest on bip122:000000000019d6689c085ae165831e93 to sign in. Nonce: nonce12345678',
    )
    expect(verifier.sessions[0]).toMatchObject({ message: message.serializedMessage, data: { accountAddress: 'bc1qtest' } })
  })

  it('a chain without the signIn capability is an Unsupported chain (rules §8), shown in the view', async () => {
    const kernel = testKernel({ plugins: [testChain({ signMessage: false }), siwx({ siwx: memoryVerifier() })] })
    const connecting = connect(kernel, { connectorId: 'test-wallet-eip155' })
    await signInShown(kernel)
    await expect(signIn(kernel, { namespace: 'eip155' })).rejects.toThrow('Unsupported chain')
    kernel.router.finish(false)
    await connecting
  })

  it('a host that writes its own text has it signed as it is', async () => {
    const verifier = memoryVerifier()
    const own = {
      ...verifier,
      createMessage: async (input: { accountAddress: string; chainId: string }) => ({
        ...input,
        domain: 'x.example',
        uri: 'https://x.example',
        version: '1' as const,
        nonce: 'hostnonce1',
        issuedAt: new Date().toISOString(),
        serializedMessage: 'my own text',
      }),
    }
    const kernel = testKernel({ plugins: [testChain(), siwx({ siwx: own })] })
    const connecting = connect(kernel, { connectorId: 'test-wallet-eip155' })
    await signInShown(kernel)
    expect((await signIn(kernel, { namespace: 'eip155' })).serializedMessage).toBe('my own text')
    kernel.router.finish(true)
    await connecting
    expect(verifier.sessions[0]?.message).toBe('my own text')
  })
})
