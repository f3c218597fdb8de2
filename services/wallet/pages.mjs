// The HTML the wallet serves: the frame page (its script is frame/frame.js) and the device confirmation pages.

/** @param {string} text */
export function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

// Every panel (approval, key export, backup) always fits the frame's height: its title and buttons stay in view and
// what lies between (the preview, who asks, the fee, the folded Details; the warning, the fields, the keys or the words)
// scrolls inside it, so nothing is clipped and only an approval panel seen whole arms. A form's buttons sit with the
// panel's (the `form` attribute ties them to it, so Enter still submits) and hide with their form. A warning's red reads
// on either theme: 5.6:1 on the light canvas, 7:1 on the dark one (the one red before was 3.4:1 there).
const STYLE = `:root{color-scheme:light dark;font:15px system-ui,sans-serif}
body{margin:0;padding:16px;background:Canvas;color:CanvasText}
pre{white-space:pre-wrap;word-break:break-word;max-height:40vh;overflow:auto;background:color-mix(in srgb,CanvasText 6%,Canvas);padding:8px;border-radius:8px}
.buttons{display:flex;flex-wrap:wrap;gap:8px;justify-content:flex-end}button{font:inherit;padding:8px 16px;border-radius:999px;border:1px solid #888;background:Canvas;color:CanvasText;cursor:pointer}
button.primary{background:var(--accent,#3b5bdb);border-color:var(--accent,#3b5bdb);color:var(--accent-foreground,#fff)}
#approval-site{display:flex;gap:8px;align-items:center;font-size:13px;word-break:break-word}#approval-origin{font-weight:600}button:disabled{opacity:.5;cursor:default}
#approve{touch-action:none;user-select:none;background-image:linear-gradient(#fff6,#fff6);background-repeat:no-repeat;background-size:0 100%}
#approve.holding{background-size:100% 100%;transition:background-size .6s linear}.hint{font-size:13px}
.panel:not([hidden]){display:flex;flex-direction:column;max-height:calc(100vh - 32px)}.panel h1{font-size:18px}.panel h1,.panel p{margin:0 0 8px}#approval-fee{font-size:13px}#approval-upgrade{font-weight:600}
.panel-body{flex:1 1 auto;min-height:3em;overflow:auto;overscroll-behavior:contain}.panel-body>:last-child{margin-bottom:8px}#approval pre{max-height:none;margin:0 0 8px}
#export:has(#export-form[hidden]) [form=export-form],#backup:has(#backup-form[hidden]) [form=backup-form],#backup:has(#backup-check[hidden]) [form=backup-check]{display:none}
#export-keys{margin:0}#export-keys dt{font-size:13px}#export-keys dd{margin:0 0 8px}
#approval-preview{margin:0 0 12px;font-size:17px}#approval-preview dl,#approval-preview p{margin:0}#approval-preview dt{font-size:13px;opacity:.8}#approval-preview dd{margin:0 0 6px;font-weight:600;word-break:break-word}#approval-preview .mark{vertical-align:middle;margin:0 8px 3px 0}
#approval-details{margin:0 0 8px;font-size:13px}#approval-details summary{cursor:pointer;padding:4px 0}#approval-details[open] summary{margin-bottom:4px}
textarea,input{font:inherit;width:100%;box-sizing:border-box}code{word-break:break-all}
.warning{color:light-dark(#c42b3b,#ff7070)}
#backup-words{columns:2;font:600 15px ui-monospace,monospace;margin:0 0 12px;padding-left:2.5em}#backup-check label,#export-form label,#backup-form label{display:block;margin:0 0 8px}`

/**
 * The approval window a frame opens where the browser cannot tell it whether it is seen: a top-level page of the
 * wallet's own origin, which no host page can cover or frame. The same script shows the request the frame sends it.
 */
export function approvalWindowPage() {
  return approvalPage('Approve request · Foyer Wallet', '<p id="approval-done" hidden>Sent to the site. This window closes.</p>')
}

/** The passkey panel (frame.js fills its text): the button the visitor presses to start a ceremony. */
const PASSKEY_PANEL = `<section id="passkey" hidden aria-labelledby="passkey-title">
<h1 id="passkey-title" style="font-size:18px">Passkey</h1><p id="passkey-text"></p>
<div class="buttons"><button id="passkey-go" class="primary" type="button"></button></div>
</section>`

/**
 * The frame page: nothing visible until an unsafe request waits for approval; then the request and its Approve and
 * Reject buttons, which only this origin's script handles (or, in a browser that cannot tell the frame whether it is
 * seen, a button that opens the approval window below). Or, when the host asks for a passkey ceremony, the button
 * that starts it.
 */
export function framePage() {
  return approvalPage('Foyer Wallet', PASSKEY_PANEL)
}

/** @param {string} title @param {string} after markup after the panel */
function approvalPage(title, after) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title><style>${STYLE}</style></head>
<body>
<section id="approval" class="panel" hidden aria-labelledby="approval-title">
<h1 id="approval-title">Approve request</h1>
<div id="approval-body" class="panel-body">
<div id="approval-preview" aria-live="polite" hidden></div>
<p id="approval-site"><img id="approval-icon" alt="" width="20" height="20" hidden><span><span id="approval-origin"></span><span id="approval-claim"></span></span></p>
<p id="approval-upgrade" hidden></p><p id="approval-fee" hidden></p>
<details id="approval-details"><summary>Details</summary><p id="approval-method"></p><pre id="approval-summary"></pre></details>
<div id="lost" hidden><p class="warning"><strong>This browser cannot open this wallet.</strong> It was never backed up, so only the browser that made it can sign. Sign in there and back the wallet up, then come back. If that browser is gone, nobody can rebuild the key, not this site nor the wallet’s operator.</p>
<button id="lost-phrase" type="button">I wrote down its recovery phrase</button></div>
<label id="recovery" hidden>This browser has no share of your wallet’s key yet. Enter your 12-word recovery phrase to use it here:
<textarea id="recovery-phrase" rows="2" autocomplete="off" autocapitalize="none" spellcheck="false"></textarea></label>
</div>
<p id="approval-hint" class="hint" hidden>This moves value: press and hold Approve (mouse, touch, Enter or Space) until it fills.</p>
<div class="buttons"><button id="reject" type="button">Reject</button><button id="approve" class="primary" type="button" aria-describedby="approval-hint">Approve</button>
<button id="open-window" class="primary" type="button" hidden>Review in a wallet window</button></div>
</section>
<section id="export" class="panel" hidden aria-labelledby="export-title">
<h1 id="export-title">Export your keys</h1>
<div class="panel-body">
<p class="warning"><strong>Anyone who sees these keys can take everything in this wallet.</strong> Never share them or type them into a site. We mailed you a code: enter it to show them.</p>
<form id="export-form"><label>Code <input id="export-code" inputmode="numeric" autocomplete="one-time-code" maxlength="6"></label></form>
<p id="export-error" role="alert" hidden></p>
<dl id="export-keys" hidden><dt>EVM private key</dt><dd><code id="export-evm"></code></dd><dt>Solana secret key</dt><dd><code id="export-solana"></code></dd><dt>Recovery phrase</dt><dd><code id="export-phrase"></code></dd></dl>
</div>
<div class="buttons"><button id="export-cancel" type="button" form="export-form">Cancel</button><button id="export-show" class="primary" type="submit" form="export-form">Show keys</button>
<button id="export-hide" class="primary" type="button" hidden>Hide and close</button></div>
</section>
<section id="backup" class="panel" hidden aria-labelledby="backup-title">
<h1 id="backup-title">Write down these 12 words</h1>
<div class="panel-body">
<p class="warning"><strong>This is your recovery phrase: keep it offline, in this order.</strong> With it, this wallet opens on any browser; anyone who sees them and your login can take everything in it. This site never sees them.</p>
<form id="backup-form" hidden><label>Enter the six digits we just mailed you to show the words: <input id="backup-code" inputmode="numeric" autocomplete="one-time-code" maxlength="6"></label></form>
<p id="backup-error" role="alert" hidden></p>
<ol id="backup-words"></ol>
<form id="backup-check" hidden><p>To be sure your copy is right, type two of its words.</p>
<label>Word <span id="backup-n1"></span> <input id="backup-w1" autocomplete="off" autocapitalize="none" spellcheck="false"></label>
<label>Word <span id="backup-n2"></span> <input id="backup-w2" autocomplete="off" autocapitalize="none" spellcheck="false"></label></form>
</div>
<div class="buttons"><button id="backup-cancel" type="button">Cancel</button><button id="backup-again" type="button" form="backup-check">Show the words</button>
<button class="primary" type="submit" form="backup-form">Show the words</button><button class="primary" type="submit" form="backup-check">Confirm</button>
<button id="backup-done" class="primary" type="button">I saved it</button></div>
</section>
${after}<script src="/frame.js"></script>
</body></html>`
}

/**
 * The page a device link opens. Confirming takes a click (a form POST): mail scanners that fetch every link in a
 * mail must not confirm a device by looking.
 *
 * @param {string} token
 */
export function deviceConfirmPage(token) {
  return page(
    'Confirm this device',
    `<p>Confirm that you are signing in to your Foyer Wallet from the browser that asked for this link.</p>
<form method="post" action="/device/confirm"><input type="hidden" name="token" value="${escapeHtml(token)}">
<div class="buttons"><button class="primary" type="submit">Confirm device</button></div></form>`,
  )
}

/**
 * What became of a device link's confirmation, said as it is: the visitor must know whether to go back to the site, try
 * again on the page the mail opened, wait, or ask for a new link.
 *
 * @param {'confirmed' | 'refused' | 'rate-limited' | 'expired'} outcome
 * @param {number} [retryAfter] seconds, when rate-limited
 */
export function deviceResultPage(outcome, retryAfter) {
  if (outcome === 'confirmed')
    return page('Device confirmed', '<p>You can close this tab and go back to the site you were signing in to.</p>')
  if (outcome === 'refused')
    return page(
      'Device not confirmed',
      '<p>This confirmation did not come from the wallet’s own page, so it was refused. Open the link in the mail again and press Confirm device on the page it opens.</p>',
    )
  if (outcome === 'rate-limited') {
    const wait = retryAfter && retryAfter > 0 ? ` after ${Math.ceil(retryAfter)} seconds` : ' later'
    return page('Too many tries', `<p>Please try again${wait}, from the page the link in the mail opens.</p>`)
  }
  return page('Link expired', '<p>This link is not valid, has expired or was already used. Sign in again to get a new one.</p>')
}

/** @param {string} title @param {string} body */
function page(title, body) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title} · Foyer Wallet</title><style>${STYLE}</style></head>
<body><main style="max-width:30rem;margin:10vh auto"><h1 style="font-size:20px">${title}</h1>${body}</main></body></html>`
}

/**
 * Where a social provider sends the user back. Its script (frame/socialCallback.js) posts the page's URL, which
 * carries the code, to the window that opened it, for the embedding origin that started the sign-in only.
 *
 * @param {string | undefined} hostOrigin undefined when the sign-in is unknown, used or expired
 */
export function socialCallbackPage(hostOrigin) {
  if (!hostOrigin)
    return page('Sign-in expired', '<p>This sign-in has expired or was already used. Close this window and sign in again.</p>')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="foyer-host-origin" content="${escapeHtml(hostOrigin)}">
<title>Signing in · Foyer Wallet</title><style>${STYLE}</style></head>
<body><main style="max-width:30rem;margin:10vh auto"><h1 style="font-size:20px">Signing in…</h1>
<p id="status">You can close this window if it stays open.</p></main>
<script src="/social/callback.js"></script>
</body></html>`
}
