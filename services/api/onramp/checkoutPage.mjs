// The stand-in providers' checkout page: plain HTML, no script. The amount and what it buys, a payment method,
// Confirm and Cancel; then the order's state, refreshed until the payout is confirmed.

/** @param {string} text */
const escapeHtml = (text) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f4f5f7;color:#1b1d22}
main{background:#fff;border-radius:16px;padding:28px;width:min(360px,90vw);box-shadow:0 4px 24px rgba(0,0,0,.08)}
h1{font-size:20px;margin:0 0 4px}p{margin:6px 0}.muted{color:#5f6470;font-size:14px}.total{font-size:28px;font-weight:600;margin:16px 0 4px}
fieldset{border:0;padding:0;margin:16px 0}label{display:block;padding:6px 0}.row{display:flex;gap:8px;margin-top:16px}
button{flex:1;font:inherit;padding:10px;border-radius:10px;border:1px solid #c9ccd3;background:#fff;cursor:pointer}
button.primary{background:#1f5fd6;border-color:#1f5fd6;color:#fff}.error{color:#b3261e}code{word-break:break-all;font-size:13px}`

/**
 * @param {string} title
 * @param {string} body
 * @param {boolean} [refresh] reload every second (while the payout is under way)
 */
function page(title, body, refresh = false) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
${refresh ? '<meta http-equiv="refresh" content="1">' : ''}<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`
}

/**
 * @param {import('./orderStore.mjs').OnrampOrder} order
 * @param {string} provider the provider's display name
 * @param {ReadonlyArray<{ id: string, min: string, max: string }>} limits
 * @param {string} [error] why the last confirmation was refused
 */
export function checkoutPage(order, provider, limits, error) {
  const title = `${provider} checkout (local stand-in)`
  const summary = `<h1>${escapeHtml(title)}</h1>
<p class="muted">Buy ${escapeHtml(order.purchaseCurrency)} on ${escapeHtml(order.network)} for <code>${escapeHtml(order.address)}</code></p>
<p class="total" data-testid="checkout-total">${escapeHtml(order.paymentTotal)} ${escapeHtml(order.paymentCurrency)}</p>
<p data-testid="checkout-purchase">You receive ${escapeHtml(order.purchaseAmount)} ${escapeHtml(order.purchaseCurrency)}</p>
<p class="muted">Fee ${escapeHtml(order.fee)} ${escapeHtml(order.paymentCurrency)} · no network fee</p>`
  if (order.status === 'created') {
    const methods = limits
      .map(({ id, min, max }) => {
        const label = id === 'card' ? 'Card' : 'Bank account (ACH)'
        return `<label><input type="radio" name="paymentMethod" value="${escapeHtml(id)}"${id === order.paymentMethod ? ' checked' : ''}> ${label} <span class="muted">(${min} to ${max})</span></label>`
      })
      .join('')
    return page(
      title,
      `${summary}<form method="post" action="/onramp/checkout/${escapeHtml(order.id)}/confirm"><fieldset><legend>Payment method</legend>${methods}</fieldset>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}<div class="row"><button type="submit" formaction="/onramp/checkout/${escapeHtml(order.id)}/cancel">Cancel</button>
<button class="primary" type="submit">Confirm purchase</button></div></form>`,
    )
  }
  const states = {
    paying: '<p role="status">Payment received. Sending your purchase…</p>',
    paid: `<p role="status" data-testid="checkout-paid">Purchase complete. You can close this window.</p><p class="muted">Transaction <code>${escapeHtml(order.hash ?? '')}</code></p>`,
    failed: `<p class="error" role="alert">The purchase could not be delivered: ${escapeHtml(order.failure ?? 'unknown error')}</p>`,
    cancelled: '<p role="status">The purchase was cancelled. You can close this window.</p>',
  }
  return page(title, `${summary}${states[order.status]}`, order.status === 'paying')
}

/** The page of an order nobody made. */
export const notFoundPage = () => page('Checkout not found', '<h1>Checkout not found</h1><p>This checkout does not exist.</p>')

/**
 * The exchange stand-in's withdrawal page: the amount, the deposit address it goes to (the recipient's), Confirm and
 * Cancel; then the payment's state.
 *
 * @param {import('./orderStore.mjs').OnrampOrder} order
 */
export function exchangePage(order) {
  const title = 'Foyer Exchange (local stand-in)'
  const summary = `<h1>${escapeHtml(title)}</h1>
<p class="muted">Withdraw from your exchange balance on ${escapeHtml(order.network)}</p>
<p class="total" data-testid="exchange-amount">${escapeHtml(order.purchaseAmount)} ${escapeHtml(order.purchaseCurrency)}</p>
<p class="muted">Deposit address</p><p><code data-testid="exchange-deposit-address">${escapeHtml(order.address)}</code></p>`
  if (order.status === 'created') {
    return page(
      title,
      `${summary}<form method="post" action="/exchange/pay/${escapeHtml(order.id)}/confirm"><div class="row">
<button type="submit" formaction="/exchange/pay/${escapeHtml(order.id)}/cancel">Cancel</button><button class="primary" type="submit">Confirm payment</button></div></form>`,
    )
  }
  const states = {
    paying: '<p role="status">Sending…</p>',
    paid: `<p role="status" data-testid="exchange-paid">Payment sent. You can close this window.</p><p class="muted">Transaction <code>${escapeHtml(order.hash ?? '')}</code></p>`,
    failed: `<p class="error" role="alert">The payment failed: ${escapeHtml(order.failure ?? 'unknown error')}</p>`,
    cancelled: '<p role="status">The payment was cancelled. You can close this window.</p>',
  }
  return page(title, `${summary}${states[order.status]}`, order.status === 'paying')
}
