// The approval panel's preview (docs/previews.md): what the service's simulation says the request will do, drawn
// as text nodes only (the token symbols come from contracts anyone can deploy, so nothing here is read as markup).
// Its own module, served at /frame-preview.js and loaded by frame.js with the first approval.

/**
 * @typedef {{ kind: string, token?: string, tokenId?: string, amount: string, symbol: string, decimals: number, icon?: string }} Change
 * @typedef {{ kind?: string, token: string, spender: string, amount: string, symbol: string, decimals: number, unlimited: boolean, expires?: number, icon?: string }} Grant
 * @typedef {{ status: 'ok', outgoing: Change[], incoming: Change[], allowances: Grant[] }
 *   | { status: 'reverts', reason: string }
 *   | { status: 'unavailable', reason: string }
 *   | { status: 'permit', allowances: Grant[] }} Preview
 */

/**
 * What the panel says, before it is drawn: a sentence (a warning for a revert, a plain word when nothing can be
 * previewed or nothing moves), or a list of headings ('You send', 'You receive', 'You allow'), each with its lines;
 * a flagged line (an unlimited allowance) is drawn as a warning. A line's token mark is the one the service sent with
 * the preview (services/wallet/preview.mjs withTokenMarks: a brand mark only for a token its lists vouch for).
 *
 * @typedef {{ text: string, flagged?: string, icon?: string }} Item
 * @typedef {{ sentence: string, warning?: boolean } | { list: Array<{ term: string, items: Item[] }> }} Description
 * @param {Preview} preview
 * @returns {Description}
 */
export function describePreview(preview) {
  if (preview.status === 'reverts')
    return { sentence: `This would fail: ${preview.reason}. Approving is disabled: it would only spend the network fee.`, warning: true }
  if (preview.status === 'unavailable') return { sentence: 'This network cannot preview the result.' }
  if (preview.status === 'permit')
    return { list: [{ term: 'You allow', items: preview.allowances.map((grant) => grantItem(grant, true)) }] }
  const { outgoing, incoming, allowances } = preview
  const list = [
    { term: 'You send', items: outgoing.map((change) => withIcon({ text: changeText(change) }, change)) },
    { term: 'You receive', items: incoming.map((change) => withIcon({ text: changeText(change) }, change)) },
    { term: 'You allow', items: allowances.map((grant) => grantItem(grant, false)) },
  ].filter(({ items }) => items.length > 0)
  return list.length > 0 ? { list } : { sentence: 'Nothing leaves or arrives in your wallet.' }
}

/**
 * The preview as nodes for the panel.
 *
 * @param {Preview} preview
 * @returns {HTMLElement}
 */
export function renderPreview(preview) {
  const description = describePreview(preview)
  if ('sentence' in description) {
    const paragraph = element('p', description.sentence)
    paragraph.className = description.warning ? 'warning' : 'hint'
    if (description.warning) paragraph.setAttribute('role', 'alert')
    return paragraph
  }
  const list = document.createElement('dl')
  for (const { term, items } of description.list) {
    list.append(element('dt', term))
    for (const { text, flagged, icon } of items) {
      const line = element('dd', text)
      if (flagged) {
        line.className = 'warning'
        line.prepend(element('strong', `${flagged} `))
      }
      if (icon) line.prepend(markImage(icon))
      list.append(line)
    }
  }
  return list
}

/** Only an inline SVG image: an image cannot run script, and a data: URL fetches nothing. */
const MARK_URL = /^data:image\/svg\+xml[,;]/

/**
 * The item with the token's mark, when the service sent one.
 *
 * @param {Item} item @param {{ icon?: unknown }} asset
 * @returns {Item}
 */
function withIcon(item, { icon }) {
  return typeof icon === 'string' && MARK_URL.test(icon) ? { ...item, icon } : item
}

/** The token's mark beside its line; decorative, as the line names the token. @param {string} url */
function markImage(url) {
  const image = document.createElement('img')
  image.className = 'mark'
  image.alt = ''
  image.width = image.height = 20
  image.src = url
  return image
}

/** '0.5 ETH', 'PASS #7', '3 × GAME #7'. @param {Change} change */
function changeText({ kind, amount, symbol, decimals, tokenId }) {
  if (kind === 'erc721') return `${symbol} #${tokenId}`
  if (kind === 'erc1155') return `${BigInt(amount) > 1n ? `${amount} × ` : ''}${symbol} #${tokenId}`
  return `${formatUnits(BigInt(amount), decimals)} ${symbol}`
}

/**
 * '0x3fc9…7fad may spend 100 USDC' (the address in full); an unlimited one flagged ('Unlimited allowance:' … 'may spend any amount of
 * USDC'), a permit's with its end.
 *
 * @param {Grant} grant @param {boolean} permit
 * @returns {Item}
 */
function grantItem(grant, permit) {
  const { kind, spender, amount, symbol, decimals, unlimited, expires } = grant
  const value = BigInt(amount)
  const what =
    kind === 'all'
      ? value === 0n
        ? `no more of your ${symbol} (revoked)`
        : `every ${symbol} you hold`
      : unlimited
        ? `any amount of ${symbol}`
        : value === 0n
          ? `no ${symbol} (revoked)`
          : `${formatUnits(value, decimals)} ${symbol}`
  const until = permit && expires ? `, until ${new Date(expires * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC` : ''
  // The whole address: a look-alike can share its first and last characters.
  const text = `${spender} may ${kind === 'all' ? 'move' : 'spend'} ${what}${until}`
  return withIcon(unlimited ? { text, flagged: 'Unlimited allowance:' } : { text }, grant)
}

/** @param {string} tag @param {string} text */
function element(tag, text) {
  const node = document.createElement(tag)
  node.textContent = text
  return node
}

/**
 * An amount in a token's smallest unit as decimal text, every digit kept ('1.5', '0.000001').
 *
 * @param {bigint} value @param {number} decimals
 */
export function formatUnits(value, decimals) {
  const digits = value.toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}
