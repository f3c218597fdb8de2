// The faces with pictures, drawn with the DOM: the account button's connected face as AccountContents draws
// ConnectButton's (the network's mark, the balance, the avatar and the name), and the network button's mark and name.
// Loaded after the first paint, like AccountContents: until then a button shows its words alone.
import type { AccountState } from '../core/account.js'
import type { ThemeTokens } from '../core/theme.js'
import { isSafeImageUrl, type Network } from '../model/network.js'
import { FACE_AVATAR_SIZE, FACE_MARK_SIZE, faceBalanceStyle, faceRound } from '../react/accountFaceLook.js'
import { gradientFor } from '../ui/gradient.js'
import { applyStyle } from './inlineStyle.js'

export interface AccountFace {
  account: AccountState
  /** The account's name or short address. */
  label: string
  network?: Network
  tokens: ThemeTokens
  showBalance: boolean
}

/** Replaces `button`'s contents with the connected face. */
export function drawAccountFace(button: HTMLButtonElement, { account, label, network, tokens, showBalance }: AccountFace): void {
  const parts: Node[] = []
  if (isSafeImageUrl(network?.imageUrl)) parts.push(picture(network.imageUrl, FACE_MARK_SIZE))
  if (showBalance && account.balance !== undefined) {
    const balance = document.createElement('span')
    applyStyle(balance, faceBalanceStyle(tokens))
    balance.textContent = `${account.balance} ${account.balanceSymbol ?? ''}`
    parts.push(balance)
  }
  if (isSafeImageUrl(account.profileImage)) parts.push(picture(account.profileImage, FACE_AVATAR_SIZE))
  else {
    const avatar = document.createElement('span')
    avatar.setAttribute('aria-hidden', 'true')
    applyStyle(avatar, {
      ...faceRound,
      width: FACE_AVATAR_SIZE,
      height: FACE_AVATAR_SIZE,
      background: gradientFor(account.address ?? ''),
    })
    parts.push(avatar)
  }
  const name = document.createElement('span')
  name.textContent = label
  parts.push(name)
  button.replaceChildren(...parts)
}

function picture(src: string, size: number): HTMLImageElement {
  const image = document.createElement('img')
  image.src = src
  image.alt = ''
  image.width = image.height = size
  applyStyle(image, faceRound)
  return image
}

/** Replaces `button`'s contents with the network's mark and name; a network the site does not list shows its id. */
export function drawNetworkFace(button: HTMLButtonElement, { network, label }: { network?: Network; label: string }): void {
  const parts: Node[] = isSafeImageUrl(network?.imageUrl) ? [picture(network.imageUrl, FACE_MARK_SIZE)] : []
  button.replaceChildren(...parts, label)
}
