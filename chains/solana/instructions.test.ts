// The hand-encoded instructions must equal what the programs' official clients build (devDependencies
// here, never shipped): same program, same accounts in the same roles, same bytes.
import { address, createNoopSigner, type Instruction } from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { describe, expect, it } from 'vitest'
import {
  associatedTokenAccount,
  createAssociatedTokenAccountIdempotentInstruction,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
  transferCheckedInstruction,
  transferSolInstruction,
} from './instructions.js'

const sender = address('5fGJgdBJZaHeuRxXXCpP2TiiTKosJrka7SaoLBeBUT5t')
const receiver = address('4Xn7HseN9fPTJCvNGTn7UvaDQBTpHFxoZ28fJ2aBLAp6')
const mint = address('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')

/** What the network sees of an instruction: signer objects are the clients' business. */
const wire = ({ programAddress, accounts, data }: Instruction) => ({
  programAddress,
  accounts: accounts?.map(({ address, role }) => ({ address, role })),
  data: [...(data ?? [])],
})

describe('solana instructions', () => {
  it('the SOL transfer equals the System Program client’s', () => {
    const official = getTransferSolInstruction({ source: createNoopSigner(sender), destination: receiver, amount: 1_234_567_890n })
    expect(wire(transferSolInstruction(sender, receiver, 1_234_567_890n))).toEqual(wire(official))
  })

  it.each([
    ['Token', TOKEN_PROGRAM, TOKEN_PROGRAM_ADDRESS],
    // @solana-program/token has no Token-2022 constant: the address is Solana's published one.
    ['Token-2022', TOKEN_2022_PROGRAM, address('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb')],
  ])('%s: the associated account, its creation and the checked transfer equal the official client’s', async (_, ours, theirs) => {
    expect(ours).toBe(theirs)
    const [officialAccount] = await findAssociatedTokenPda({ owner: receiver, mint, tokenProgram: theirs })
    const account = await associatedTokenAccount(receiver, mint, ours)
    expect(account).toBe(officialAccount)

    const create = createAssociatedTokenAccountIdempotentInstruction({ payer: sender, account, owner: receiver, mint, tokenProgram: ours })
    const officialCreate = getCreateAssociatedTokenIdempotentInstruction({
      payer: createNoopSigner(sender),
      ata: officialAccount,
      owner: receiver,
      mint,
      tokenProgram: theirs,
    })
    expect(wire(create)).toEqual(wire(officialCreate))

    const source = await associatedTokenAccount(sender, mint, ours)
    const transfer = transferCheckedInstruction({
      source,
      mint,
      destination: account,
      authority: sender,
      tokenProgram: ours,
      amount: 2_250_000n,
      decimals: 6,
    })
    const officialTransfer = getTransferCheckedInstruction(
      { source, mint, destination: officialAccount, authority: createNoopSigner(sender), amount: 2_250_000n, decimals: 6 },
      { programAddress: theirs },
    )
    expect(wire(transfer)).toEqual(wire(officialTransfer))
  })
})
