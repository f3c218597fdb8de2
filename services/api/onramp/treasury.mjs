// The stand-in providers' treasury: it pays what a checkout bought on the local chains, as a real provider pays from
// its own wallets. On anvil, ETH and the fixture USDC from one account; on the local Solana node, SOL from a
// treasury keypair and the fixture USDC minted by its mint authority (the token's issuer).
//
// Paid once, whatever dies: each payout is signed first and recorded with its order (the ledger), then sent. An
// instance taking over an order whose payer died finds that transaction on chain, or sends the very same bytes
// again, and signs a new one only when the recorded one can never land (its nonce went to another transaction, or
// its Solana blockhash expired). Instances sharing one treasury key take turns to pick its next nonce and send.
import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'

import {
  address as solanaAddress,
  appendTransactionMessageInstructions,
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  TOKEN_PROGRAM_ADDRESS,
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getMintToInstruction,
} from '@solana-program/token'
import {
  createPublicClient,
  createWalletClient,
  encodeAbiParameters,
  encodeFunctionData,
  http,
  keccak256,
  numberToHex,
  parseAbi,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/**
 * Anvil account #8 of the public test mnemonic: the on-ramp treasury on the local EVM chains. An account of its own,
 * so the fixtures' accounts keep their histories. Local chains only.
 */
export const ONRAMP_TREASURY = Object.freeze({
  address: /** @type {`0x${string}`} */ ('0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f'),
  privateKey: /** @type {`0x${string}`} */ ('0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97'),
})

// The fixture tokens keep totalSupply in slot 2 and balanceOf in slot 3 (FixtureToken.sol; devchain/deployAmm.mjs
// seeds its pools the same way).
const TOTAL_SUPPLY_SLOT = 2n
const BALANCES_SLOT = 3n
/** What the treasury holds of a fixture token after a top-up: 1,000,000 USDC. */
const TOP_UP_UNITS = 1_000_000_000_000n
/** What the Solana treasury asks the node for when it runs short: 1000 SOL. */
const SOL_TOP_UP = 1_000_000_000_000n
const CONFIRMATION_TIMEOUT_MS = 30_000
/** How long one payout may hold the treasury's turn (picking the nonce, signing, recording, sending: no waiting). */
const TURN_MS = 30_000
const TURN_POLL_MS = 20

const erc20 = parseAbi([
  'function transfer(address to, uint256 value) returns (bool)',
  'function balanceOf(address) view returns (uint256)',
])

/**
 * @typedef {object} Payout
 * @property {string} chainId CAIP-2
 * @property {string} address the destination wallet
 * @property {string} token '' for the native coin, else the contract or mint
 * @property {bigint} units
 */

/**
 * A payout's transaction as signed, recorded with its order before it is sent.
 *
 * @typedef {object} SignedPayout
 * @property {string} ref the EVM transaction's hash, or the Solana signature
 * @property {string} raw the signed transaction: hex (EVM), base64 wire bytes (Solana)
 * @property {string} [blockhash] Solana: the blockhash it lives by; once that expired it can never land
 */

/**
 * The order being paid, as the treasury reads and writes it.
 *
 * @typedef {object} PayoutLedger
 * @property {() => Promise<boolean>} hold keeps the order this instance's; false once another instance took it over
 * @property {() => Promise<SignedPayout | undefined>} signed the transaction recorded for it, if any
 * @property {(signed: SignedPayout, replacing: SignedPayout | undefined) => Promise<boolean>} record records a new
 *   transaction before it is sent; false when another was recorded meanwhile (or the order moved on)
 */

/**
 * Whose turn it is to send from a treasury key: one holder at a time, across every instance sharing them.
 *
 * @typedef {object} TreasuryTurns
 * @property {(key: string, holder: string, ttlMs: number) => Promise<boolean>} take
 * @property {(key: string, holder: string) => Promise<void>} end
 */

/** Another instance took the order over while this one waited: it leaves the payout to it and records nothing. */
export class PayoutTakenOver extends Error {
  constructor() {
    super('Another instance took the payout over')
    this.name = 'PayoutTakenOver'
  }
}

/**
 * Turns kept in this process's memory: enough for one instance.
 *
 * @returns {TreasuryTurns}
 */
export function turnsInMemory() {
  /** @type {Map<string, { holder: string, until: number }>} */
  const held = new Map()
  return {
    async take(key, holder, ttlMs) {
      const current = held.get(key)
      if (current && current.until > Date.now()) return false
      held.set(key, { holder, until: Date.now() + ttlMs })
      return true
    },
    async end(key, holder) {
      if (held.get(key)?.holder === holder) held.delete(key)
    },
  }
}

/**
 * @param {object} options
 * @param {ReadonlyArray<{ chainId: number, rpcUrl: string }>} options.evm
 * @param {{ chainId: string, rpcUrl: string, usdcMint?: string, mintAuthority?: readonly number[] } | undefined} options.solana
 * @param {`0x${string}`} [options.evmPrivateKey] (default ONRAMP_TREASURY's)
 * @param {TreasuryTurns} [options.turns] shared by every instance paying from this key (default turnsInMemory())
 */
export function createTreasury({ evm, solana, evmPrivateKey = ONRAMP_TREASURY.privateKey, turns = turnsInMemory() }) {
  const account = privateKeyToAccount(evmPrivateKey)
  const evmChains = new Map(
    evm.map(({ chainId, rpcUrl }) => {
      const transport = http(rpcUrl)
      const chain = {
        id: chainId,
        name: `Local ${chainId}`,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [rpcUrl] } },
      }
      return [
        `eip155:${chainId}`,
        {
          wallet: createWalletClient({ account, chain, transport }),
          reader: createPublicClient({ chain, transport, pollingInterval: 50 }),
        },
      ]
    }),
  )
  // One Solana payout at a time: each may top the treasury's balance up.
  /** @type {Promise<unknown>} */
  let solanaQueue = Promise.resolve()
  /** @type {Promise<import('@solana/kit').KeyPairSigner> | undefined} */
  let solanaSigner

  /**
   * Runs `send` in the turn `key`: waits while another holder (of any instance) has it.
   *
   * @template T
   * @param {string} key
   * @param {() => Promise<T>} send
   * @returns {Promise<T>}
   */
  async function inTurn(key, send) {
    const holder = randomBytes(8).toString('hex')
    const deadline = Date.now() + 2 * TURN_MS
    while (!(await turns.take(key, holder, TURN_MS))) {
      if (Date.now() > deadline) throw new Error(`The treasury's turn on ${key} stayed taken for ${(2 * TURN_MS) / 1000} s`)
      await sleep(TURN_POLL_MS)
    }
    try {
      return await send()
    } finally {
      await turns.end(key, holder).catch(() => {})
    }
  }

  /**
   * @param {Payout} payout
   * @param {PayoutLedger} ledger
   * @returns {Promise<string>} the hash of the confirmed payout
   */
  async function payEvm({ chainId, address, token, units }, ledger) {
    const client = evmChains.get(chainId)
    if (!client) throw new Error(`The treasury does not pay on ${chainId}`)
    const { reader, wallet } = client
    // In the turn: what was recorded, sent again, or a new transaction at the treasury's next nonce, recorded, sent.
    // Its confirmation is awaited after the turn: the next payout's nonce counts this one, pending.
    const send = () =>
      inTurn(`${chainId}:${account.address}`, async () => {
        if (!(await ledger.hold())) throw new PayoutTakenOver()
        const recorded = await ledger.signed()
        if (recorded && (await sendAgain(reader, recorded))) return /** @type {`0x${string}`} */ (recorded.ref)
        const to = /** @type {`0x${string}`} */ (address)
        /** @type {{ to: `0x${string}`, value?: bigint, data?: `0x${string}` }} */
        let call = { to, value: units }
        if (token !== '') {
          const contract = /** @type {`0x${string}`} */ (token)
          const held = await reader.readContract({ address: contract, abi: erc20, functionName: 'balanceOf', args: [account.address] })
          // The issuer tops the treasury up (its balance and the supply written, as devchain/deployAmm.mjs seeds
          // pools), so no fixture account sends anything and their histories stay as the fixtures left them.
          if (held < units) await topUp(reader, contract, held)
          call = { to: contract, data: encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [to, units] }) }
        }
        const nonce = await reader.getTransactionCount({ address: account.address, blockTag: 'pending' })
        const raw = await wallet.signTransaction(await wallet.prepareTransactionRequest({ ...call, nonce }))
        const signed = { ref: keccak256(raw), raw }
        if (!(await ledger.record(signed, recorded))) throw new PayoutTakenOver()
        await reader.sendRawTransaction({ serializedTransaction: raw })
        return /** @type {`0x${string}`} */ (signed.ref)
      })
    for (let round = 1; ; round += 1) {
      const hash = await send()
      const receipt = await reader.waitForTransactionReceipt({ hash, timeout: CONFIRMATION_TIMEOUT_MS })
      // Another transaction took its nonce (viem then answers with that one's receipt): this payout can never be
      // mined, and the next round signs a new one.
      if (receipt.transactionHash !== hash) {
        if (round < 3) continue
        throw new Error(`The payout ${hash} was replaced by ${receipt.transactionHash}`)
      }
      if (receipt.status !== 'success') throw new Error(`The payout ${hash} reverted`)
      return hash
    }
  }

  /**
   * @param {import('viem').PublicClient} reader
   * @param {`0x${string}`} token
   * @param {bigint} held
   */
  async function topUp(reader, token, held) {
    const supplySlot = numberToHex(TOTAL_SUPPLY_SLOT, { size: 32 })
    const supply = BigInt((await reader.getStorageAt({ address: token, slot: supplySlot })) ?? '0x0')
    const balanceSlot = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [account.address, BALANCES_SLOT]))
    const request = /** @type {(args: { method: string, params: unknown[] }) => Promise<unknown>} */ (
      /** @type {unknown} */ (reader.request)
    )
    await request({ method: 'anvil_setStorageAt', params: [token, balanceSlot, numberToHex(TOP_UP_UNITS, { size: 32 })] })
    await request({ method: 'anvil_setStorageAt', params: [token, supplySlot, numberToHex(supply - held + TOP_UP_UNITS, { size: 32 })] })
  }

  /**
   * @param {Payout} payout
   * @param {PayoutLedger} ledger
   */
  async function paySolana({ address, token, units }, ledger) {
    if (!solana) throw new Error('The treasury does not pay on Solana')
    const rpc = createSolanaRpc(solana.rpcUrl)
    if (!(await ledger.hold())) throw new PayoutTakenOver()
    const recorded = await ledger.signed()
    if (recorded && (await landsOnSolana(rpc, recorded))) return recorded.ref
    solanaSigner ??= generateKeyPairSigner()
    const payer = await solanaSigner
    const owner = solanaAddress(address)
    const { value: lamports } = await rpc.getBalance(payer.address).send()
    // Fees and rent for a token account: a little SOL beyond what is paid.
    if (lamports < units + 10_000_000n) {
      const airdrop = await rpc.requestAirdrop(payer.address, /** @type {any} */ (units + SOL_TOP_UP)).send()
      await confirm(rpc, airdrop)
    }
    /** @type {import('@solana/kit').Instruction[]} */
    let instructions
    if (token === '') {
      instructions = [getTransferSolInstruction({ source: payer, destination: owner, amount: units })]
    } else {
      if (token !== solana.usdcMint || !solana.mintAuthority) throw new Error(`The treasury does not pay ${token}`)
      const authority = await createKeyPairSignerFromBytes(new Uint8Array(solana.mintAuthority))
      const mint = solanaAddress(token)
      const [ata] = await findAssociatedTokenPda({ mint, owner, tokenProgram: TOKEN_PROGRAM_ADDRESS })
      instructions = [
        getCreateAssociatedTokenIdempotentInstruction({ payer, ata, owner, mint }),
        getMintToInstruction({ mint, token: ata, mintAuthority: authority, amount: units }),
      ]
    }
    const { value: lifetime } = await rpc.getLatestBlockhash().send()
    const transaction = await signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 0 }),
        (message) => setTransactionMessageFeePayerSigner(payer, message),
        (message) => setTransactionMessageLifetimeUsingBlockhash(lifetime, message),
        (message) => appendTransactionMessageInstructions(instructions, message),
      ),
    )
    const signature = getSignatureFromTransaction(transaction)
    const wire = getBase64EncodedWireTransaction(transaction)
    if (!(await ledger.record({ ref: signature, raw: wire, blockhash: lifetime.blockhash }, recorded))) throw new PayoutTakenOver()
    await rpc.sendTransaction(wire, { encoding: 'base64' }).send()
    await confirm(rpc, signature)
    return signature
  }

  return {
    /** The EVM treasury's address. */
    evmAddress: account.address,
    /**
     * Whether a payout on `chainId` can be made.
     *
     * @param {string} chainId CAIP-2
     */
    pays: (chainId) => evmChains.has(chainId) || (solana !== undefined && chainId === solana.chainId),
    /**
     * Pays and resolves with the confirmed transaction's hash or signature; rejects when it was refused or failed,
     * and with PayoutTakenOver when another instance took the order over meanwhile.
     *
     * @param {Payout} payout
     * @param {PayoutLedger} ledger the order's records
     * @returns {Promise<string>}
     */
    pay(payout, ledger) {
      if (!payout.chainId.startsWith('solana:')) return payEvm(payout, ledger)
      const next = solanaQueue.catch(() => {}).then(() => paySolana(payout, ledger))
      solanaQueue = next
      return next
    },
  }
}

/** @typedef {ReturnType<typeof createTreasury>} Treasury */

/**
 * @param {import('@solana/kit').Rpc<import('@solana/kit').SolanaRpcApi>} rpc
 * @param {import('@solana/kit').Signature} signature
 */
async function confirm(rpc, signature) {
  const deadline = Date.now() + CONFIRMATION_TIMEOUT_MS
  for (;;) {
    const { value } = await rpc.getSignatureStatuses([signature]).send()
    const status = value[0]
    if (status?.err)
      throw new Error(
        `The payout ${signature} failed: ${JSON.stringify(status.err, (_key, item) => (typeof item === 'bigint' ? String(item) : item))}`,
      )
    if (status && (status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized')) return
    if (Date.now() > deadline) throw new Error(`The payout ${signature} was not confirmed within ${CONFIRMATION_TIMEOUT_MS / 1000} s`)
    await sleep(20)
  }
}

/**
 * Sends a recorded EVM payout again and resolves true when it is on chain or waiting to be mined; false when it can
 * never be mined (its nonce went to another transaction), so a new one may be signed.
 *
 * @param {import('viem').PublicClient} reader
 * @param {SignedPayout} recorded
 */
async function sendAgain(reader, recorded) {
  const hash = /** @type {`0x${string}`} */ (recorded.ref)
  const mined = () =>
    reader.getTransactionReceipt({ hash }).then(
      () => true,
      () => false,
    )
  if (await mined()) return true
  try {
    await reader.sendRawTransaction({ serializedTransaction: /** @type {`0x${string}`} */ (recorded.raw) })
    return true
  } catch (error) {
    // Mined between the two calls, or still in the node's pool: the same transaction, so nothing more to send.
    if (await mined()) return true
    const message = error instanceof Error ? error.message : String(error)
    if (/already (known|imported)|known transaction/i.test(message)) return true
    if (/nonce (too low|has already been used)/i.test(message)) return false
    throw error
  }
}

/**
 * Whether a recorded Solana payout landed or still may (it is sent again while its blockhash lives); false once it
 * never can, so a new one may be signed.
 *
 * @param {import('@solana/kit').Rpc<import('@solana/kit').SolanaRpcApi>} rpc
 * @param {SignedPayout} recorded
 */
async function landsOnSolana(rpc, recorded) {
  const signature = /** @type {import('@solana/kit').Signature} */ (recorded.ref)
  const known = async () => (await rpc.getSignatureStatuses([signature]).send()).value[0] != null
  if (!(await known())) {
    const blockhash = /** @type {import('@solana/kit').Blockhash} */ (recorded.blockhash)
    const { value: alive } = await rpc.isBlockhashValid(blockhash).send()
    if (!alive && !(await known())) return false
    if (alive)
      await rpc
        .sendTransaction(/** @type {import('@solana/kit').Base64EncodedWireTransaction} */ (recorded.raw), { encoding: 'base64' })
        .send()
        .catch(() => {})
  }
  await confirm(rpc, signature)
  return true
}
