// What a service's cli.mjs does around starting it: read its port, its trusted proxies and its request log from
// the environment, and drain it on SIGINT or SIGTERM. (The older CLIs still write this out themselves.)
import { TRUSTED_PROXIES_ENV, createTrustedProxy } from './http/trustedProxy.mjs'

/**
 * The port in `process.env[name]`, or `fallback` when unset; exits with a message when it is not a port.
 *
 * @param {string} name
 * @param {number} fallback
 */
export function readPort(name, fallback) {
  const raw = process.env[name]
  const port = raw ? Number(raw) : fallback
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`${name} must be a port number, got ${JSON.stringify(raw)}`)
    process.exit(1)
  }
  return port
}

/**
 * The address to listen on: FOYER_HOST, else 127.0.0.1 (a proxy on the same machine). `0.0.0.0` or a private
 * address lets a proxy on another machine reach it; never expose a service without the proxy in front.
 */
export function readHost() {
  return process.env['FOYER_HOST'] || '127.0.0.1'
}

/**
 * The proxies whose forwarded headers are believed (FOYER_TRUSTED_PROXIES: addresses and CIDR ranges, comma-separated);
 * exits with a message when one is not an address.
 */
export function readTrustedProxy() {
  try {
    return createTrustedProxy(process.env[TRUSTED_PROXIES_ENV] ?? '')
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error))
    process.exit(1)
  }
}

/**
 * One JSON line per request on stdout, unless FOYER_LOG_REQUESTS is `off`.
 *
 * @returns {((entry: import('./http/createServiceApp.mjs').RequestLogEntry) => void) | undefined}
 */
export function readRequestLog() {
  if (process.env['FOYER_LOG_REQUESTS'] === 'off') return undefined
  return (entry) => process.stdout.write(`${JSON.stringify(entry)}\n`)
}

/**
 * On the first SIGINT or SIGTERM: `stop()`, a line saying so, exit 0. Call it before printing the service's URL: a
 * script that waits for the URL may stop the service at once.
 *
 * @param {string} name in the line: `Mail catcher stopped (SIGINT)`
 * @param {() => Promise<unknown>} stop
 */
export function stopOnSignals(name, stop) {
  /** @param {NodeJS.Signals} signal */
  async function shutdown(signal) {
    process.off('SIGINT', shutdown)
    process.off('SIGTERM', shutdown)
    await stop()
    console.log(`${name} stopped (${signal})`)
    process.exit(0)
  }
  process.on('SIGINT', shutdown)
  process.on('SIGTERM', shutdown)
}
