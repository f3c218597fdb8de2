// What every local service does to take its port on 127.0.0.1: listen exclusively, and turn a taken port into
// one error whose message names the environment variable that moves it.
import net from 'node:net'

/** Thrown when a port the stack needs is taken; the message names the environment variable that moves it. */
export class PortInUseError extends Error {
  /**
   * @param {number} port
   * @param {string} envVar
   */
  constructor(port, envVar) {
    super(`Port ${port} is in use: stop what is using it or set ${envVar}`)
    this.name = 'PortInUseError'
    this.code = 'EADDRINUSE'
    this.port = port
    this.envVar = envVar
  }
}

/**
 * Listens on `host:port` exclusively and resolves with the port bound (the one the OS picked for port 0).
 *
 * @example
 * const port = await listen(http.createServer(handler), { port: 8787, envVar: 'FOYER_RELAY_PORT' });
 *
 * @param {net.Server} server
 * @param {object} options
 * @param {number} options.port 0 picks a free port
 * @param {string} [options.host='127.0.0.1']
 * @param {string} options.envVar the variable that changes this port, named in the {@link PortInUseError}
 * @returns {Promise<number>}
 */
export async function listen(server, { port, host = '127.0.0.1', envVar }) {
  await new Promise((resolve, reject) => {
    /** @param {NodeJS.ErrnoException} error */
    const fail = (error) => reject(error.code === 'EADDRINUSE' ? new PortInUseError(port, envVar) : error)
    server.once('error', fail)
    server.listen({ port, host, exclusive: true }, () => {
      // Later errors belong to the caller's own 'error' listener.
      server.off('error', fail)
      resolve(undefined)
    })
  })
  return /** @type {net.AddressInfo} */ (server.address()).port
}

/** @param {net.Server} server */
const close = (server) => new Promise((resolve) => server.close(() => resolve(undefined)))

/**
 * Fails with a {@link PortInUseError} when `port` cannot be listened on at 127.0.0.1.
 *
 * @param {number} port
 * @param {string} envVar the variable that changes this port, named in the error
 * @returns {Promise<void>}
 */
export async function assertPortFree(port, envVar) {
  const server = net.createServer()
  await listen(server, { port, envVar })
  await close(server)
}

/**
 * A port that was free on 127.0.0.1 a moment ago (the OS picks it).
 *
 * @returns {Promise<number>}
 */
export async function findFreePort() {
  const server = net.createServer()
  // Port 0 cannot be taken, so no variable is ever named.
  const port = await listen(server, { port: 0, envVar: '' })
  await close(server)
  return port
}
