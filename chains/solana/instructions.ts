// The three instructions a Solana send needs, encoded by hand from the programs' published layouts:
// the package depends on @solana/kit only, and these few bytes do not justify two more program
// clients in a visitor's bundle. instructions.test.ts checks each one against the official client.
import { AccountRole, address, getAddressEncoder, getProgramDerivedAddress, type Address, type Instruction } from '@solana/kit'

export const SYSTEM_PROGRAM = address('11111111111111111111111111111111')
export const TOKEN_PROGRAM = address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
export const TOKEN_2022_PROGRAM = address('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb')
export const ASSOCIATED_TOKEN_PROGRAM = address('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL')

/** The System Program's `Transfer`: u32 index 2, then u64 lamports, little-endian. */
const SYSTEM_TRANSFER = 2
/** The Token programs' `TransferChecked`: u8 index 12, u64 amount, u8 decimals. */
const TOKEN_TRANSFER_CHECKED = 12
/** The Associated Token program's `CreateIdempotent`: u8 index 1, no arguments. */
const ATA_CREATE_IDEMPOTENT = 1

/** Moves lamports from `from` (which signs) to `to`. */
export function transferSolInstruction(from: Address, to: Address, lamports: bigint): Instruction {
  const data = new Uint8Array(12)
  const view = new DataView(data.buffer)
  view.setUint32(0, SYSTEM_TRANSFER, true)
  view.setBigUint64(4, lamports, true)
  return {
    programAddress: SYSTEM_PROGRAM,
    accounts: [
      { address: from, role: AccountRole.WRITABLE_SIGNER },
      { address: to, role: AccountRole.WRITABLE },
    ],
    data,
  }
}

/** The associated token account of `owner` for `mint` under `tokenProgram`. */
export async function associatedTokenAccount(owner: Address, mint: Address, tokenProgram: Address): Promise<Address> {
  const encoder = getAddressEncoder()
  const [found] = await getProgramDerivedAddress({
    programAddress: ASSOCIATED_TOKEN_PROGRAM,
    seeds: [encoder.encode(owner), encoder.encode(tokenProgram), encoder.encode(mint)],
  })
  return found
}

/**
 * Creates `owner`'s associated token account for `mint` unless it exists; `payer` signs and pays
 * its rent. Idempotent, so a send never needs to ask the network first.
 */
export function createAssociatedTokenAccountIdempotentInstruction(accounts: {
  payer: Address
  account: Address
  owner: Address
  mint: Address
  tokenProgram: Address
}): Instruction {
  return {
    programAddress: ASSOCIATED_TOKEN_PROGRAM,
    accounts: [
      { address: accounts.payer, role: AccountRole.WRITABLE_SIGNER },
      { address: accounts.account, role: AccountRole.WRITABLE },
      { address: accounts.owner, role: AccountRole.READONLY },
      { address: accounts.mint, role: AccountRole.READONLY },
      { address: SYSTEM_PROGRAM, role: AccountRole.READONLY },
      { address: accounts.tokenProgram, role: AccountRole.READONLY },
    ],
    data: new Uint8Array([ATA_CREATE_IDEMPOTENT]),
  }
}

/**
 * Moves `amount` of `mint` between token accounts; `authority` (the source's owner) signs. The
 * program checks `decimals` against the mint, so a wrong token list cannot send 10^n times too much.
 */
export function transferCheckedInstruction(accounts: {
  source: Address
  mint: Address
  destination: Address
  authority: Address
  tokenProgram: Address
  amount: bigint
  decimals: number
}): Instruction {
  const data = new Uint8Array(10)
  const view = new DataView(data.buffer)
  view.setUint8(0, TOKEN_TRANSFER_CHECKED)
  view.setBigUint64(1, accounts.amount, true)
  view.setUint8(9, accounts.decimals)
  return {
    programAddress: accounts.tokenProgram,
    accounts: [
      { address: accounts.source, role: AccountRole.WRITABLE },
      { address: accounts.mint, role: AccountRole.READONLY },
      { address: accounts.destination, role: AccountRole.WRITABLE },
      { address: accounts.authority, role: AccountRole.READONLY_SIGNER },
    ],
    data,
  }
}
