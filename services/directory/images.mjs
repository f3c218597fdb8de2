// The images for what @web3icons/core has no mark for (brandMarks.mjs), drawn here: no logo is copied. A wallet's icon is its initials on a colour chosen by a hash of its
// name; an asset, currency or token image is a circle with the first characters of its id. Both are pure
// functions of their input, so the same request always gets the same bytes. Names are untrusted text
// (DESIGN: security rules), so everything written into the SVG is escaped.
import { createHash } from 'node:crypto'

/** Background colours, each dark enough for white text (contrast at least 4.5:1, checked by a test). */
export const IMAGE_PALETTE = [
  '#1d4ed8',
  '#4338ca',
  '#6d28d9',
  '#86198f',
  '#9d174d',
  '#b91c1c',
  '#9a3412',
  '#854d0e',
  '#3f6212',
  '#166534',
  '#115e59',
  '#155e75',
  '#334155',
]

/** @param {string} text */
export function escapeXml(text) {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/** @param {string} seed */
function colourFor(seed) {
  const digest = createHash('sha256').update(seed).digest()
  return IMAGE_PALETTE[digest.readUInt32BE(0) % IMAGE_PALETTE.length]
}

/**
 * Up to two initials: the first letters of the first two words (`Trust Wallet` → `TW`), or of a single
 * camel-cased word's capitals (`MetaMask` → `MM`), else its first letter. `?` when the name has no letter or digit.
 *
 * @param {string} name
 */
export function initialsOf(name) {
  const [one, two] = name.match(/[\p{L}\p{N}]+/gu) ?? []
  if (one === undefined) return '?'
  const first = (/** @type {string} */ word) => Array.from(word)[0] ?? ''
  if (two !== undefined) return (first(one) + first(two)).toUpperCase()
  const capitals = one.match(/\p{Lu}/gu) ?? []
  return capitals.length > 1 ? capitals.slice(0, 2).join('') : first(one).toUpperCase()
}

/**
 * A wallet's icon: its initials on a rounded square.
 *
 * @param {string} name
 */
export function walletImageSvg(name) {
  const initials = initialsOf(name)
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">' +
    `<title>${escapeXml(name)}</title>` +
    `<rect width="96" height="96" rx="24" fill="${colourFor(`wallet:${name}`)}"/>` +
    `<text x="48" y="48" dy="0.35em" text-anchor="middle" font-family="system-ui, sans-serif" font-weight="600" ` +
    `font-size="${initials.length > 1 ? 36 : 44}" fill="#fff">${escapeXml(initials)}</text></svg>`
  )
}

/**
 * An asset, currency or token image: a circle with the first three letters or digits of the id, or the initials of
 * its first three words when it has several (a network's name: 'OP Mainnet' → 'OM').
 *
 * @param {'asset' | 'currency' | 'token'} kind
 * @param {string} id
 */
export function symbolImageSvg(kind, id) {
  const words = id.match(/[\p{L}\p{N}]+/gu) ?? ['?']
  const label = (words.length > 1 ? words.slice(0, 3).map((word) => Array.from(word)[0]) : Array.from(words[0] ?? '?').slice(0, 3))
    .join('')
    .toUpperCase()
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">' +
    `<title>${escapeXml(id)}</title>` +
    `<circle cx="32" cy="32" r="32" fill="${colourFor(`${kind}:${id}`)}"/>` +
    `<text x="32" y="32" dy="0.35em" text-anchor="middle" font-family="system-ui, sans-serif" font-weight="600" ` +
    `font-size="${label.length > 2 ? 20 : 26}" fill="#fff">${escapeXml(label)}</text></svg>`
  )
}
