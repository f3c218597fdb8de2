// Token icons, inline as data: URLs so the client needs no image host: the token's brand mark from @web3icons/core (the
// directory's brandMarks.mjs) when the API vouches for the token, else a small generated SVG (the symbol's first
// letters on a colour picked from the symbol).
import { brandMark } from '../directory/brandMarks.mjs'

/**
 * The icon of a token by its symbol. Only a token the API vouches for gets its brand mark: a chain's own coin, a token
 * of its token lists, one it sells or swaps. A token it merely met on chain keeps the letters whatever its symbol says,
 * since anyone can deploy a token called USDC and its mark would lend the fake the real one's face.
 *
 * @param {string} symbol
 * @param {{ vouched?: boolean }} [options]
 * @returns {Promise<string>} a `data:image/svg+xml` URL
 */
export async function tokenIconUrl(symbol, { vouched = false } = {}) {
  const mark = vouched ? await brandMark('token', [symbol]) : undefined
  return mark ? `data:image/svg+xml,${encodeURIComponent(mark)}` : letterIconUrl(symbol)
}

/**
 * @param {string} symbol
 * @returns {string} `data:image/svg+xml;base64,…`
 */
function letterIconUrl(symbol) {
  let hash = 0
  for (const char of symbol) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 360
  const letters =
    symbol
      .replace(/[^\p{L}\p{N}]/gu, '')
      .slice(0, 3)
      .toUpperCase() || '?'
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="hsl(${hash},60%,45%)"/>` +
    `<text x="32" y="39" font-family="sans-serif" font-size="${letters.length > 2 ? 16 : 20}" font-weight="600" ` +
    `text-anchor="middle" fill="#fff">${letters}</text></svg>`
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}
