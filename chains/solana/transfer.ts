// The Solana transfer capability's body (@solana/kit), loaded through import() on the first send
// (style 3): a System Program transfer for SOL, or for an SPL token the receiver's associated token
// account (created when missing) and a checked transfer; signed by the wallet and sent over the
// network's own RPC.
import {
  address,
  appendTransactionMessageInstructions,
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
  type Address,
  type Instruction,
} from '@solana/kit'
import type { TransferParameters, Kernel } from 'foyer'
import { BaseError, type BaseErrorOptions, AddressOrAuthConnectorNotFoundError, UnsupportedChainError } from 'foyer'
import { connectedWallet, requireNetwork, rpcFor, walletChainOf } from './client.js'
import {
  associatedTokenAccount,
  createAssociatedTokenAccountIdempotentInstruction,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
  transferCheckedInstruction,
  transferSolInstruction,
} from './instructions.js'
import type { SolanaConfig, SolanaSession } from './session.js'
import { rpcUrlFor } from 'foyer/query'
import type { StandardWalletAccount } from './walletStandard.js'

/** The transaction landed but failed: nothing was sent. */
export class TransferFailedError extends BaseError {
  override name = 'TransferFailedError'
  constructor(options?: BaseErrorOptions) {
    super('The transfer failed on the network', options)
  }
}

/** How long to wait for the network to confirm, polling every CONFIRM_POLL_MS. */
export const CONFIRM_TIMEOUT_MS = 60_000
const CONFIRM_POLL_MS = 400

type SignTransaction = (input: {
  account: StandardWalletAccount
  transaction: Uint8Array
  chain?: string
}) => Promise<readonly { signedTransaction: Uint8Array }[]>
type SignAndSendTransaction = (input: {
  account: StandardWalletAccount
  transaction: Uint8Array
  chain: string
}) => Promise<readonly { signature: Uint8Array }[]>

/**
 * Sends SOL or an SPL token (Token or Token-2022) from the connected account: the wallet signs
 * through `solana:signTransaction` (then Foyer sends it over the network's RPC) or, when that is
 * missing, `solana:signAndSendTransaction`; then the signature is polled until the network confirms
 * it or reports its error.
 *
 * @throws {UnsupportedChainError} for wallets that cannot sign transactions.
 * @throws {TransferFailedError} when the token is not a mint, or the transaction failed on the network.
 */
export async function transfer(
  kernel: Kernel,
  session: SolanaSession | undefined,
  config: SolanaConfig,
  { from, to, amount, token, networkId }: TransferParameters,
): Promise<{ hash: string }> {
  const signer = signerOf(session, from)
  const network = requireNetwork(config, networkId)
  // parseSolanaOptions gives every network an RPC URL.
  const rpc = rpcFor(kernel, rpcUrlFor(kernel, network, config.rpcUrls.get(network.caipNetworkId)!))
  const instructions = token
    ? await tokenTransferInstructions(rpc, {
        from: address(from),
        to: address(to),
        mint: address(token.address),
        amount,
        decimals: token.decimals,
      })
    : [transferSolInstruction(address(from), address(to), amount)]
  const { value: blockhash } = await rpc.getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(address(from), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  const bytes = new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
  const hash = await signer.submit(rpc, bytes, walletChainOf(network))
  await confirm(rpc, hash)
  return { hash }
}

/**
 * How the connected wallet gets a transaction onto the network: signed through
 * `solana:signTransaction` and sent by Foyer over the network's RPC, or, when the wallet lacks that,
 * through `solana:signAndSendTransaction`. Resolves with the transaction's signature (base58).
 */
function signerOf(session: SolanaSession | undefined, from: string) {
  const wallet = connectedWallet(session)
  const account = wallet.accounts.find((candidate) => candidate.address === from)
  if (!account) throw new AddressOrAuthConnectorNotFoundError({ details: `The wallet '${wallet.name}' no longer shows ${from}.` })
  const features = wallet.features as Record<
    string,
    { signTransaction?: SignTransaction; signAndSendTransaction?: SignAndSendTransaction } | undefined
  >
  const sign = features['solana:signTransaction']?.signTransaction
  const signAndSend = features['solana:signAndSendTransaction']?.signAndSendTransaction
  if (!sign && !signAndSend) throw new UnsupportedChainError({ details: `The wallet '${wallet.name}' cannot sign transactions.` })

  return {
    async submit(rpc: ReturnType<typeof rpcFor>, transaction: Uint8Array, chain: string): Promise<string> {
      if (sign) {
        const [output] = await sign({ account, transaction, chain })
        if (!output) throw new Error(`The wallet '${wallet.name}' returned no signed transaction.`)
        const signed = getTransactionDecoder().decode(output.signedTransaction)
        return rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send()
      }
      const [output] = await signAndSend!({ account, transaction, chain })
      if (!output) throw new Error(`The wallet '${wallet.name}' returned no signature.`)
      return getBase58Decoder().decode(output.signature)
    },
  }
}

/**
 * The receiver's associated token account, created when missing (the sender pays its rent, as
 * wallets do), then a checked transfer from the sender's associated account. The mint's owner
 * tells which token program it belongs to.
 */
async function tokenTransferInstructions(
  rpc: ReturnType<typeof rpcFor>,
  { from, to, mint, amount, decimals }: { from: Address; to: Address; mint: Address; amount: bigint; decimals: number },
): Promise<Instruction[]> {
  const { value: mintAccount } = await rpc.getAccountInfo(mint, { encoding: 'base64' }).send()
  const tokenProgram = mintAccount?.owner
  if (tokenProgram !== TOKEN_PROGRAM && tokenProgram !== TOKEN_2022_PROGRAM) {
    throw new TransferFailedError({ details: `${mint} is not a token mint on this network.` })
  }
  const [source, destination] = await Promise.all([
    associatedTokenAccount(from, mint, tokenProgram),
    associatedTokenAccount(to, mint, tokenProgram),
  ])
  return [
    createAssociatedTokenAccountIdempotentInstruction({ payer: from, account: destination, owner: to, mint, tokenProgram }),
    transferCheckedInstruction({ source, mint, destination, authority: from, tokenProgram, amount, decimals }),
  ]
}

async function confirm(rpc: ReturnType<typeof rpcFor>, hash: string): Promise<void> {
  const deadline = Date.now() + CONFIRM_TIMEOUT_MS
  for (;;) {
    const { value } = await rpc.getSignatureStatuses([toSignature(hash)]).send()
    const status = value[0]
    if (status?.err)
      throw new TransferFailedError({
        details: `Transaction ${hash} failed: ${JSON.stringify(status.err, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}`,
      })
    if (status && (status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized')) return
    if (Date.now() > deadline)
      throw new TransferFailedError({ details: `Transaction ${hash} was not confirmed within ${CONFIRM_TIMEOUT_MS / 1000} s.` })
    await new Promise((resolve) => setTimeout(resolve, CONFIRM_POLL_MS))
  }
}
