// A minimal JSON-RPC client for the dev chains, and the wait for deployed transactions' receipts, which the
// deployers (fixtures, Uniswap V2, ERC-4337) share.

// How long deployed transactions may take, and after how long one still missing is taken as stranded.
const RECEIPTS_TIMEOUT_MS = 30_000
const STRANDED_AFTER_MS = 1_000

/** @typedef {ReturnType<typeof createRpc>} DevChainRpc */
/** @typedef {{ status: string, contractAddress?: `0x${string}` | null }} Receipt the fields of a receipt read here */
/** @typedef {Record<string, Record<string, { hash: `0x${string}` }>>} BySender a pool's transactions, by sender and nonce */
/** @typedef {{ pending?: BySender, queued?: BySender }} Pool what anvil's `txpool_content` answers, the fields read here */

/**
 * Waits until every transaction has a receipt, polling them all in one batch. anvil's automine can leave a transaction
 * that arrived while it was mining a block in its pool until another transaction comes (foundry-rs/foundry#10122: the
 * deployers send at once, from their own accounts, and under load one was left there), so a wait past
 * STRANDED_AFTER_MS mines a block, once a second, to pick it up, after sending again any it left queued
 * (sendQueuedAgain).
 *
 * @param {DevChainRpc} rpc
 * @param {`0x${string}`[]} hashes
 * @param {string} what what the transactions do, named in the timeout's message ('Deploying Uniswap V2')
 * @param {{ timeoutMs?: number }} [options]
 */
export async function waitForReceipts(rpc, hashes, what, { timeoutMs = RECEIPTS_TIMEOUT_MS } = {}) {
  const started = Date.now()
  let mined = started
  for (;;) {
    const receipts = /** @type {Array<Receipt | null>} */ (await rpc.batch(hashes.map((hash) => ['eth_getTransactionReceipt', [hash]])))
    if (receipts.every((receipt) => receipt !== null)) return /** @type {Receipt[]} */ (receipts)
    const missing = hashes.filter((_, index) => receipts[index] === null)
    const now = Date.now()
    if (now - started > timeoutMs) {
      throw new Error(`${what}: ${missing.length} transactions not mined within ${timeoutMs / 1000} s: ${await inPool(rpc, missing)}`)
    }
    if (now - mined > STRANDED_AFTER_MS) {
      mined = now
      await sendQueuedAgain(rpc, missing)
      await rpc.call('evm_mine', [])
    }
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/**
 * anvil can queue a transaction whose nonce has in fact come (it arrived while the one before it was being mined) and
 * then never promote it, not even when a block is mined: a busy-machine run lost Uniswap V2's last one so. For each of
 * `hashes` queued so, the pool forgets its sender's transactions and hears them again in nonce order, checked anew.
 *
 * @param {DevChainRpc} rpc @param {`0x${string}`[]} hashes
 */
async function sendQueuedAgain(rpc, hashes) {
  const pool = /** @type {Pool} */ (await rpc.call('txpool_content', []))
  for (const [from, byNonce] of Object.entries(pool.queued ?? {})) {
    const next = Number(await rpc.call('eth_getTransactionCount', [from, 'latest']))
    const stuck = Object.entries(byNonce).some(([nonce, { hash }]) => Number(nonce) <= next && hashes.includes(hash))
    if (!stuck) continue
    const held = [...Object.entries(pool.pending?.[from] ?? {}), ...Object.entries(byNonce)].sort(([a], [b]) => Number(a) - Number(b))
    const raws = await rpc.batch(held.map(([, { hash }]) => ['eth_getRawTransactionByHash', [hash]]))
    await rpc.call('anvil_removePoolTransactions', [from])
    for (const raw of raws) await rpc.call('eth_sendRawTransaction', [raw])
  }
}

/**
 * Where anvil holds each transaction it has not mined, for the timeout's message: pending (the next to mine), queued
 * behind a nonce it has not seen, or unknown to it (dropped): which of these it was says what would fix it.
 *
 * @param {DevChainRpc} rpc @param {`0x${string}`[]} hashes
 */
async function inPool(rpc, hashes) {
  try {
    const pool = /** @type {Pool} */ (await rpc.call('txpool_content', []))
    const where = (/** @type {string} */ hash) => {
      for (const state of /** @type {const} */ (['pending', 'queued'])) {
        for (const [from, byNonce] of Object.entries(pool[state] ?? {})) {
          const nonce = Object.keys(byNonce).find((key) => byNonce[key]?.hash === hash)
          if (nonce !== undefined) return `${hash} ${state} in anvil's pool (from ${from}, nonce ${nonce})`
        }
      }
      return `${hash} unknown to anvil`
    }
    return hashes.map(where).join('; ')
  } catch (error) {
    return `anvil's pool unread (${error instanceof Error ? error.message : String(error)})`
  }
}

/**
 * A minimal JSON-RPC client: one request, or a batch in one HTTP request, results in order; any error throws.
 *
 * @param {string} url
 */
export function createRpc(url) {
  /** @param {Array<[string, unknown[]]>} calls */
  const batch = async (calls) => {
    if (calls.length === 0) return []
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(calls.map(([method, params], id) => ({ jsonrpc: '2.0', id, method, params }))),
    })
    const answers = /** @type {Array<{ id: number, result?: unknown, error?: { message: string } }>} */ (await response.json())
    const byId = new Map(answers.map((answer) => [answer.id, answer]))
    return calls.map(([method], id) => {
      const answer = byId.get(id)
      if (!answer || answer.error) throw new Error(`${method} failed on ${url}: ${answer?.error?.message ?? 'no answer'}`)
      return answer.result
    })
  }
  return {
    batch,
    /** @param {string} method @param {unknown[]} params */
    call: async (method, params) => (await batch([[method, params]]))[0],
  }
}
