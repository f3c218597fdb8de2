// Sign In With Farcaster: the wallet opens a channel on a relay (the channel API `@farcaster/auth-client` speaks),
// the host shows its `farcaster://connect` URL as a QR code, the visitor's Farcaster app signs a SIWE message with
// the account's custody key and hands it to the relay, and the wallet checks it: the nonce and domain it chose,
// the signature (viem's verifySiweMessage through auth-client), and that the signer owns the fid (`getFid`).
import { randomBytes } from 'node:crypto'

import { WalletError } from './errors.mjs'

/** How long APP_CONNECT_FARCASTER waits for the app's approval (within rules §9's 120 s login timeout). */
export const FARCASTER_WAIT_MS = 110_000
const POLL_MS = 1_000

/**
 * @typedef {object} FarcasterLogin
 * @property {string} relayUrl the relay (`https://relay.farcaster.xyz`, or the local stack's)
 * @property {(custody: `0x${string}`) => Promise<bigint>} getFid the fid a custody address owns (the IdRegistry)
 * @property {string} rpcUrl an EVM RPC for viem's signature check (ERC-6492 needs an eth_call)
 */

/** rules §8: every refusal reads the same to the page. */
const failed = () => new WalletError(400, 'FARCASTER_LOGIN_FAILED', 'Failed to connect to farcaster')

/**
 * @param {FarcasterLogin} farcaster
 * @param {{ now: () => number, log: (message: string) => void }} options
 */
export function createFarcasterLogin(farcaster, { now, log }) {
  const loading = Promise.all([import('@farcaster/auth-client'), import('viem')]).then(([auth, viem]) => ({
    client: auth.createAppClient({
      relay: farcaster.relayUrl,
      ethereum: {
        getFid: farcaster.getFid,
        isValidAuthAddress: async () => false,
        publicClient: viem.createPublicClient({ transport: viem.http(farcaster.rpcUrl) }),
      },
    }),
  }))
  loading.catch(() => {})
  return {
    /**
     * Opens a channel for this wallet's domain with a fresh nonce.
     *
     * @param {string} walletOrigin
     * @returns {Promise<{ url: string, channelToken: string, nonce: string }>}
     */
    async open(walletOrigin) {
      const { client } = await loading
      const nonce = randomBytes(16).toString('hex')
      try {
        const { data } = await client.createChannel({ siweUri: walletOrigin, domain: new URL(walletOrigin).host, nonce })
        return { url: data.url, channelToken: data.channelToken, nonce }
      } catch (error) {
        log(`[wallet] farcaster relay: ${error instanceof Error ? error.message : error}`)
        throw failed()
      }
    },
    /**
     * Waits for the app's approval, then checks it; the fid and its username.
     *
     * @param {{ channelToken: string, nonce: string, walletOrigin: string, waitMs?: number }} channel
     * @returns {Promise<{ fid: string, userName: string | null }>}
     */
    async wait({ channelToken, nonce, walletOrigin, waitMs = FARCASTER_WAIT_MS }) {
      const { client } = await loading
      const deadline = now() + waitMs
      /** @type {any} */
      let done
      while (!done) {
        try {
          const { data } = await client.status({ channelToken })
          if (data.state === 'completed') done = data
        } catch (error) {
          log(`[wallet] farcaster status: ${error instanceof Error ? error.message : error}`)
          throw failed()
        }
        if (!done && now() >= deadline) throw new WalletError(408, 'FARCASTER_NOT_APPROVED', 'Failed to connect to farcaster')
        if (!done) await new Promise((resolve) => setTimeout(resolve, POLL_MS))
      }
      try {
        const { success, fid } = await client.verifySignInMessage({
          nonce,
          domain: new URL(walletOrigin).host,
          message: done.message,
          signature: done.signature,
          acceptAuthAddress: false,
        })
        if (!success || String(fid) !== String(done.fid)) throw new Error('not verified')
        return { fid: String(fid), userName: typeof done.username === 'string' ? done.username.slice(0, 100) : null }
      } catch (error) {
        log(`[wallet] farcaster sign-in refused: ${error instanceof Error ? error.message : error}`)
        throw failed()
      }
    },
  }
}
