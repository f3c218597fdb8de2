// What a service's cli.mjs does around starting it: read its port from the environment, and stop it cleanly on
// SIGINT or SIGTERM. (The older CLIs still write this out themselves.)

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
