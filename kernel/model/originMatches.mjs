// Plain JavaScript, so that the services run the very check the browser does, on Node as it is: the directory's
// allowed origins are matched in the kernel (rules §5, the page's own origin), by the services' CORS and the wallet frame,
// and by the sign-in verifier. Its JSDoc is its types.

/**
 * Whether `origin` (`https://shop.example.com`) matches `pattern`: exact, `*.` standing for one or more leading host
 * labels (`https://*.example.com`, which does not match `https://example.com`), `:*` for any port, the default one
 * included. These are the directory's patterns, which are CSP source expressions; both sides compare without case,
 * as hosts and schemes do.
 *
 * @param {string} pattern
 * @param {string} origin
 * @returns {boolean}
 */
export function originMatches(pattern, origin) {
  const parsed = /^(https?):\/\/(\*\.)?([^:/*]+)(?::(\d+|\*))?$/.exec(pattern.toLowerCase())
  let url
  try {
    url = new URL(origin)
  } catch {
    return false
  }
  if (!parsed || url.origin !== origin.toLowerCase()) return false
  const [, scheme, wildcard, host, port] = parsed
  if (url.protocol !== `${scheme}:`) return false
  const hostMatches = wildcard ? url.hostname.endsWith(`.${host}`) : url.hostname === host
  const defaultPort = scheme === 'https' ? '443' : '80'
  return hostMatches && (port === '*' || (url.port || defaultPort) === (port ?? defaultPort))
}
