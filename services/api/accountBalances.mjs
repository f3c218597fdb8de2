// `GET /v1/account/{address}/balance`: the §3 token balances of one account, read live from the nodes.
import { erc20Abi, formatUnits } from 'viem';

import { isUnreachable } from './createChainIndexer.mjs';
import { UpstreamError } from './errors.mjs';
import { tokenIconUrl } from './tokenIconUrl.mjs';

/**
 * @typedef {object} TokenBalance §3 Token balance
 * @property {string} name
 * @property {string} symbol
 * @property {string} chainId CAIP-2
 * @property {string} [address] CAIP-10 of the token contract; absent for the native currency
 * @property {number} value quantity × price
 * @property {number} price USD
 * @property {{ decimals: string, numeric: string }} quantity
 * @property {string} iconUrl
 */

/**
 * The native balance and every ERC-20 the account ever received (spam left out), without zero balances, on each
 * of `indexers`. Tokens with zero decimals are returned: §5 has the client drop them.
 *
 * @param {object} options
 * @param {`0x${string}`} options.address
 * @param {import('./createChainIndexer.mjs').ChainIndexer[]} options.indexers
 * @param {ReturnType<import('./createPriceTable.mjs').createPriceTable>} options.price
 * @param {(token: string) => boolean} options.isSpam
 * @returns {Promise<TokenBalance[]>}
 */
export async function evmBalances({ address, indexers, price, isSpam }) {
  const perChain = await Promise.all(
    indexers.map(async (indexer) => {
      // The token list comes from the index: it must have read the chain once.
      if (!indexer.synced) await indexer.sync();
      const { client, chainId, nativeCurrency } = indexer;
      const native = balance({ ...nativeCurrency, chainId, amount: await client.getBalance({ address }), price });
      const tokens = await Promise.all(
        indexer.tokensOf(address)
          .filter((token) => !isSpam(token))
          .map(async (token) => {
            const [info, amount] = await Promise.all([
              indexer.tokenInfo(token),
              client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [address] }).catch((error) => {
                // A contract that no longer answers balanceOf (self-destructed, not a token after all) is left out.
                if (isUnreachable(error)) throw error;
                return 0n;
              }),
            ]);
            const symbol = info.symbol ?? '';
            return balance({ name: info.name ?? symbol, symbol, decimals: info.decimals, chainId, token, amount, price });
          }),
      );
      return [native, ...tokens];
    }),
  );
  return perChain.flat().filter((entry) => entry !== undefined);
}

/**
 * The SOL balance of a Solana account, through the node's `getBalance`.
 *
 * @param {object} options
 * @param {string} options.address
 * @param {{ rpcUrl: string, chainId: string }} options.solana
 * @param {ReturnType<import('./createPriceTable.mjs').createPriceTable>} options.price
 * @returns {Promise<TokenBalance[]>}
 */
export async function solanaBalances({ address, solana, price }) {
  /** @type {{ result?: { value?: number }, error?: { message?: string } }} */
  let body;
  try {
    const response = await fetch(solana.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address, { commitment: 'confirmed' }] }),
      signal: AbortSignal.timeout(10_000),
    });
    body = await response.json();
  } catch (error) {
    throw new UpstreamError(`The Solana node at ${solana.rpcUrl} did not answer`, error);
  }
  if (typeof body?.result?.value !== 'number') throw new UpstreamError(`getBalance failed: ${body?.error?.message ?? 'no result'}`);
  const entry = balance({ name: 'Solana', symbol: 'SOL', decimals: 9, chainId: solana.chainId, amount: BigInt(body.result.value), price });
  return entry ? [entry] : [];
}

/**
 * @param {{ name: string, symbol: string, decimals: number, chainId: string, token?: `0x${string}`, amount: bigint,
 *   price: ReturnType<import('./createPriceTable.mjs').createPriceTable> }} options
 * @returns {TokenBalance | undefined} undefined for a zero balance
 */
function balance({ name, symbol, decimals, chainId, token, amount, price }) {
  if (amount === 0n) return undefined;
  const numeric = formatUnits(amount, decimals);
  const usd = price({ chainId, address: token, symbol });
  return {
    name,
    symbol,
    chainId,
    ...(token ? { address: `${chainId}:${token}` } : {}),
    value: Number(numeric) * usd,
    price: usd,
    quantity: { decimals: String(decimals), numeric },
    iconUrl: tokenIconUrl(symbol),
  };
}
