/**
 * rules §6: the time zones of mainland China, Hong Kong and Macau, where the on-ramp is not offered (their IANA names and
 * the older aliases browsers may still report).
 */
export const RESTRICTED_TIME_ZONES: readonly string[] = Object.freeze([
  'Asia/Shanghai',
  'Asia/Chongqing',
  'Asia/Chungking',
  'Asia/Harbin',
  'Asia/Urumqi',
  'Asia/Kashgar',
  'PRC',
  'Asia/Hong_Kong',
  'Hongkong',
  'Asia/Macau',
  'Asia/Macao',
])

/** The visitor's time zone as the browser reports it; '' when it cannot tell. */
export function visitorTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? ''
  } catch {
    return ''
  }
}

/** rules §6: whether a visitor in `timeZone` is not offered the on-ramp. */
export function isRestrictedTimeZone(timeZone: string): boolean {
  return RESTRICTED_TIME_ZONES.includes(timeZone)
}
