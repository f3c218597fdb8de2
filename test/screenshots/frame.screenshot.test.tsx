// Visual regression of the wallet's secure frame (docs/testing.md, 'Screenshots'): its page as the service serves it
// (services/wallet/pages.mjs), filled with fixtures as frame.js fills it, and pictured at the size the modal gives the
// frame on a 360 px phone, light and dark. The frame's script needs its service and a session, so the panels are
// filled here with what frame.js would put in them: the approval panel of a swap with its preview drawn by the frame's
// own preview module, and the backup panel's twelve words.
import ETH from '@web3icons/core/svgs/tokens/branded/ETH.svg.js'
import USDC from '@web3icons/core/svgs/tokens/branded/USDC.svg.js'
import { afterEach, describe, expect, test } from 'vitest'
import { page } from 'vitest/browser'

import { renderPreview } from '../../services/wallet/frame/preview.js'
import { framePage } from '../../services/wallet/pages.mjs'

/** The frame's width inside the modal on a 360 px phone (the modal's body pads 16 px on either side). */
const FRAME_WIDTH = 328
/** The heights the modal gives the frame's panels (plugins/email: ApproveTransactionView, BackupWalletView). */
const HEIGHTS = { approval: 320, backup: 400 }

/** An image as the wallet service sends a token's mark (services/wallet/preview.mjs withTokenMarks). */
const markUrl = (svg: string) => `data:image/svg+xml,${encodeURIComponent(svg.trim())}`

/** A swap of 0.5 ETH for 1,234.56 USDC on Ethereum, asked by a shop, its fee paid by the shop. */
function showApproval(document: Document) {
  const text = (id: string, value: string) => {
    document.getElementById(id)!.textContent = value
  }
  document.getElementById('approval')!.hidden = false
  text('approval-origin', 'https://shop.example')
  text('approval-claim', ' calls itself “Corner Shop”')
  text('approval-method', 'eth_sendTransaction on chain 1')
  text('approval-summary', 'Send 500000000000000000 wei to 0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D with data')
  text('approval-fee', 'Network fee: paid by Corner Shop')
  document.getElementById('approval-fee')!.hidden = false
  const preview = document.getElementById('approval-preview')!
  preview.hidden = false
  preview.replaceChildren(
    document.adoptNode(
      renderPreview({
        status: 'ok',
        outgoing: [{ kind: 'native', amount: '500000000000000000', symbol: 'ETH', decimals: 18, icon: markUrl(ETH) }],
        incoming: [
          {
            kind: 'erc20',
            token: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
            amount: '1234560000',
            symbol: 'USDC',
            decimals: 6,
            icon: markUrl(USDC),
          },
        ],
        allowances: [],
      }),
    ),
  )
  text('approve', 'Hold to approve')
  document.getElementById('approval-hint')!.hidden = false
}

/** The recovery phrase right after sign-up: the words, and "I saved it". */
function showBackup(document: Document) {
  const words = 'ocean plastic window fever matter grape cabin lunar spice orbit velvet timber'.split(' ')
  document.getElementById('backup-words')!.replaceChildren(
    ...words.map((word) => {
      const item = document.createElement('li')
      item.textContent = word
      return item
    }),
  )
  document.getElementById('backup')!.hidden = false
}

const panels = { approval: showApproval, backup: showBackup }

/** The frame's page without its script, in an iframe of the frame's size, in a theme as frame.js sets it. */
async function framed(panel: keyof typeof panels, theme: 'light' | 'dark') {
  const frame = document.createElement('iframe')
  Object.assign(frame.style, { width: `${FRAME_WIDTH}px`, height: `${HEIGHTS[panel]}px`, border: '0', display: 'block' })
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }))
  frame.srcdoc = framePage().replace(/<script[^>]*><\/script>/g, '')
  document.body.append(frame)
  await loaded
  const inside = frame.contentDocument!
  inside.documentElement.style.colorScheme = theme
  panels[panel](inside)
  await Promise.all([...inside.images].filter((image) => image.src).map((image) => image.decode()))
  return frame
}

let frame: HTMLIFrameElement | undefined
afterEach(() => frame?.remove())

describe("the wallet frame's panels", () => {
  const cases = (['approval', 'backup'] as const).flatMap((panel) => (['light', 'dark'] as const).map((theme) => ({ panel, theme })))
  test.each(cases)('the $panel panel in $theme looks as its baseline', async ({ panel, theme }) => {
    await page.viewport(360, 640)
    frame = await framed(panel, theme)
    await expect.element(page.elementLocator(frame)).toMatchScreenshot(`frame-${panel}-${theme}`)
  })
})
