// The public mirror of registered names on chain: FoyerNameResolver (services/dev/devchain/contracts), which answers
// viem's standard ENS actions (`getEnsName`, `getEnsAddress`, `getEnsText('avatar')`), so any dapp on the chain
// resolves the names without Foyer. The database stays the authority: a write that fails is logged, never undoes
// a registration, and every name is written again when the service starts.
import { createPublicClient, createWalletClient, defineChain, http, namehash, parseAbi } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

const RESOLVER_ABI = parseAbi(['function setNames(bytes32[] nodes, string[] names, address[] accounts, string[] avatars)'])
/** Names per transaction when everything is written again at start. */
const BATCH = 100

/**
 * @typedef {object} NameResolverTarget
 * @property {number} chainId
 * @property {string} rpcUrl
 * @property {`0x${string}`} address the FoyerNameResolver contract
 * @property {`0x${string}`} privateKey its owner's key (the only account it accepts writes from)
 */

/**
 * @param {object} options
 * @param {readonly NameResolverTarget[]} options.resolvers
 * @param {(message: string) => void} options.log
 */
export function createResolverMirror({ resolvers, log }) {
  const targets = resolvers.map(({ chainId, rpcUrl, address, privateKey }) => {
    const chain = defineChain({
      id: chainId,
      name: `eip155:${chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    })
    const wallet = createWalletClient({ account: privateKeyToAccount(privateKey), chain, transport: http(rpcUrl) })
    const reader = createPublicClient({ chain, transport: http(rpcUrl), pollingInterval: 50 })
    // One write at a time per chain: each takes the owner's next nonce, and an account's newest name is the
    // one written last.
    let queue = Promise.resolve()
    /** @param {import('./nameStore.mjs').NameProfile[]} profiles oldest first */
    const write = (profiles) => {
      const run = queue.then(async () => {
        const hash = await wallet.writeContract({
          address,
          abi: RESOLVER_ABI,
          functionName: 'setNames',
          args: [
            profiles.map((profile) => namehash(profile.name)),
            profiles.map((profile) => profile.name),
            profiles.map((profile) => /** @type {`0x${string}`} */ (Object.values(profile.addresses)[0]?.address)),
            profiles.map((profile) => profile.attributes['avatar'] ?? ''),
          ],
        })
        const receipt = await reader.waitForTransactionReceipt({ hash })
        if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`)
      })
      queue = run.catch(() => {})
      return run
    }
    return { chainId, address, write }
  })

  return {
    /**
     * Writes names to every chain's resolver, oldest first; resolves once written (or logged as failed).
     *
     * @param {import('./nameStore.mjs').NameProfile[]} profiles
     */
    async publish(profiles) {
      if (profiles.length === 0) return
      await Promise.all(
        targets.map(async (target) => {
          try {
            for (let start = 0; start < profiles.length; start += BATCH) await target.write(profiles.slice(start, start + BATCH))
          } catch (error) {
            // viem's errors carry a one-line shortMessage; any other error, its message.
            const { shortMessage } = /** @type {{ shortMessage?: string }} */ (error ?? {})
            const reason = error instanceof Error ? (shortMessage ?? error.message) : String(error)
            log(
              `[api] writing ${profiles.length} name(s) to FoyerNameResolver ${target.address} on eip155:${target.chainId} failed: ${reason}`,
            )
          }
        }),
      )
    },
  }
}

/** @typedef {ReturnType<typeof createResolverMirror>} ResolverMirror */
