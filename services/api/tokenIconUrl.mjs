// Token icons without an image host: a small generated SVG (the symbol's first letters on a colour picked from
// the symbol), inline as a data: URL so the client needs no other service.

/**
 * @param {string} symbol
 * @returns {string} `data:image/svg+xml;base64,…`
 */
export function tokenIconUrl(symbol) {
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
