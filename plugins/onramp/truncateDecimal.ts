/**
 * Decimal text cut (not rounded) to `decimals` places, trailing zeros dropped: never more than the provider quoted.
 * Local rather than the kernel's formatNumber: importing that from these lazy views split it out of the kernel's
 * first-paint chunk (162 bytes more gzip before the Connect button).
 *
 * @example truncateDecimal('0.326666666', 6) // '0.326666'
 */
export function truncateDecimal(value: string, decimals: number): string {
  const [whole = '0', fraction = ''] = value.split('.')
  const kept = fraction.slice(0, decimals).replace(/0+$/, '')
  return kept ? `${whole}.${kept}` : whole
}
