// viem's client, for the capabilities that need viem's encoders and actions anyway (sends, contract reads).
// Reads on the connection path go through rpc.ts instead (#21).
import { createClient, http, type Client } from 'viem'
import { createToken, type Token } from 'foyer'
import type { Kernel } from 'foyer'
import { RPC_BATCH_SIZE, RPC_TIMEOUT_MS } from './rpc.js'

// Here, not in session.ts: lazy chunks that import a manifest module drag its neighbours into shared chunks.
const PublicClientsToken: Token<Map<string, Client>> = createToken('evm:publicClients')

/**
 * The client for an RPC URL, created once per kernel and URL: requests made in the same tick share one
 * batch, and two kernels on a page share nothing. A bare client with each action imported where it is
 * used (`viem/actions`): `createPublicClient` would bring every public action, some 60 KB gzip.
 */
export function publicClientFor(kernel: Pick<Kernel, 'container'>, url: string): Client {
  const byUrl = kernel.container.ensure(PublicClientsToken, () => new Map<string, Client>())
  let client = byUrl.get(url)
  if (!client) {
    client = createClient({ transport: http(url, { timeout: RPC_TIMEOUT_MS, batch: { batchSize: RPC_BATCH_SIZE } }) })
    byUrl.set(url, client)
  }
  return client
}
