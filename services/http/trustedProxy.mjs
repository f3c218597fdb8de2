// Who sent a request, and which origin it was sent to, when a reverse proxy that ends TLS stands in front. The
// forwarded headers (`X-Forwarded-For`, `-Proto`, `-Host`) are anyone's to write, so they are read only when the
// socket's peer is a proxy the operator named (FOYER_TRUSTED_PROXIES); from anybody else the socket is the truth.
import net from 'node:net'

/** Addresses whose verdict (trusted or not) one proxy list remembers at most; past that it starts again. */
const REMEMBERED_VERDICTS = 1024

/** The variable every service CLI reads the trusted proxies from. */
export const TRUSTED_PROXIES_ENV = 'FOYER_TRUSTED_PROXIES'

/**
 * @typedef {object} TrustedProxy
 * @property {(c: import('hono').Context) => string} clientAddress the client's address: the socket's peer, or, when
 *   that peer is a trusted proxy, the nearest address in `X-Forwarded-For` that is not one ('local' with no socket,
 *   as under `app.request()` in tests)
 * @property {(c: import('hono').Context) => string} origin the origin the client called: the request URL's, with the
 *   scheme of `X-Forwarded-Proto` and the host of `X-Forwarded-Host` when a trusted proxy sent them
 */

/**
 * Reads a list of proxy addresses and CIDR ranges (`10.0.0.0/8, 127.0.0.1, ::1`); an empty list trusts nobody.
 *
 * @example
 * const proxy = createTrustedProxy(process.env.FOYER_TRUSTED_PROXIES ?? '');
 * app.post('/login', (c) => limits.take(`${proxy.clientAddress(c)} login`));
 *
 * @param {string | readonly string[]} proxies
 * @returns {TrustedProxy}
 */
export function createTrustedProxy(proxies = []) {
  const list = (typeof proxies === 'string' ? proxies.split(',') : proxies).map((entry) => entry.trim()).filter(Boolean)
  const trusted = new net.BlockList()
  for (const entry of list) {
    const [address = '', bits] = entry.split('/')
    const family = net.isIPv6(address) ? 'ipv6' : net.isIPv4(address) ? 'ipv4' : undefined
    const prefix = bits === undefined ? undefined : Number(bits)
    const maxPrefix = family === 'ipv6' ? 128 : 32
    if (!family || (prefix !== undefined && !(Number.isInteger(prefix) && prefix >= 0 && prefix <= maxPrefix))) {
      throw new TypeError(`${TRUSTED_PROXIES_ENV}: ${JSON.stringify(entry)} is not an IP address or a CIDR range`)
    }
    if (prefix === undefined) trusted.addAddress(address, family)
    else trusted.addSubnet(address, prefix, family)
  }
  /**
   * Verdicts by address, kept for the few addresses a service meets most (its proxies, its peers): BlockList's check
   * builds a SocketAddress each time, and it runs for each request's peer and each forwarded hop.
   *
   * @type {Map<string, boolean>}
   */
  const verdicts = new Map()
  /** @param {string | undefined} address */
  const isTrusted = (address) => {
    if (!address || list.length === 0) return false
    const known = verdicts.get(address)
    if (known !== undefined) return known
    const plain = unmapped(address)
    const family = net.isIPv6(plain) ? 'ipv6' : net.isIPv4(plain) ? 'ipv4' : undefined
    const verdict = family !== undefined && trusted.check(plain, family)
    if (verdicts.size >= REMEMBERED_VERDICTS) verdicts.clear()
    verdicts.set(address, verdict)
    return verdict
  }
  /** @param {import('hono').Context} c */
  const peerOf = (c) => /** @type {string | undefined} */ (c.env?.incoming?.socket?.remoteAddress)

  return {
    clientAddress(c) {
      const peer = peerOf(c)
      if (peer === undefined) return 'local'
      if (!isTrusted(peer)) return unmapped(peer)
      // Each proxy appends the address it was called from: read from the right, past every trusted hop.
      const hops = (c.req.header('x-forwarded-for') ?? '')
        .split(',')
        .map((hop) => hop.trim())
        .filter(Boolean)
      for (let index = hops.length - 1; index >= 0; index -= 1) {
        const hop = unmapped(/** @type {string} */ (hops[index]))
        if (!net.isIP(hop)) return unmapped(peer)
        if (!isTrusted(hop)) return hop
      }
      return unmapped(hops[0] ?? peer)
    },
    origin(c) {
      const url = new URL(c.req.url)
      if (!isTrusted(peerOf(c))) return url.origin
      const proto = firstValue(c.req.header('x-forwarded-proto'))
      const host = firstValue(c.req.header('x-forwarded-host'))
      if (proto === 'http' || proto === 'https') url.protocol = `${proto}:`
      const forwarded = host ? /^([\w.-]+|\[[\da-f:.]+\])(?::(\d{1,5}))?$/i.exec(host) : null
      if (forwarded) {
        // The host setter would keep the old port when the new host names none: both are set.
        url.hostname = /** @type {string} */ (forwarded[1])
        url.port = forwarded[2] ?? ''
      }
      return url.origin
    },
  }
}

/** @param {string | undefined} header the first of a comma-separated list, lower-case */
const firstValue = (header) => header?.split(',')[0]?.trim().toLowerCase() || undefined

/** An IPv4 address a dual-stack socket reports as `::ffff:1.2.3.4` is 1.2.3.4. @param {string} address */
const unmapped = (address) => (address.startsWith('::ffff:') && net.isIPv4(address.slice(7)) ? address.slice(7) : address)
