// The index of one EVM chain, in memory: every transaction with its native, ERC-20 and ERC-721 transfers, by
// account, from block 0 to the head, kept up to date by polling. Nothing is stored: a restart reads the chain again.
import { BaseError, HttpRequestError, TimeoutError, createPublicClient, erc20Abi, erc721Abi, getAddress, http } from 'viem'

import { parseTokenUri } from './parseTokenUri.mjs'

/** keccak256('Transfer(address,address,uint256)'), the same event for ERC-20 and ERC-721. */
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
/** Blocks read at once while catching up. */
const BATCH_SIZE = 16

/**
 * @typedef {object} IndexedTransfer
 * @property {'native' | 'erc20' | 'erc721'} kind
 * @property {`0x${string}`} [token] the contract, for erc20 and erc721
 * @property {`0x${string}`} from
 * @property {`0x${string}`} to
 * @property {bigint} amount base units (1 for an ERC-721 token)
 * @property {bigint} [tokenId] erc721
 * @property {number} logIndex -1 for the transaction's own value
 */

/**
 * @typedef {object} IndexedTransaction
 * @property {string} chainId CAIP-2
 * @property {`0x${string}`} hash
 * @property {number} blockNumber
 * @property {number} index the transaction's position in its block
 * @property {number} timestamp seconds
 * @property {`0x${string}`} from
 * @property {`0x${string}` | null} to the contract created, for a deployment
 * @property {'confirmed' | 'failed'} status
 * @property {IndexedTransfer[]} transfers
 */

/**
 * @typedef {{ kind: 'erc20' | 'erc721', address: `0x${string}`, name: string | null, symbol: string | null,
 *   decimals: number }} TokenInfo
 */

/** True when `error` says the node could not be reached (as opposed to a call that reverted). */
export const isUnreachable = (/** @type {unknown} */ error) =>
  !(error instanceof BaseError) || Boolean(error.walk((cause) => cause instanceof HttpRequestError || cause instanceof TimeoutError))

/**
 * @param {object} options
 * @param {number} options.chainId
 * @param {string} options.rpcUrl
 * @param {{ name: string, symbol: string, decimals: number }} [options.nativeCurrency] (default Ether, ETH, 18 decimals)
 * @param {number} [options.pollingIntervalMs] how often the head is checked once caught up (default 500)
 * @param {(message: string) => void} [options.log] told when a pass fails (default console.error)
 */
export function createChainIndexer({
  chainId,
  rpcUrl,
  nativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 },
  pollingIntervalMs = 500,
  log = console.error,
}) {
  const caip2 = `eip155:${chainId}`
  // No retries: a dead node should become a 502 at once, and the poll loop retries on its own.
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 0, timeout: 10_000 }) })
  let state = emptyState()
  /** @type {Map<string, Promise<TokenInfo>>} by lower-case address */
  const tokenInfos = new Map()
  /** @type {Map<string, Promise<{ name: string | null, image: string | null }>>} by `address:tokenId` */
  const nftInfos = new Map()
  /** @type {Promise<void> | undefined} */
  let running
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer
  let stopped = false
  let lastError = ''

  function emptyState() {
    return {
      /** The next block to read. */
      next: 0n,
      /** @type {`0x${string}` | undefined} the hash of block next - 1, to notice a chain that was rewound */
      lastHash: undefined,
      synced: false,
      /** @type {Map<string, IndexedTransaction[]>} by lower-case account, oldest first */
      byAccount: new Map(),
      /** @type {Map<string, Set<`0x${string}`>>} ERC-20 contracts each lower-case account ever sent or received */
      tokensByAccount: new Map(),
      /** @type {Map<string, 'erc20' | 'erc721'>} by lower-case address */
      tokenKinds: new Map(),
    }
  }

  /** Reads blocks up to the head. A chain that went back (anvil restarted or reverted) is read again from 0. */
  async function pass() {
    const head = await client.getBlock({ blockTag: 'latest' })
    const last = state.next - 1n
    if (head.number < last || (head.number === last && head.hash !== state.lastHash)) state = emptyState()
    while (state.next <= head.number) {
      const numbers = []
      for (let n = state.next; n <= head.number && numbers.length < BATCH_SIZE; n++) numbers.push(n)
      const blocks = await Promise.all(numbers.map(readBlock))
      for (const { block, receipts } of blocks) {
        if (state.lastHash && block.parentHash !== state.lastHash) {
          state = emptyState()
          return pass()
        }
        for (const transaction of block.transactions) addTransaction(block, transaction, receipts)
        state.next = block.number + 1n
        state.lastHash = block.hash
      }
    }
    state.synced = true
  }

  /** @param {bigint} blockNumber */
  async function readBlock(blockNumber) {
    const block = await client.getBlock({ blockNumber, includeTransactions: true })
    // eth_getBlockReceipts (anvil, geth, reth, erigon): statuses, created contracts and logs in one call.
    const receipts = block.transactions.length > 0 ? await client.getBlockReceipts({ blockHash: block.hash }) : []
    return { block, receipts: new Map(receipts.map((receipt) => [receipt.transactionHash, receipt])) }
  }

  /**
   * @param {{ number: bigint, timestamp: bigint }} block
   * @param {import('viem').Transaction} transaction
   * @param {Map<string, import('viem').TransactionReceipt>} receipts
   */
  function addTransaction(block, transaction, receipts) {
    const receipt = receipts.get(transaction.hash)
    const status = receipt?.status === 'reverted' ? 'failed' : 'confirmed'
    const from = getAddress(transaction.from)
    /** @type {IndexedTransfer[]} */
    const transfers = []
    // The transaction's own value only: value moved by contracts (internal transfers) would need traces.
    if (transaction.value > 0n && transaction.to && status === 'confirmed') {
      transfers.push({ kind: 'native', from, to: getAddress(transaction.to), amount: transaction.value, logIndex: -1 })
    }
    for (const log of receipt?.logs ?? []) {
      const transfer = readTransferLog(log)
      if (transfer) transfers.push(transfer)
    }
    /** @type {IndexedTransaction} */
    const indexed = {
      chainId: caip2,
      hash: transaction.hash,
      blockNumber: Number(block.number),
      index: transaction.transactionIndex ?? 0,
      timestamp: Number(block.timestamp),
      from,
      to: transaction.to ? getAddress(transaction.to) : receipt?.contractAddress ? getAddress(receipt.contractAddress) : null,
      status,
      transfers,
    }
    const accounts = new Set([indexed.from.toLowerCase()])
    for (const transfer of transfers) {
      for (const account of [transfer.from.toLowerCase(), transfer.to.toLowerCase()]) {
        accounts.add(account)
        if (transfer.kind !== 'erc20' || !transfer.token) continue
        const tokens = state.tokensByAccount.get(account) ?? new Set()
        state.tokensByAccount.set(account, tokens.add(transfer.token))
      }
    }
    for (const account of accounts) {
      const list = state.byAccount.get(account) ?? []
      list.push(indexed)
      state.byAccount.set(account, list)
    }
  }

  /**
   * A Transfer event: 3 topics for ERC-20 (the value in data), 4 for ERC-721 (the token id indexed).
   *
   * @param {import('viem').Log} log
   * @returns {IndexedTransfer | undefined}
   */
  function readTransferLog(log) {
    const [topic, from, to, tokenId] = log.topics
    if (topic !== TRANSFER_TOPIC || !from || !to || log.topics.length > 4) return undefined
    const kind = tokenId ? /** @type {const} */ ('erc721') : /** @type {const} */ ('erc20')
    const token = getAddress(log.address)
    state.tokenKinds.set(token.toLowerCase(), kind)
    const base = { kind, token, from: topicAddress(from), to: topicAddress(to), logIndex: log.logIndex ?? 0 }
    if (tokenId) return { ...base, amount: 1n, tokenId: BigInt(tokenId) }
    return { ...base, amount: log.data.length > 2 ? BigInt(log.data.slice(0, 66)) : 0n }
  }

  /**
   * One pass at a time: callers that arrive during a pass wait for it. A failed pass rejects for its callers
   * and leaves the index as it was, so the next one carries on.
   */
  function sync() {
    running ??= pass().finally(() => {
      running = undefined
    })
    return running
  }

  async function poll() {
    try {
      await sync()
      lastError = ''
    } catch (error) {
      const message = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)
      // Logged once per new failure, not every 500 ms while the node is down.
      if (message !== lastError) log(`[api] indexing ${caip2} from ${rpcUrl} failed: ${message}`)
      lastError = message
    }
    if (!stopped) timer = setTimeout(poll, pollingIntervalMs)
  }

  /**
   * Reads a value the contract may not implement: null when it reverts; a node that cannot be reached throws.
   *
   * @template T
   * @param {() => Promise<T>} read
   * @returns {Promise<T | null>}
   */
  async function optional(read) {
    try {
      return await read()
    } catch (error) {
      if (isUnreachable(error)) throw error
      return null
    }
  }

  /**
   * Cached per key; a failure to reach the node is not cached, so the next request tries again.
   *
   * @template T
   * @param {Map<string, Promise<T>>} cache
   * @param {string} key
   * @param {() => Promise<T>} read
   */
  function cached(cache, key, read) {
    let entry = cache.get(key)
    if (!entry) {
      entry = read()
      cache.set(key, entry)
      entry.catch(() => cache.delete(key))
    }
    return entry
  }

  return {
    /** CAIP-2, `eip155:<id>`. */
    chainId: caip2,
    rpcUrl,
    nativeCurrency,
    /** The viem public client the index reads through (balances are read live with it too). */
    client: /** @type {import('viem').PublicClient} */ (client),
    /** Whether the index has reached the head at least once since it started (or since the chain went back). */
    get synced() {
      return state.synced
    },
    /** The last block indexed, -1 before the first. */
    get height() {
      return Number(state.next) - 1
    },
    /** Starts reading the chain and polling for new blocks. */
    start() {
      stopped = false
      void poll()
    },
    /** Stops polling; a pass under way finishes on its own. */
    stop() {
      stopped = true
      clearTimeout(timer)
    },
    sync,
    /**
     * The transactions `account` sent or took part in through a transfer, oldest first.
     *
     * @param {string} account
     * @returns {readonly IndexedTransaction[]}
     */
    transactionsOf: (account) => state.byAccount.get(account.toLowerCase()) ?? [],
    /**
     * The ERC-20 contracts `account` ever sent or received.
     *
     * @param {string} account
     * @returns {`0x${string}`[]}
     */
    tokensOf: (account) => [...(state.tokensByAccount.get(account.toLowerCase()) ?? [])],
    /**
     * Name, symbol and decimals of a token contract (ERC-721 if its Transfer events said so).
     *
     * @param {`0x${string}`} address
     * @returns {Promise<TokenInfo>}
     */
    tokenInfo: (address) =>
      cached(tokenInfos, address.toLowerCase(), async () => {
        const kind = state.tokenKinds.get(address.toLowerCase()) ?? 'erc20'
        const abi = kind === 'erc20' ? erc20Abi : erc721Abi
        const read = (/** @type {'name' | 'symbol'} */ functionName) => optional(() => client.readContract({ address, abi, functionName }))
        const [name, symbol, decimals] = await Promise.all([
          read('name'),
          read('symbol'),
          // A token without decimals() counts whole units.
          kind === 'erc20' ? optional(() => client.readContract({ address, abi: erc20Abi, functionName: 'decimals' })) : 0,
        ])
        return { kind, address: getAddress(address), name, symbol, decimals: decimals ?? 0 }
      }),
    /**
     * The name and image of an ERC-721 token, from its tokenURI when that is a data: URI.
     *
     * @param {`0x${string}`} address
     * @param {bigint} tokenId
     */
    nftInfo: (address, tokenId) =>
      cached(nftInfos, `${address.toLowerCase()}:${tokenId}`, async () => {
        const uri = await optional(() => client.readContract({ address, abi: erc721Abi, functionName: 'tokenURI', args: [tokenId] }))
        return uri ? parseTokenUri(uri) : { name: null, image: null }
      }),
  }
}

/** @param {`0x${string}`} topic a 32-byte topic holding an address */
const topicAddress = (topic) => getAddress(`0x${topic.slice(26)}`)

/** @typedef {ReturnType<typeof createChainIndexer>} ChainIndexer */
