// The Solana transfer capability's body (@solana/kit), loaded through import() on the first send
// (STYLE 3): a System Program transfer, signed by the wallet and sent over the network's own RPC.
import {
  AccountRole,
  address,
  appendTransactionMessageInstruction,
  compileTransaction,
  createTransactionMessage,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  signature as toSignature,
  type Instruction,
} from '@solana/kit'
import type { TransferParameters } from '../../kernel/chain.js'
import type { Kernel } from '../../kernel/createKernel.js'
import { BaseError, type BaseErrorOptions } from '../../kernel/errors/BaseError.js'
import { AddressOrAuthConnectorNotFoundError, NetworkNotFoundError, UnsupportedChainError } from '../../kernel/errors/catalogue.js'
import { isSameNetwork } from '../../kernel/network.js'
import { rpcFor, walletChainOf } from './client.js'
import type { SolanaConfig, SolanaSession } from './session.js'
import type { StandardWalletAccount } from './walletStandard.js'

/** The transaction landed but failed: nothing was sent. */
export class TransferFailedError extends BaseError {
  override name = 'TransferFailedError'
  constructor(options?: BaseErrorOptions) {
    super('The transfer failed on the network', options)
  }
}

const SYSTEM_PROGRAM = address('11111111111111111111111111111111')
/** The System Program's index of `Transfer`. */
const TRANSFER_INSTRUCTION = 2
/** How long to wait for the network to confirm, polling every CONFIRM_POLL_MS. */
export const CONFIRM_TIMEOUT_MS = 60_000
const CONFIRM_POLL_MS = 400

type SignTransaction = (input: { account: StandardWalletAccount; transaction: Uint8Array; chain?: string }) => Promise<readonly { signedTransaction: Uint8Array }[]>
type SignAndSendTransaction = (input: { account: StandardWalletAccount; transaction: Uint8Array; chain: string }) => Promise<readonly { signature: Uint8Array }[]>

/**
 * The System Program transfer, built by hand: u32 instruction index 2 then u64 lamports, both
 * little-endian. (@solana-program/system's getTransferSolInstruction does the same, but it is not a
 * dependency of the package.)
 */
export function transferSolInstruction(from: string, to: string, lamports: bigint): Instruction {
  const data = new Uint8Array(12)
  const view = new DataView(data.buffer)
  view.setUint32(0, TRANSFER_INSTRUCTION, true)
  view.setBigUint64(4, lamports, true)
  return {
    programAddress: SYSTEM_PROGRAM,
    accounts: [
      { address: address(from), role: AccountRole.WRITABLE_SIGNER },
      { address: address(to), role: AccountRole.WRITABLE },
    ],
    data,
  }
}

/**
 * Sends SOL from the connected account: the wallet signs through `solana:signTransaction` (then
 * Foyer sends it over the network's RPC) or, when that is missing, `solana:signAndSendTransaction`;
 * then the signature is polled until the network confirms it or reports its error.
 *
 * @throws {UnsupportedChainError} for SPL tokens (not offered yet) and wallets that cannot sign transactions.
 * @throws {TransferFailedError} when the transaction failed on the network.
 */
export async function transfer(
  kernel: Kernel,
  session: SolanaSession | undefined,
  config: SolanaConfig,
  { from, to, amount, token, networkId }: TransferParameters,
): Promise<{ hash: string }> {
  if (token) throw new UnsupportedChainError({ details: `Sending SPL tokens (${token.symbol}) is not offered yet.` })
  const wallet = session?.active?.wallet
  if (!wallet) throw new AddressOrAuthConnectorNotFoundError({ details: 'No Solana wallet is connected.' })
  const account = wallet.accounts.find((candidate) => candidate.address === from)
  if (!account) throw new AddressOrAuthConnectorNotFoundError({ details: `The wallet '${wallet.name}' no longer shows ${from}.` })
  const network = config.networks.find((candidate) => isSameNetwork(candidate, networkId))
  const url = network && config.rpcUrls.get(network.caipNetworkId)
  if (!network || !url) throw new NetworkNotFoundError({ details: `solana() has no network ${networkId}.` })
  const features = wallet.features as Record<string, { signTransaction?: SignTransaction; signAndSendTransaction?: SignAndSendTransaction } | undefined>
  const sign = features['solana:signTransaction']?.signTransaction
  const signAndSend = features['solana:signAndSendTransaction']?.signAndSendTransaction
  if (!sign && !signAndSend) throw new UnsupportedChainError({ details: `The wallet '${wallet.name}' cannot sign transactions.` })

  const rpc = rpcFor(kernel, url)
  const { value: blockhash } = await rpc.getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(address(from), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) => appendTransactionMessageInstruction(transferSolInstruction(from, to, amount), m),
  )
  const bytes = new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
  const chain = walletChainOf(network)

  let hash: string
  if (sign) {
    const [output] = await sign({ account, transaction: bytes, chain })
    if (!output) throw new Error(`The wallet '${wallet.name}' returned no signed transaction.`)
    const signed = getTransactionDecoder().decode(output.signedTransaction)
    hash = await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send()
  } else {
    const [output] = await signAndSend!({ account, transaction: bytes, chain })
    if (!output) throw new Error(`The wallet '${wallet.name}' returned no signature.`)
    hash = getBase58Decoder().decode(output.signature)
  }
  await confirm(rpc, hash)
  return { hash }
}

async function confirm(rpc: ReturnType<typeof rpcFor>, hash: string): Promise<void> {
  const deadline = Date.now() + CONFIRM_TIMEOUT_MS
  for (;;) {
    const { value } = await rpc.getSignatureStatuses([toSignature(hash)]).send()
    const status = value[0]
    if (status?.err) throw new TransferFailedError({ details: `Transaction ${hash} failed: ${JSON.stringify(status.err, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}` })
    if (status && (status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized')) return
    if (Date.now() > deadline) throw new TransferFailedError({ details: `Transaction ${hash} was not confirmed within ${CONFIRM_TIMEOUT_MS / 1000} s.` })
    await new Promise((resolve) => setTimeout(resolve, CONFIRM_POLL_MS))
  }
}
