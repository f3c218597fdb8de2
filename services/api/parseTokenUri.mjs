// ERC-721 metadata from a tokenURI. Only data: URIs are read: the service runs offline and never fetches
// a URL a token contract names (that would let any contract make it call any host).

/**
 * The name and image of a token's metadata JSON, when `uri` carries it inline.
 *
 * @param {string} uri
 * @returns {{ name: string | null, image: string | null }}
 * @example
 * parseTokenUri('data:application/json;base64,eyJuYW1lIjoiIzEifQ==') // { name: '#1', image: null }
 */
export function parseTokenUri(uri) {
  const match = /^data:application\/json(;charset=[\w-]+)?(;base64)?,(.*)$/is.exec(uri)
  if (!match) return { name: null, image: null }
  try {
    const text = match[2] ? Buffer.from(match[3] ?? '', 'base64').toString('utf8') : decodeURIComponent(match[3] ?? '')
    const json = JSON.parse(text)
    const name = typeof json?.name === 'string' ? json.name : null
    // Images the client may show (DESIGN security rules): https or inline data:image, nothing else.
    const image = typeof json?.image === 'string' && /^(https:\/\/|data:image\/)/i.test(json.image) ? json.image : null
    return { name, image }
  } catch {
    return { name: null, image: null }
  }
}
