import type { ViewTexts } from './texts.js'

/** rules §5: a name has at least this many characters. */
export const MIN_NAME_LENGTH = 4
/** A DNS label's limit, which the data service keeps too. */
export const MAX_NAME_LENGTH = 63

/**
 * The label a visitor typed, as names are kept: trimmed, lower-case, the zone's suffix dropped when
 * they typed it too ('Alice.foyer.id' → 'alice').
 *
 * @example normalizeLabel(' Alice.foyer.id', 'foyer.id') // 'alice'
 */
export function normalizeLabel(typed: string, zone: string): string {
  const lower = typed.trim().toLowerCase()
  return lower.endsWith(`.${zone}`) ? lower.slice(0, -zone.length - 1) : lower
}

/**
 * What is wrong with a label under rules §5 (letters, digits and hyphens only, hyphens inside, at least 4 characters), as
 * the key of its message; undefined when nothing is.
 *
 * @example validateLabel('abc') // 'names.error.short'
 */
export function validateLabel(label: string): keyof ViewTexts | undefined {
  if (!/^[a-z0-9-]*$/.test(label)) return 'names.error.characters'
  // A DNS label may not start or end with a hyphen; the data service keeps names as such labels.
  if (label.startsWith('-') || label.endsWith('-')) return 'names.error.hyphen'
  if (label.length < MIN_NAME_LENGTH) return 'names.error.short'
  if (label.length > MAX_NAME_LENGTH) return 'names.error.long'
  return undefined
}

/**
 * The ENSIP-11 coin type of an EVM chain, which names the chain an address was registered on:
 * `0x80000000 | chainId`, and SLIP-44's 60 for Ethereum itself.
 *
 * @example coinTypeOf(31337) // 2147514685
 */
export function coinTypeOf(chainId: number): number {
  return chainId === 1 ? 60 : (0x80000000 | chainId) >>> 0
}
