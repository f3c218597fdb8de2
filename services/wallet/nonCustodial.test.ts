// No code of the wallet service signs with a user key (services/wallet/KEYS.md): a scan of its modules for every way
// to hold a key that signs (viem's local accounts and wallet clients, @solana/kit's key pairs, node:crypto and
// WebCrypto signing, noble's sign). The frame's own modules (frame/), which run in the visitor's browser, are the only
// place that signs; the service may name their types, never import them.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

const here = path.dirname(fileURLToPath(import.meta.url))

/** What signing with a key looks like, each with why it is refused. */
const SIGNING = [
  {
    pattern: /\b(privateKeyToAccount|generatePrivateKey|mnemonicToAccount|hdKeyToAccount|toAccount)\b/,
    why: 'a viem account that holds a key',
  },
  { pattern: /\bcreateWalletClient\b/, why: 'a viem wallet client (it signs with its account)' },
  {
    pattern:
      /\b(createKeyPairFromPrivateKeyBytes|createKeyPairFromBytes|createKeyPairSignerFromPrivateKeyBytes|createKeyPairSignerFromBytes|generateKeyPair|generateKeyPairSigner|signTransaction|signBytes)\b/,
    why: 'a Solana key pair or signer',
  },
  { pattern: /\b(secp256k1|ed25519|schnorr)\.sign\(/, why: 'a noble signature' },
  { pattern: /import\s*\{[^}]*\b(sign|createPrivateKey|generateKeyPairSync)\b[^}]*\}\s*from\s*'node:crypto'/, why: 'node:crypto signing' },
  { pattern: /\bsubtle\.sign\(/, why: 'WebCrypto signing' },
  {
    pattern: /import\s*\{[^}]*\b(sign|signRecoverable|signSchnorr)\b[^}]*\}\s*from\s*'tiny-secp256k1'/,
    why: 'the WebAssembly curve’s signing (recoverSigner.mjs may only recover)',
  },
  { pattern: /from\s*'\.\/frame\/[^']*'|import\(\s*'\.\/frame\//, why: 'the frame’s signing code, which belongs in the browser' },
]

/**
 * The one module allowed a key, and what it may import: paymasterSigner.mjs signs sponsorship hashes with the host's
 * paymaster key (docs/sponsored-gas.md), never a user's, and reaches no module that holds user key material.
 */
const HOST_KEY_MODULE = { name: 'paymasterSigner.mjs', imports: ['viem/accounts', './foyerPaymaster.mjs'] }

/** The service's modules: services/wallet's own .mjs files, not its tests, not the frame's browser code. */
function serviceModules() {
  return readdirSync(here)
    .filter((name) => name.endsWith('.mjs'))
    .map((name) => ({ name, text: withoutComments(readFileSync(path.join(here, name), 'utf8')) }))
}

/** Code only: comments may name what they explain (an @example, a JSDoc type from the frame). */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')

/** Each way `text` signs with a key, as `name: why`. */
function signingIn(name: string, text: string) {
  return SIGNING.filter(({ pattern }) => pattern.test(text)).map(({ why }) => `${name}: ${why}`)
}

describe('the wallet service holds no key it could sign with', () => {
  it('no module of services/wallet signs with a user key', () => {
    const modules = serviceModules()
    expect(modules.map(({ name }) => name)).toEqual(expect.arrayContaining(['rpc.mjs', 'relay.mjs', 'signIn.mjs', 'smartAccounts.mjs']))
    expect(modules.flatMap(({ name, text }) => signingIn(name, text))).toEqual([`${HOST_KEY_MODULE.name}: a viem account that holds a key`])
  })

  it('the host’s paymaster signer imports nothing that could reach a user’s key', () => {
    const text = readFileSync(path.join(here, HOST_KEY_MODULE.name), 'utf8')
    const imports = [...text.matchAll(/\bfrom\s*'([^']+)'|import\(\s*'([^']+)'/g)].map((match) => match[1] ?? match[2])
    expect(imports).toEqual(HOST_KEY_MODULE.imports)
    // foyerPaymaster.mjs, in turn, holds no key and reads no share.
    expect(signingIn('foyerPaymaster.mjs', withoutComments(readFileSync(path.join(here, 'foyerPaymaster.mjs'), 'utf8')))).toEqual([])
    expect(readFileSync(path.join(here, 'foyerPaymaster.mjs'), 'utf8')).not.toMatch(/keyShares|accounts\.mjs|masterKey/)
  })

  it('the scan finds each way the service used to sign before the keys moved to the frame', () => {
    // What signers.mjs, signIn.mjs and smartAccounts.mjs did before KEYS.md, one line each; and the WebAssembly curve's
    // signing, which recoverSigner.mjs (recovery only) must never import.
    const before = [
      "import { sign } from 'node:crypto'",
      "import { privateKeyToAccount } from 'viem/accounts'",
      'const client = createWalletClient({ account, chain, transport })',
      'const keyPair = await createKeyPairFromPrivateKeyBytes(keys.solanaSeed)',
      'return getBase64EncodedWireTransaction(await signTransaction([keyPair], decoded))',
      'const signature = secp256k1.sign(hash, key)',
      "import { runJob } from './frame/signing.js'",
      "import { recover, signRecoverable } from 'tiny-secp256k1'",
    ]
    for (const line of before) expect(signingIn('old.mjs', line), line).toHaveLength(1)
  })
})
