// The profile calls of rules §7: register an account name (signed by the address, checked on its chain), look a name up,
// list an address's names, and suggest free names. Names live in the service storage (nameStore.mjs); every
// refusal carries `reasons` (rules.mjs).
import { queryParam } from '../../http/index.mjs'
import { evmAddress } from '../caip.mjs'
import { nameTaken } from './nameStore.mjs'
import { NameRequestError, chainIdOfCoinType, checkFresh, labelProblem, parseName, parseRegistrationMessage } from './rules.mjs'

/** Free alternatives a suggestion call lists besides the name asked about. */
export const SUGGESTIONS = 3
// Any length: smart accounts sign in their own formats (ERC-1271), and ERC-6492 wraps a deployment around one.
const SIGNATURE = /^0x(?:[0-9a-fA-F]{2})+$/
const MAX_SIGNATURE_LENGTH = 16 * 1024

/**
 * @param {object} options
 * @param {import('./nameStore.mjs').NameStore} options.store
 * @param {Map<string, import('../evmChain.mjs').EvmChain>} options.indexers by CAIP-2 chain id: the
 *   chains whose accounts may register, each checked through its own node (smart accounts too)
 * @param {string} options.zone the suffix every name ends in ('foyer.id')
 * @param {() => number} options.now
 * @param {import('./resolverMirror.mjs').ResolverMirror} [options.mirror] the on-chain resolvers a new name is
 *   written to before the registration answers (so `getEnsName` finds it at once)
 * @returns {import('../createRoutes.mjs').Route[]}
 */
export function createNameRoutes({ store, indexers, zone, now, mirror }) {
  return [
    {
      method: 'GET',
      path: '/v1/profile/account/:name',
      handle: async ({ params: [segment = ''] }) => {
        const { name } = parseName(segment, zone)
        const profile = await store.find(name)
        if (!profile) throw new NameRequestError(404, 'NAME_NOT_FOUND', `No account is named ${name}`)
        return profile
      },
    },
    {
      method: 'GET',
      path: '/v1/profile/reverse/:address',
      handle: ({ params: [segment = ''], query }) => {
        const address = evmAddress(segment)
        if (!address) throw new NameRequestError(400, 'INVALID_ADDRESS', 'Invalid address')
        // rules §7 sender: the connected account that asks. Names are public, so it changes no answer; a malformed one
        // is still the client's mistake.
        const sender = queryParam(query, 'sender')
        if (sender !== undefined && !evmAddress(sender)) throw new NameRequestError(400, 'INVALID_SENDER', 'Invalid sender address')
        return store.namesOf(address)
      },
    },
    {
      method: 'GET',
      path: '/v1/profile/suggestions/:name',
      handle: async ({ params: [segment = ''], query }) => {
        const asked = queryParam(query, 'zone')
        if (asked !== undefined && asked.toLowerCase() !== zone) {
          throw new NameRequestError(400, 'UNSUPPORTED_ZONE', `This service registers names in ${zone} only`)
        }
        const { name, label } = parseName(segment, zone)
        const candidates = [name, ...alternativesOf(label).map((alternative) => `${alternative}.${zone}`)]
        const taken = await store.taken(candidates)
        const free = candidates.slice(1).filter((candidate) => !taken.has(candidate))
        return {
          suggestions: [
            { name, registered: taken.has(name) },
            ...free.slice(0, SUGGESTIONS).map((candidate) => ({ name: candidate, registered: false })),
          ],
        }
      },
    },
    {
      method: 'POST',
      path: '/v1/profile/account',
      changesState: true,
      handle: async ({ body }) => {
        const { coin_type: coinType, address: rawAddress, message, signature } = body
        const address = typeof rawAddress === 'string' ? evmAddress(rawAddress) : undefined
        if (!address) throw new NameRequestError(400, 'INVALID_ADDRESS', 'Invalid address')
        const chainId = chainIdOfCoinType(coinType)
        const indexer = chainId === undefined ? undefined : indexers.get(`eip155:${chainId}`)
        if (!indexer) throw new NameRequestError(400, 'UNSUPPORTED_CHAIN', 'Unsupported chain')
        if (typeof signature !== 'string' || signature.length > MAX_SIGNATURE_LENGTH || !SIGNATURE.test(signature)) {
          throw new NameRequestError(400, 'INVALID_SIGNATURE', 'signature must be a hex signature')
        }
        const registration = parseRegistrationMessage(message, zone)
        if (evmAddress(registration.address) !== address) {
          throw new NameRequestError(400, 'INVALID_MESSAGE', 'The message names another address')
        }
        checkFresh(registration.timestamp, now())
        // Cheap refusal first; the unique key refuses a name registered meanwhile.
        if (await store.find(registration.name)) throw nameTaken(registration.name)
        // An EOA's signature, an ERC-1271 contract's, or an ERC-6492 one of an account not deployed yet, all
        // through the chain's own node.
        const valid = await indexer.client.verifyMessage({ address, message, signature: /** @type {`0x${string}`} */ (signature) })
        if (!valid) throw new NameRequestError(403, 'INVALID_SIGNATURE', 'The signature is not from this address')
        const profile = await store.register({
          name: registration.name,
          coinType: /** @type {number} */ (Number(coinType)),
          address,
          attributes: registration.attributes,
          message,
          signature,
          registeredAt: new Date(now()),
        })
        await mirror?.publish([profile])
        return { success: true, profile }
      },
    },
  ]
}

/**
 * The identity `/v1/identity` answers for an address: its newest name and that name's avatar attribute.
 *
 * @param {import('./nameStore.mjs').NameStore} store
 * @param {string} address
 * @returns {Promise<{ name: string, avatar: string | null } | undefined>}
 */
export async function registeredIdentity(store, address) {
  const [newest] = await store.namesOf(address)
  return newest ? { name: newest.name, avatar: newest.attributes['avatar'] ?? null } : undefined
}

/**
 * Names close to `label`: digits after it, then a few common endings; only those that are themselves valid.
 *
 * @param {string} label
 */
function alternativesOf(label) {
  const base = label.replace(/-+$/, '')
  return [...['1', '2', '3', '7', '42', '99'].map((digits) => `${base}${digits}`), `${base}-id`, `${base}-hq`, `the-${base}`].filter(
    (candidate) => candidate !== label && labelProblem(candidate) === undefined,
  )
}
