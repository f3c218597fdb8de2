// Its own module: the connect button, on the first paint, uses it without bringing the Avatar component along.

/** Two hues from a cheap hash of the address, so each account keeps its own look. */
export function gradientFor(address: string): string {
  let hash = 0
  for (const char of address.toLowerCase()) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  const first = hash % 360
  const second = (first + 40 + ((hash >>> 9) % 120)) % 360
  return `linear-gradient(135deg, hsl(${first} 70% 60%), hsl(${second} 70% 45%))`
}
