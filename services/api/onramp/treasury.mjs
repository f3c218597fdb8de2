// The stand-in providers' treasury: it pays what a checkout bought on the local chains, as a real provider pays from
// its own wallets. On anvil, ETH and the fixture USDC from one account; on the local Solana node, SOL from a
// treasury keypair and the fixture USDC minted by its mint authority (the token's issuer).
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
import { createPublicClient, createWalletClient, encodeAbiParameters, http, keccak256, numberToHex, parseAbi } from 'viem'
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
 * @param {object} options
 * @param {ReadonlyArray<{ chainId: number, rpcUrl: string }>} options.evm
 * @param {{ chainId: string, rpcUrl: string, usdcMint?: string, mintAuthority?: readonly number[] } | undefined} options.solana
 * @param {`0x${string}`} [options.evmPrivateKey] (default ONRAMP_TREASURY's)
 */
export function createTreasury({ evm, solana, evmPrivateKey = ONRAMP_TREASURY.privateKey }) {
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
  // One payout at a time per chain: each takes the treasury's next nonce (EVM) or its balance (Solana).
  /** @type {Map<string, Promise<unknown>>} */
  const queues = new Map()
  /** @type {Promise<import('@solana/kit').KeyPairSigner> | undefined} */
  let solanaSigner

  /**
   * @param {Payout} payout
   * @returns {Promise<string>} the hash (EVM) or signature (Solana) of the confirmed payout
   */
  async function payEvm({ chainId, address, token, units }) {
    const client = evmChains.get(chainId)
    if (!client) throw new Error(`The treasury does not pay on ${chainId}`)
    const to = /** @type {`0x${string}`} */ (address)
    let hash
    if (token === '') {
      hash = await client.wallet.sendTransaction({ to, value: units })
    } else {
      const contract = /** @type {`0x${string}`} */ (token)
      const held = await client.reader.readContract({ address: contract, abi: erc20, functionName: 'balanceOf', args: [account.address] })
      // The issuer tops the treasury up (its balance and the supply written, as devchain/deployAmm.mjs seeds pools),
      // so no fixture account sends anything and their histories stay as the fixtures left them.
      if (held < units) await topUp(client.reader, contract, held)
      hash = await client.wallet.writeContract({ address: contract, abi: erc20, functionName: 'transfer', args: [to, units] })
    }
    const receipt = await client.reader.waitForTransactionReceipt({ hash, timeout: CONFIRMATION_TIMEOUT_MS })
    if (receipt.status !== 'success') throw new Error(`The payout ${hash} reverted`)
    return hash
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

  /** @param {Payout} payout */
  async function paySolana({ address, token, units }) {
    if (!solana) throw new Error('The treasury does not pay on Solana')
    const rpc = createSolanaRpc(solana.rpcUrl)
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
    await rpc.sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64' }).send()
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
     * Pays and resolves with the confirmed transaction's hash or signature; rejects when it was refused or failed.
     *
     * @param {Payout} payout
     * @returns {Promise<string>}
     */
    pay(payout) {
      const previous = queues.get(payout.chainId) ?? Promise.resolve()
      const next = previous.catch(() => {}).then(() => (payout.chainId.startsWith('solana:') ? paySolana(payout) : payEvm(payout)))
      queues.set(payout.chainId, next)
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
