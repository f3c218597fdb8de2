// The approval panel's preview (docs/previews.md): what the service's simulation says the request will do, drawn
// as text nodes only (the token symbols come from contracts anyone can deploy, so nothing here is read as markup).
// Its own module, served at /frame-preview.js and loaded by frame.js with the first approval.

/**
 * @typedef {{ kind: string, token?: string, tokenId?: string, amount: string, symbol: string, decimals: number }} Change
 * @typedef {{ kind?: string, token: string, spender: string, amount: string, symbol: string, decimals: number, unlimited: boolean, expires?: number }} Grant
 * @typedef {{ status: 'ok', outgoing: Change[], incoming: Change[], allowances: Grant[] }
 *   | { status: 'reverts', reason: string }
 *   | { status: 'unavailable', reason: string }
 *   | { status: 'permit', allowances: Grant[] }} Preview
 */

/** What the panel says while the service asks the node. */
export const CHECKING = 'Checking what this will do…'

/**
 * The preview as nodes for the panel: what leaves and arrives, the allowances granted (an unlimited one flagged),
 * the revert and its reason, or a plain word that the network cannot preview it.
 *
 * @param {Preview} preview
 * @returns {HTMLElement}
 */
export function renderPreview(preview) {
  if (preview.status === 'reverts') {
    return line(`This would fail: ${preview.reason}. Approving is disabled: it would only spend the network fee.`, 'warning', 'alert')
  }
  if (preview.status === 'unavailable') return line('This network cannot preview the result.', 'hint')
  if (preview.status === 'permit') {
    const list = document.createElement('dl')
    list.append(term('You allow'), ...preview.allowances.map((grant) => grantLine(grant, true)))
    return list
  }
  const { outgoing, incoming, allowances } = preview
  if (outgoing.length + incoming.length + allowances.length === 0) return line('Nothing leaves or arrives in your wallet.', 'hint')
  const list = document.createElement('dl')
  if (outgoing.length > 0) list.append(term('You send'), ...outgoing.map((change) => detail(changeText(change))))
  if (incoming.length > 0) list.append(term('You receive'), ...incoming.map((change) => detail(changeText(change))))
  if (allowances.length > 0) list.append(term('You allow'), ...allowances.map((grant) => grantLine(grant, false)))
  return list
}

/** '0.5 ETH', 'PASS #7', '3 × GAME #7'. @param {Change} change */
function changeText({ kind, amount, symbol, decimals, tokenId }) {
  if (kind === 'erc721') return `${symbol} #${tokenId}`
  if (kind === 'erc1155') return `${BigInt(amount) > 1n ? `${amount} × ` : ''}${symbol} #${tokenId}`
  return `${formatUnits(BigInt(amount), decimals)} ${symbol}`
}

/**
 * '0x3fc9…7fad may spend 100 USDC'; an unlimited one flagged ('Unlimited allowance: … may spend any amount of USDC'),
 * a permit's with its end.
 *
 * @param {Grant} grant @param {boolean} permit
 */
function grantLine({ kind, spender, amount, symbol, decimals, unlimited, expires }, permit) {
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
  const item = detail(`${short(spender)} may ${kind === 'all' ? 'move' : 'spend'} ${what}${until}`)
  item.title = spender
  if (unlimited) {
    item.classList.add('warning')
    item.prepend(strong('Unlimited allowance: '))
  }
  return item
}

/** @param {string} text @param {string} className @param {string} [role] */
function line(text, className, role) {
  const paragraph = document.createElement('p')
  paragraph.className = className
  if (role) paragraph.setAttribute('role', role)
  paragraph.textContent = text
  return paragraph
}

/** @param {string} text */
function term(text) {
  const element = document.createElement('dt')
  element.textContent = text
  return element
}

/** @param {string} text */
function detail(text) {
  const element = document.createElement('dd')
  element.textContent = text
  return element
}

/** @param {string} text */
function strong(text) {
  const element = document.createElement('strong')
  element.textContent = text
  return element
}

/** @param {string} address */
function short(address) {
  return `${address.slice(0, 6)}…${address.slice(-4)}`
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
