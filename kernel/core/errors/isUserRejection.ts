/**
 * True when a wallet error means the visitor said no: EIP-1193 code 4001, or the wording wallets
 * without codes use (several Solana wallets throw a plain Error).
 */
export function isUserRejection(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, name, message } = error as { code?: unknown; name?: unknown; message?: unknown }
  if (code === 4001 || code === 'ACTION_REJECTED') return true
  if (typeof name === 'string' && /UserRejected/i.test(name)) return true
  return typeof message === 'string' && /user (rejected|denied|cancell?ed)|rejected the request/i.test(message)
}
