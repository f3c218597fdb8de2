/**
 * Decimal text ('1.5') in a token's smallest unit (1_500_000 for 6 decimals); undefined when it is not a plain
 * non-negative number or has more decimals than the token.
 *
 * @example
 * parseUnits('1.5', 6) // 1_500_000n
 */
export function parseUnits(text: string, decimals: number): bigint | undefined {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text.trim())
  if (!match || (match[1] === '' && !match[2])) return undefined
  const [, whole = '', fraction = ''] = match
  if (fraction.length > decimals) return undefined
  return BigInt(whole || '0') * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0')
}
