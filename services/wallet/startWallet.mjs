// Serves the wallet app (createWalletApp.mjs) on loopback: its own site, apart from the pages that embed it.
import { createFailureSwitch, serveApp } from '../http/index.mjs'
import { createMailer } from './createMailer.mjs'
import { DEFAULT_DATA_DIR } from '../storage/index.mjs'
import { createWalletApp } from './createWalletApp.mjs'
import { loadMasterKey } from './masterKey.mjs'

/** The CLI's and `npm start`'s port. */
export const DEFAULT_WALLET_PORT = 8790

/**
 * Starts the wallet service and resolves once it listens.
 *
 * @example
 * const database = await openDatabase();
 * const wallet = await startWallet({ database, smtpUrl: mail.smtpUrl, directoryUrl, evm: [{ chainId: 31337, rpcUrl }] });
 * // the modal loads `${wallet.url}/frame?projectId=demo&chainId=31337&version=4`
 *
 * @param {Omit<import('./createWalletApp.mjs').WalletAppOptions, 'mailer' | 'masterKey'> & {
 *   port?: number, host?: string, smtpUrl: string, mailFrom?: string, masterKey?: Buffer, dataDir?: string }} options
 *   `port` 0 picks a free one (default 0); `host` default '127.0.0.1' (browsers reach it as `localhost` too, a
 *   different site from a page on 127.0.0.1, as the wallet's own domain is in production); `masterKey` default
 *   FOYER_WALLET_MASTER_KEY, else the 0600 file in `dataDir` (default FOYER_DATA_DIR, else '.foyer/data')
 */
export async function startWallet({ port = 0, host = '127.0.0.1', smtpUrl, mailFrom, masterKey, dataDir, ...appOptions }) {
  const log = appOptions.log ?? ((/** @type {string} */ message) => console.error(message))
  const key =
    masterKey ??
    loadMasterKey({
      fromEnv: process.env['FOYER_WALLET_MASTER_KEY'],
      dataDir: dataDir ?? (process.env['FOYER_DATA_DIR'] || DEFAULT_DATA_DIR),
    })
  const mailer = createMailer({ smtpUrl, from: mailFrom })
  const faults = createFailureSwitch()
  const app = await createWalletApp({ ...appOptions, mailer, masterKey: key, log, backendFaults: faults.middleware })
  const served = await serveApp(app, { port, host, envVar: 'FOYER_WALLET_PORT', name: 'wallet', log })
  return {
    /** `http://127.0.0.1:<port>`; browsers may use `http://localhost:<port>` for a different site than the demo. */
    url: served.url,
    port: served.port,
    /**
     * The frame's next `count` backend calls (`/v1/*`: a login, a code, a signature …) wait `ms` first (Infinity:
     * until released), for trying the modal's rules §9 timeouts; the frame page itself still loads. Replaces any delay
     * still pending; `count` 0 lets every waiting call go on now.
     */
    delayNext: faults.delayNext,
    /** The frame's next `count` backend calls answer `status` (400-599) with `{ error }`. */
    failNext: faults.failNext,
    /** Stops listening and closes the mail transport; the database stays open (its owner closes it). */
    async stop() {
      await served.stop()
      mailer.close()
    },
    /**
     * Stops accepting, lets the requests in flight finish (`/readyz` answers 503 meanwhile), then closes the mail
     * transport; the database stays open (its owner closes it after).
     *
     * @param {number} [timeoutMs] how long in-flight requests may take (default DRAIN_TIMEOUT_MS)
     */
    async drain(timeoutMs) {
      await served.drain(timeoutMs)
      mailer.close()
    },
  }
}

/** @typedef {Awaited<ReturnType<typeof startWallet>>} WalletService */
