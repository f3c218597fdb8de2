// What the stories of the WalletConnect views share: a kernel with evm({ walletConnect }) whose
// pairing is the stand-in of fakeWalletConnect.ts, put in a state by each story, and the stories
// that are the same in both views. A story cannot run a relay; walletConnect.integration.test.ts pairs through
// the real local relay, and test/e2e/walletconnect.test.ts does it in the demo. Browser-safe.
import { expect, spyOn, userEvent } from 'storybook/test'
import { evm, evmNetwork } from '../chains/evm/index.js'
import type { PairingAction } from '../chains/evm/pairing.js'
import type { Kernel } from '../kernel/core/createKernel.js'
import type { FoyerOptions } from '../kernel/core/options.js'
import { fakePairing, STORY_PAIRING_URI, type FakePairingCalls } from './fakeWalletConnect.js'
import { withinModal, type FoyerStoryParameters } from './stories.js'

/** The network of every WalletConnect story; no node answers it, and none is asked. */
const network = evmNetwork({
  id: 1,
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
})

/** The kernel of the story on screen, and what its view asked the pairing, for play functions. */
export interface PairingStory {
  kernel: Kernel
  calls: FakePairingCalls
}

/** How {@link pairingStories}' `foyer` sets up one story. */
export interface PairingStoryOptions {
  /** More kernel options, e.g. `{ isMobile: () => true }`. */
  options?: Partial<FoyerOptions>
  /** Runs before the pairing is put in its state, e.g. to remember a directory wallet. */
  setup?: (kernel: Kernel) => void
}

/**
 * One story file's pairing: `story` is filled in as each story sets up (a play function moves the
 * pairing on with `dispatchPairing(story.kernel, …)` and checks `story.calls`), and `foyer(actions)`
 * gives the `foyer` parameters that bring the pairing to the state of `actions`.
 *
 * @example
 * const { story, foyer } = pairingStories()
 * export const Loading = { parameters: { foyer: { ...foyer(pairingActions.creating), view: 'ConnectingWalletConnectBasic' } } }
 */
export function pairingStories() {
  const story = {} as PairingStory
  const foyer = (actions: () => PairingAction[], { options, setup }: PairingStoryOptions = {}): FoyerStoryParameters => ({
    options: () => ({
      plugins: [evm({ networks: [network], walletConnect: { projectId: 'story', relayUrl: 'ws://127.0.0.1:9' } })],
      ...options,
    }),
    setup: (kernel) => {
      story.kernel = kernel
      setup?.(kernel)
      story.calls = fakePairing(kernel, actions())
    },
  })
  return { story, foyer }
}

/** Copy link puts the URI on the clipboard and says so. */
export const copyLinkStory = {
  beforeEach: () => {
    const spy = spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined)
    return () => spy.mockRestore()
  },
  play: async () => {
    const modal = await withinModal()
    await userEvent.click(await modal.findByRole('button', { name: 'Copy link' }))
    await expect(navigator.clipboard.writeText).toHaveBeenCalledWith(STORY_PAIRING_URI)
    await expect(await modal.findByText('Link copied')).toBeVisible()
  },
}
