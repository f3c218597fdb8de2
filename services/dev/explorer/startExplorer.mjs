// A local stand-in for an Etherscan-compatible explorer API (Blockscout's `/api`, Etherscan v2), for testing the
// blockchain API's explorer history source without the network. It answers `module=account` with `action=txlist`,
// `tokentx` and `tokennfttx` in the explorers' JSON shape — `{ status, message, result }`, every number a decimal
// string, addresses in lower case — from one anvil, which it reads block by block as an explorer's indexer would.
// Development and tests only.
import http from 'node:http'

import { createPublicClient, erc20Abi, getAddress, http as httpTransport, isAddress } from 'viem'

import { listen } from '../../listen.mjs'

/** keccak256('Transfer(address,address,uint256)'). */
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
/** The most rows one query may ask for (page × offset), as Etherscan's limit. */
export const EXPLORER_MAX_ROWS = 10_000

/** @typedef {Record<string, string> & { from: string, to: string }} Row one row of a list, every field a string */

/**
 * @typedef {object} LocalExplorer
 * @property {string} url the API's endpoint, `http://127.0.0.1:<port>/api`
 * @property {URL[]} requests every request received, in order (tests count them)
 * @property {() => Promise<void>} stop
 */

/**
 * @param {object} options
 * @param {string} options.rpcUrl the anvil it reads
 * @param {number} [options.port] (default 0: a free port)
 * @param {string} [options.apiKey] when set, a query without this `apikey` is refused, as a keyed explorer does
 * @returns {Promise<LocalExplorer>}
 */
export async function startExplorer({ rpcUrl, port = 0, apiKey }) {
  const client = createPublicClient({ transport: httpTransport(rpcUrl, { batch: true }) })
  /** @type {Array<{ txs: Row[], tokens: Row[], nfts: Row[], hash: string, parentHash: string }>} the blocks read, by number */
  const blocks = []
  /** @type {Map<string, Promise<{ name: string, symbol: string, decimals: string }>>} */
  const tokenNames = new Map()
  /** @type {URL[]} */
  const requests = []

  /** @type {Promise<void> | undefined} */
  let reading
  /** One reader at a time: concurrent queries wait for the same pass. */
  const catchUp = () => {
    reading ??= readNewBlocks().finally(() => (reading = undefined))
    return reading
  }

  /** Reads the blocks it has not read yet; a chain that went back (anvil reverted) is read again from 0. */
  async function readNewBlocks() {
    const head = Number(await client.getBlockNumber({ cacheTime: 0 }))
    if (blocks.length - 1 > head) blocks.length = 0
    for (let number = blocks.length; number <= head; number++) {
      const block = await client.getBlock({ blockNumber: BigInt(number), includeTransactions: true })
      const last = blocks.at(-1)
      if (last && last.hash !== block.parentHash) {
        blocks.length = 0
        return readNewBlocks()
      }
      const receipts = block.transactions.length > 0 ? await client.getBlockReceipts({ blockHash: block.hash }) : []
      blocks.push({ ...(await rowsOf(block, receipts)), hash: block.hash, parentHash: block.parentHash })
    }
  }

  /**
   * @param {any} block a block with its transactions
   * @param {import('viem').TransactionReceipt[]} receipts
   */
  async function rowsOf(block, receipts) {
    /** @type {Row[]} */
    const txs = []
    /** @type {Row[]} */
    const tokens = []
    /** @type {Row[]} */
    const nfts = []
    for (const [index, tx] of block.transactions.entries()) {
      const receipt = /** @type {import('viem').TransactionReceipt} */ (receipts[index])
      const common = {
        blockNumber: String(block.number),
        timeStamp: String(block.timestamp),
        hash: tx.hash,
        nonce: String(tx.nonce),
        blockHash: block.hash,
        transactionIndex: String(tx.transactionIndex),
        gas: String(tx.gas),
        gasPrice: String(receipt.effectiveGasPrice),
        gasUsed: String(receipt.gasUsed),
        cumulativeGasUsed: String(receipt.cumulativeGasUsed),
        input: tx.input,
      }
      txs.push({
        ...common,
        from: tx.from.toLowerCase(),
        to: tx.to?.toLowerCase() ?? '',
        value: String(tx.value),
        isError: receipt.status === 'success' ? '0' : '1',
        txreceipt_status: receipt.status === 'success' ? '1' : '0',
        contractAddress: receipt.contractAddress?.toLowerCase() ?? '',
        methodId: tx.input.slice(0, 10),
        functionName: '',
      })
      for (const log of receipt.logs) {
        const [topic, from, to, tokenId] = log.topics
        if (topic !== TRANSFER_TOPIC || !from || !to || log.topics.length > 4) continue
        const names = await tokenNameOf(log.address, Boolean(tokenId))
        const row = {
          ...common,
          from: `0x${from.slice(26)}`,
          to: `0x${to.slice(26)}`,
          contractAddress: log.address.toLowerCase(),
          tokenName: names.name,
          tokenSymbol: names.symbol,
          tokenDecimal: names.decimals,
          logIndex: String(log.logIndex),
        }
        if (tokenId) nfts.push({ ...row, tokenID: String(BigInt(tokenId)) })
        else tokens.push({ ...row, value: String(log.data.length > 2 ? BigInt(log.data.slice(0, 66)) : 0n) })
      }
    }
    return { txs, tokens, nfts }
  }

  /**
   * @param {`0x${string}`} address
   * @param {boolean} nft
   */
  function tokenNameOf(address, nft) {
    let names = tokenNames.get(address.toLowerCase())
    if (!names) {
      const read = (/** @type {'name' | 'symbol' | 'decimals'} */ functionName) =>
        client.readContract({ address, abi: erc20Abi, functionName }).then(String, () => '')
      names = Promise.all([read('name'), read('symbol'), nft ? Promise.resolve('0') : read('decimals')]).then(
        ([name, symbol, decimals]) => ({
          name,
          symbol,
          decimals: decimals || '0',
        }),
      )
      tokenNames.set(address.toLowerCase(), names)
    }
    return names
  }

  /**
   * @param {URLSearchParams} query
   * @returns {Promise<{ status: '0' | '1', message: string, result: unknown }>}
   */
  async function answer(query) {
    const refuse = (/** @type {string} */ result) => ({ status: /** @type {const} */ ('0'), message: 'NOTOK', result })
    if (apiKey !== undefined && query.get('apikey') !== apiKey) return refuse('Missing or invalid API key')
    const action = query.get('action') ?? ''
    const lists = { txlist: 'txs', tokentx: 'tokens', tokennfttx: 'nfts' }
    if (query.get('module') !== 'account' || !(action in lists)) return refuse('Unknown module or action')
    const address = query.get('address') ?? ''
    if (!isAddress(address, { strict: false })) return refuse('Invalid address')
    const account = getAddress(address).toLowerCase()
    const startblock = Number(query.get('startblock') ?? 0)
    const endblock = Number(query.get('endblock') ?? Number.MAX_SAFE_INTEGER)
    const page = Number(query.get('page') ?? 1)
    const offset = Number(query.get('offset') ?? EXPLORER_MAX_ROWS)
    if (![startblock, endblock, page, offset].every((n) => Number.isSafeInteger(n) && n >= 0) || page < 1 || offset < 1) {
      return refuse('Invalid startblock, endblock, page or offset')
    }
    if (page * offset > EXPLORER_MAX_ROWS) return refuse(`page × offset must be at most ${EXPLORER_MAX_ROWS}`)
    await catchUp()
    const key = /** @type {'txs' | 'tokens' | 'nfts'} */ (lists[/** @type {keyof typeof lists} */ (action)])
    const rows = blocks
      .slice(startblock, endblock + 1)
      .flatMap((block) => block[key])
      .filter((row) => row.from === account || row.to === account || (key === 'txs' && row['contractAddress'] === account))
    if (query.get('sort') === 'desc') rows.reverse()
    const result = rows.slice((page - 1) * offset, page * offset)
    return result.length > 0 ? { status: '1', message: 'OK', result } : { status: '0', message: 'No transactions found', result: [] }
  }

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    requests.push(url)
    const send = (/** @type {number} */ status, /** @type {unknown} */ body) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    if (request.method !== 'GET' || url.pathname !== '/api') return send(404, { status: '0', message: 'NOTOK', result: 'Not found' })
    answer(url.searchParams).then(
      (body) => send(200, body),
      (error) =>
        send(200, {
          status: '0',
          message: 'NOTOK',
          result: `The node failed: ${error instanceof Error ? error.message.split('\n')[0] : error}`,
        }),
    )
  })
  const bound = await listen(server, { port, host: '127.0.0.1', envVar: 'FOYER_EXPLORER_PORT' })
  return {
    url: `http://127.0.0.1:${bound}/api`,
    requests,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve(undefined))
      }),
  }
}
