// The test wallets a page in Chromium gets before it loads (test/e2e/testWallet.ts): 'Test Wallet' through EIP-6963,
// signing with a real anvil key, and 'Test Solana Wallet' through the Wallet Standard. Shared by the end-to-end harness
// and the hosts that the hosts tests open in Chromium.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import type { BrowserContext } from 'playwright-core'
import { TEST_WALLET_KEYPAIR } from '../services/dev/solana/index.mjs'

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** anvil's first test account. */
export const TEST_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' as const

/** What the wallets are told: the EVM key and the chains it signs for, and the Solana keypair. */
export interface TestWalletConfig {
  privateKey: `0x${string}`
  chains: { id: number; rpcUrl: string }[]
  solana: { keypair: number[] }
}

/** The wallets' script, bundled for `addInitScript`; it reads its config from `window.__testWalletConfig`. */
export async function bundleTestWallet(): Promise<string> {
  const result = await build({
    entryPoints: [path.join(repo, 'test/e2e/testWallet.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  })
  return result.outputFiles[0]!.text
}

/** The config of the wallets on `chains` (anvil's first key by default). */
export function testWalletConfig(chains: TestWalletConfig['chains'], privateKey: `0x${string}` = TEST_KEY): TestWalletConfig {
  return { privateKey, chains, solana: { keypair: [...TEST_WALLET_KEYPAIR] } }
}

/**
 * Injects the wallets into every page `context` opens, in the top frame only, as an extension's wallet (not in frames:
 * the embedded wallet's, cross-site, may not even read localStorage). `before` runs first in the page (set storage …).
 */
export async function injectTestWallet(context: BrowserContext, script: string, config: TestWalletConfig, before = ''): Promise<void> {
  await context.addInitScript(`if (window === window.top) {\n${before}window.__testWalletConfig = ${JSON.stringify(config)};\n${script}\n}`)
}
