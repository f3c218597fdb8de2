// Preloaded into the bundler's process (`node --import`): alto's server listens on 0.0.0.0 and has no host option,
// and the local stack's services answer on the loopback interface only. Every TCP listen in that process is moved
// to 127.0.0.1 before it binds; Unix sockets and inherited handles are left as they are.
import net from 'node:net'

const LOOPBACK = '127.0.0.1'
const listen = net.Server.prototype.listen

/** @param {unknown[]} args */
function toLoopback(args) {
  const [first, second] = args
  if (first !== null && typeof first === 'object') {
    const options = /** @type {Record<string, unknown>} */ (first)
    // `{ path }` is a Unix socket, `{ fd }` / `{ handle }` / a server object an inherited handle: not a TCP bind.
    if ('path' in options || 'fd' in options || 'handle' in options || '_handle' in options) return args
    return [{ ...options, host: LOOPBACK }, ...args.slice(1)]
  }
  if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    // listen(port, host?, backlog?, callback?): the host, when given, is the second argument.
    return typeof second === 'string' ? [first, LOOPBACK, ...args.slice(2)] : [first, LOOPBACK, ...args.slice(1)]
  }
  // listen(callback) or listen() binds every interface on a random port; listen(path) is a Unix socket.
  return typeof first === 'string' ? args : [0, LOOPBACK, ...args]
}

net.Server.prototype.listen = function listenOnLoopback(/** @type {unknown[]} */ ...args) {
  return listen.apply(this, /** @type {any} */ (toLoopback(args)))
}
