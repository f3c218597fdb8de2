// Plain JavaScript, so that the services run the very check the browser does, on Node as it is: the directory's
// allowed origins are matched in the kernel (rules §5, the page's own origin), by the services' CORS and the wallet frame,
// and by the sign-in verifier. Its JSDoc is its types.

/**
 * Whether `origin` (`https://shop.example.com`) matches `pattern`: exact, `*.` standing for one or more leading host
 * labels (`https://*.example.com`, which does not match `https://example.com`), `:*` for any port, the default one
 * included, or a `*` inside the first label standing for one or more letters, digits or hyphens of that label only
 * (`https://shop-git-*-acme.vercel.app`: a preview host, which never stretches over a dot). The first two are CSP
 * source expressions; the third is not (isCspSource). Both sides compare without case, as hosts and schemes do.
 *
 * @param {string} pattern
 * @param {string} origin
 * @returns {boolean}
 */
export function originMatches(pattern, origin) {
  const parsed = PATTERN.exec(pattern.toLowerCase())
  let url
  try {
    url = new URL(origin)
  } catch {
    return false
  }
  if (!parsed || url.origin !== origin.toLowerCase() || !isPattern(parsed)) return false
  const [, scheme, wildcard, label, rest, port] = parsed
  if (url.protocol !== `${scheme}:`) return false
  const host = `${label}${rest}`
  const hostMatches = wildcard
    ? url.hostname.endsWith(`.${host}`)
    : label?.includes('*')
      ? labelPattern(label, rest ?? '').test(url.hostname)
      : url.hostname === host
  const defaultPort = scheme === 'https' ? '443' : '80'
  return hostMatches && (port === '*' || (url.port || defaultPort) === (port ?? defaultPort))
}

/**
 * Whether a browser can enforce `pattern` itself as a CSP source (`frame-ancestors`): any but a `*` inside a label.
 *
 * @param {string} pattern
 */
export function isCspSource(pattern) {
  const parsed = PATTERN.exec(pattern.toLowerCase())
  return Boolean(parsed && isPattern(parsed) && !parsed[3]?.includes('*'))
}

/**
 * A `*` inside a label needs text beside it in that label and a domain after it (`https://*` or `https://a-*` alone
 * would stand for hosts of anyone), and never comes with a leading `*.`.
 *
 * @param {RegExpExecArray} parsed
 */
function isPattern([, , wildcard, label = '', rest = '']) {
  return !label.includes('*') || (label !== '*' && rest !== '' && !wildcard)
}

// scheme, `*.`, the first label (which may hold one `*` when no `*.` leads), the other labels, the port.
const PATTERN = /^(https?):\/\/(\*\.)?([a-z0-9-]*\*?[a-z0-9-]*)((?:\.[a-z0-9-]+)*)(?::(\d+|\*))?$/

/** @param {string} label the first label, with its one `*` @param {string} rest the labels after it */
function labelPattern(label, rest) {
  const literal = (/** @type {string} */ text) => text.replace(/[.-]/g, (char) => `\\${char}`)
  const [before, after] = label.split('*')
  return new RegExp(`^${literal(before ?? '')}[a-z0-9-]+${literal(after ?? '')}${literal(rest)}$`)
}
