// Visual regression: the main state of every view, in light and dark, at 360 and 1280 px, compared with the
// baselines in __screenshots__/ beside this file (docs/testing.md, 'Screenshots'). Each state is a story of the
// `stories` project, composed with the project's decorators and played to its end, then the modal's dialog is
// pictured: what the picture shows is what the story asserts.
import type { Meta, StoryObj } from '@storybook/react-vite'
import { composeStory } from '@storybook/react-vite'
import { within } from 'storybook/test'
import { afterEach, describe, expect, test } from 'vitest'
import { page } from 'vitest/browser'
import preview from '../../.storybook/preview.js'
import * as connectingWalletConnect from '../../chains/evm/views/ConnectingWalletConnectView.stories.js'
import * as unsupportedChain from '../../chains/evm/views/UnsupportedChainView.stories.js'
import { MOBILE_MAX_WIDTH } from '../../kernel/core/modal.js'
import type { ThemeName } from '../../kernel/core/theme.js'
import * as modal from '../../kernel/react/shell/Modal.stories.js'
import * as account from '../../kernel/react/views/AccountView.stories.js'
import * as allWallets from '../../kernel/react/views/AllWalletsView.stories.js'
import * as connectingExternal from '../../kernel/react/views/ConnectingExternalView.stories.js'
import * as connect from '../../kernel/react/views/ConnectView.stories.js'
import * as networks from '../../kernel/react/views/NetworksView.stories.js'
import * as activity from '../../plugins/activity/ActivityTab.stories.js'
import * as emailLogin from '../../plugins/email/EmailLoginView.stories.js'
import * as registerName from '../../plugins/names/RegisterAccountNameView.stories.js'
import * as onRamp from '../../plugins/onramp/OnRampView.stories.js'
import * as pay from '../../plugins/pay/PayView.stories.js'
import * as portfolio from '../../plugins/portfolio/PortfolioTabs.stories.js'
import * as receive from '../../plugins/receive/ReceiveView.stories.js'
import * as send from '../../plugins/send/SendView.stories.js'
import * as signIn from '../../plugins/siwx/SignInView.stories.js'
import * as connectingSocial from '../../plugins/socials/ConnectingSocialView.stories.js'
import * as swap from '../../plugins/swaps/SwapView.stories.js'
import * as profileWallets from '../../plugins/wallets/ProfileWalletsView.stories.js'
import type { FoyerStoryParameters } from '../stories.js'
import { modalRoot } from '../stories.js'

type Stories = { default: Meta } & Record<string, unknown>

/**
 * One state per view, the one a visitor mostly meets: the other states of a view are the same parts in other
 * words, and each picture costs about a second (docs/testing.md, 'Screenshots').
 */
const states: [view: string, stories: Stories, story: string, narrowStory?: string][] = [
  ['Connect', connect, 'WithConnectMethods'],
  // The way in for a visitor without a wallet: email and socials, then what a wallet is and where to get one.
  ['GetAWallet', connect, 'NoWalletWithSignIns'],
  ['AllWallets', allWallets, 'Search'],
  ['ConnectingExternal', connectingExternal, 'Waiting'],
  // On a phone the view offers the wallet's app instead of a QR code: a story of its own.
  ['ConnectingWalletConnect', connectingWalletConnect, 'Ready', 'ReadyMobile'],
  ['ConnectingSocial', connectingSocial, 'Waiting'],
  ['EmailLogin', emailLogin, 'CodeEntry'],
  ['SignIn', signIn, 'Rejected'],
  ['Account', account, 'WithPluginTabs'],
  ['Portfolio', portfolio, 'Tokens'],
  ['Activity', activity, 'Default'],
  ['Networks', networks, 'Default'],
  ['UnsupportedChain', unsupportedChain, 'Default'],
  ['ProfileWallets', profileWallets, 'Default'],
  ['Send', send, 'Tokens'],
  ['Swap', swap, 'Quote'],
  ['Buy', onRamp, 'Quotes'],
  ['Pay', pay, 'Ready'],
  ['Receive', receive, 'Default'],
  ['RegisterName', registerName, 'Available'],
  ['Alert', modal, 'Alert'],
]

const widths = [360, 1280] as const
const themes: ThemeName[] = ['light', 'dark']

/** The story with its kernel told the truth about the width: under 560 px the modal is the bottom sheet. */
function composeAt(stories: Stories, name: string, theme: ThemeName, width: number) {
  const story = stories[name] as StoryObj
  const foyer = { ...stories.default.parameters?.['foyer'], ...story.parameters?.['foyer'] } as FoyerStoryParameters
  const narrow = width <= MOBILE_MAX_WIDTH
  const options = () => ({ ...foyer.options?.(), isMobile: () => narrow })
  const parameters = { ...story.parameters, foyer: { ...foyer, options } }
  return composeStory({ ...story, parameters }, stories.default, { ...preview, initialGlobals: { theme } }, name)
}

let canvas: HTMLElement | undefined
afterEach(() => canvas?.remove())

describe.each(widths)('at %i px', (width) => {
  const narrow = width <= MOBILE_MAX_WIDTH
  const cases = themes.flatMap((theme) =>
    states.map(([view, stories, story, narrowStory]) => ({ view, stories, story: (narrow && narrowStory) || story, theme })),
  )
  test.each(cases)('$view ($story) in $theme looks as its baseline', async ({ view, stories, story, theme }) => {
    await page.viewport(width, 900)
    canvas = document.body.appendChild(document.createElement('div'))
    await composeAt(stories, story, theme, width).run({ canvasElement: canvas, canvas: within(canvas) })
    const dialog = (await modalRoot()).querySelector('.f-dialog')
    if (!dialog) throw new Error(`The ${view} story shows no dialog.`)
    await expect.element(page.elementLocator(dialog)).toMatchScreenshot(`${view}-${theme}-${width}`)
  })
})
