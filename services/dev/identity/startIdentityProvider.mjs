// The local stack's stand-in for every social identity provider: one real OpenID Connect provider (oidc-provider)
// with one client per social provider (`foyer-google`, `foyer-x` …), the standard code flow with PKCE required, and
// a branded local sign-in page per provider that asks only for a name. No consent screen: signing in grants the
// client `openid profile`. Development and tests only: anyone can sign in as anyone by typing a name.
import http from 'node:http'
import { createHash, createHmac, randomBytes } from 'node:crypto'

import { listen } from '../../listen.mjs'
import { createMemoryAdapter } from './memoryAdapter.mjs'
import { escapeHtml } from '../../wallet/pages.mjs'

/** The social providers that sign in through OpenID Connect (rules §5); farcaster and telegram have flows of their own. */
export const OIDC_SOCIAL_PROVIDERS = /** @type {const} */ (['google', 'x', 'discord', 'apple', 'github', 'facebook'])
/** @typedef {(typeof OIDC_SOCIAL_PROVIDERS)[number]} OidcSocialProvider */

/**
 * The local Telegram bot: its id before the colon, the secret after. Development only; the wallet service verifies
 * results with the same token.
 */
export const DEV_TELEGRAM_BOT_TOKEN = '7000000001:foyer-dev-telegram-bot-token'

/** The CLI's and `npm start`'s port. */
export const DEFAULT_IDENTITY_PORT = 8792

/** How each provider's local sign-in page looks: its name and a colour, nothing taken from the real brands. */
const BRANDS = {
  google: { label: 'Google', colour: '#1a73e8' },
  x: { label: 'X', colour: '#111111' },
  discord: { label: 'Discord', colour: '#5865f2' },
  apple: { label: 'Apple', colour: '#333333' },
  github: { label: 'GitHub', colour: '#24292f' },
  facebook: { label: 'Facebook', colour: '#1877f2' },
}

/** A name typed on the sign-in page: what the account is known by (its `sub` is the name in lower case). */
const NAME = /^[\p{L}\p{N}][\p{L}\p{N} ._-]{0,39}$/u
const MAX_FORM_BYTES = 4096

/**
 * The development client of a provider, as the wallet service and this provider both know it.
 *
 * @param {string} provider
 */
export function devClientOf(provider) {
  return { clientId: `foyer-${provider}`, clientSecret: `foyer-dev-secret-${provider}` }
}

/**
 * Starts the provider on loopback and resolves once it listens.
 *
 * @example
 * const idp = await startIdentityProvider({ redirectUris: ['http://localhost:8790/social/callback'] })
 * // the wallet service: social: { google: { issuer: idp.url, ...devClientOf('google') }, … }
 *
 * @param {object} options
 * @param {readonly string[]} options.redirectUris where the clients may send the user back (the wallet's callback);
 *   Telegram's `return_to` must be one of them too
 * @param {string} [options.telegramBotToken=DEV_TELEGRAM_BOT_TOKEN] signs the Telegram stand-in's results.
 * @param {number} [options.port=0] 0 picks a free port.
 * @param {string} [options.host='127.0.0.1']
 * @param {(message: string) => void} [options.log=console.error]
 */
export async function startIdentityProvider({
  redirectUris,
  port = 0,
  host = '127.0.0.1',
  telegramBotToken = DEV_TELEGRAM_BOT_TOKEN,
  log = (message) => console.error(message),
}) {
  const server = http.createServer()
  const actualPort = await listen(server, { port, host, envVar: 'FOYER_IDENTITY_PORT' })
  const issuer = `http://${host}:${actualPort}`
  // Loaded here rather than at import: the rest of the stack never pays for it.
  const [{ default: Provider }, { generateKeyPair, exportJWK }] = await Promise.all([import('oidc-provider'), import('jose')])
  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  // A form's redirects count as its action: the provider's own pages, then the clients' callbacks.
  const formTargets = ["'self'", ...new Set(redirectUris.map((uri) => new URL(uri).origin))].join(' ')
  /** Display names by account id, as typed. */
  const names = new Map()
  const provider = new Provider(issuer, {
    adapter: createMemoryAdapter(),
    clients: OIDC_SOCIAL_PROVIDERS.map((name) => ({
      client_id: devClientOf(name).clientId,
      client_secret: devClientOf(name).clientSecret,
      client_name: BRANDS[name].label,
      redirect_uris: [...redirectUris],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'dev' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    // The wallet is a confidential client; PKCE is required of it all the same (the code flow the issue names).
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'] },
    // The name goes into the ID token itself, as the real providers put it there.
    conformIdTokenClaims: false,
    scopes: ['openid', 'profile'],
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, id) {
      return { accountId: id, claims: async () => ({ sub: id, name: names.get(id) ?? id, preferred_username: names.get(id) ?? id }) }
    },
    ttl: { AuthorizationCode: 60, AccessToken: 600, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    renderError(ctx, out) {
      ctx.type = 'html'
      ctx.body = page('Sign-in failed', `<p>${escapeHtml(String(out.error_description ?? out.error))}</p>`, '#555')
    },
  })
  provider.on('server_error', (_ctx, error) => log(`[identity] ${error.message}`))

  // Sign In With Farcaster: the relay's channel API (what @farcaster/auth-client calls), a dev "Farcaster app" that
  // approves with a custody key per name, and the fid registry that says which custody address owns which fid.
  const farcaster = await createFarcasterStandIn()
  provider.use(async (ctx, next) => {
    if (!ctx.path.startsWith('/v1/channel') && !ctx.path.startsWith('/farcaster/')) return next()
    ctx.set('cache-control', 'no-store')
    await farcaster.handle(ctx, readBody)
  })

  // Telegram Login's stand-in (oauth.telegram.org/auth in production): a name, then back to `return_to` with the
  // fields Telegram sends and their hash, signed as Telegram signs them (HMAC-SHA-256 of the data-check string,
  // keyed with SHA-256 of the bot token).
  provider.use(async (ctx, next) => {
    if (ctx.path !== '/telegram/auth') return next()
    ctx.set('cache-control', 'no-store')
    // No form-action: the form's redirects end on the host page, which only the wallet knows.
    ctx.set('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
    const query = new URLSearchParams(ctx.querystring)
    const form = ctx.method === 'POST' ? new URLSearchParams(await readBody(ctx.req)) : undefined
    const returnTo = (form ?? query).get('return_to') ?? ''
    const botId = (form ?? query).get('bot_id') ?? ''
    if (botId !== telegramBotToken.split(':')[0] || !redirectUris.some((uri) => returnTo.startsWith(`${uri}?`))) {
      ctx.status = 400
      ctx.type = 'html'
      ctx.body = page('Telegram sign-in refused', '<p>This bot or return address is not registered.</p>', TELEGRAM_COLOUR)
      return
    }
    const name = form?.get('name')?.trim() ?? ''
    if (!form || !NAME.test(name)) {
      ctx.status = form ? 400 : 200
      ctx.type = 'html'
      ctx.body = telegramPage(botId, returnTo, form ? 'Enter a name: letters, digits, spaces, ".", "_" or "-", at most 40.' : '')
      return
    }
    const fields = {
      // A stable id per name, as Telegram's are per account.
      id: String(parseInt(createHash('sha256').update(name.toLowerCase()).digest('hex').slice(0, 12), 16)),
      first_name: name,
      username: name.toLowerCase().replace(/[^a-z0-9_]/g, '_'),
      auth_date: String(Math.floor(Date.now() / 1000)),
    }
    const dataCheck = Object.entries(fields)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, value]) => `${key}=${value}`)
      .join('\n')
    const hash = createHmac('sha256', createHash('sha256').update(telegramBotToken).digest()).update(dataCheck).digest('hex')
    const back = new URL(returnTo)
    for (const [key, value] of Object.entries({ ...fields, hash })) back.searchParams.set(key, value)
    ctx.status = 303
    ctx.redirect(back.href)
  })

  // The sign-in pages, in front of the provider's own routes.
  provider.use(async (ctx, next) => {
    const match = /^\/interaction\/([\w-]{1,64})(\/login)?$/.exec(ctx.path)
    if (!match) return next()
    ctx.set('cache-control', 'no-store')
    ctx.set('content-security-policy', `default-src 'none'; style-src 'unsafe-inline'; form-action ${formTargets}; frame-ancestors 'none'`)
    let details
    try {
      details = await provider.interactionDetails(ctx.req, ctx.res)
    } catch {
      ctx.status = 400
      ctx.type = 'html'
      ctx.body = page('Sign-in expired', '<p>This sign-in has expired. Close this window and start again.</p>', '#555')
      return
    }
    const clientId = String(details.params['client_id'] ?? '')
    const brand =
      BRANDS[/** @type {keyof typeof BRANDS} */ (OIDC_SOCIAL_PROVIDERS.find((name) => devClientOf(name).clientId === clientId) ?? 'google')]
    if (ctx.method === 'GET' && !match[2]) {
      ctx.type = 'html'
      ctx.body = signInPage(details.uid, brand, '')
      return
    }
    if (ctx.method !== 'POST' || !match[2] || match[1] !== details.uid) {
      ctx.status = 405
      return
    }
    const name = String(new URLSearchParams(await readBody(ctx.req)).get('name') ?? '').trim()
    if (!NAME.test(name)) {
      ctx.status = 400
      ctx.type = 'html'
      ctx.body = signInPage(details.uid, brand, 'Enter a name: letters, digits, spaces, ".", "_" or "-", at most 40.')
      return
    }
    const accountId = name.toLowerCase()
    names.set(accountId, name)
    // No consent screen: signing in grants what the client asked for.
    const grant = new provider.Grant({ accountId, clientId })
    grant.addOIDCScope('openid profile')
    const grantId = await grant.save()
    await provider.interactionFinished(ctx.req, ctx.res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false })
  })

  server.on('request', provider.callback())
  server.on('clientError', (_error, socket) => socket.destroy())

  /** @type {Promise<void> | undefined} */
  let stopping
  return {
    /** The issuer: `http://127.0.0.1:<port>` (discovery at `/.well-known/openid-configuration`). */
    url: issuer,
    port: actualPort,
    /** Stops listening and closes every connection. Safe to call twice. */
    stop() {
      stopping ??= new Promise((resolve) => {
        server.close(() => resolve(undefined))
        server.closeAllConnections()
      })
      return stopping
    },
  }
}

/** @typedef {Awaited<ReturnType<typeof startIdentityProvider>>} IdentityProvider */

/** @param {http.IncomingMessage} request */
async function readBody(request) {
  let body = ''
  for await (const chunk of request) {
    body += chunk
    if (body.length > MAX_FORM_BYTES) throw new Error('form too large')
  }
  return body
}

/**
 * @param {string} uid
 * @param {{ label: string, colour: string }} brand
 * @param {string} problem
 */
function signInPage(uid, brand, problem) {
  return page(
    `Sign in with ${brand.label}`,
    `<p class="note">Local development sign-in: no password, any name.</p>
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<label for="name">Your name</label>
<input id="name" name="name" autocomplete="username" required maxlength="40" autofocus${problem ? ' aria-invalid="true" aria-describedby="problem"' : ''}>
${problem ? `<p id="problem" role="alert">${escapeHtml(problem)}</p>` : ''}
<button type="submit">Continue</button>
</form>`,
    brand.colour,
  )
}

const TELEGRAM_COLOUR = '#2a8bc9'
const FARCASTER_COLOUR = '#6a4cc0'
/** How long a Farcaster channel stays open. */
const CHANNEL_TTL_MS = 10 * 60_000

/** The relay, the dev app and the registry, in memory. */
async function createFarcasterStandIn() {
  const [{ createSiweMessage }, { keccak256, toBytes }, { privateKeyToAccount }] = await Promise.all([
    import('viem/siwe'),
    import('viem'),
    import('viem/accounts'),
  ])
  /** @type {Map<string, any>} */
  const channels = new Map()
  /** fids by custody address (lower case) */
  const fids = new Map()
  /** @param {any} ctx */
  const bearer = (ctx) => {
    const token = /^Bearer ([\w-]{1,100})$/.exec(ctx.get('authorization') ?? '')?.[1]
    const channel = token ? channels.get(token) : undefined
    return channel && Date.now() - channel.createdAt < CHANNEL_TTL_MS ? channel : undefined
  }
  /** @param {any} ctx @param {number} status @param {unknown} body */
  const json = (ctx, status, body) => {
    ctx.status = status
    ctx.type = 'json'
    ctx.set('access-control-allow-origin', '*')
    ctx.body = JSON.stringify(body)
  }
  /** The app signs for `name`: its custody key and fid, stable per name. @param {string} name */
  const accountOf = (name) => {
    const account = privateKeyToAccount(keccak256(toBytes(`foyer-dev-farcaster:${name.toLowerCase()}`)))
    const fid = String((parseInt(account.address.slice(2, 10), 16) % 1_000_000) + 1)
    fids.set(account.address.toLowerCase(), fid)
    return { account, fid }
  }
  const publicFields = (/** @type {any} */ channel) => {
    const { token, createdAt, ...rest } = channel
    return rest
  }
  /** @param {any} ctx @param {(request: http.IncomingMessage) => Promise<string>} read */
  async function handle(ctx, read) {
    if (ctx.method === 'OPTIONS') {
      ctx.set('access-control-allow-origin', '*')
      ctx.set('access-control-allow-headers', 'authorization, content-type, x-farcaster-auth-relay-key')
      ctx.status = 204
      return
    }
    if (ctx.path === '/v1/channel' && ctx.method === 'POST') {
      let body
      try {
        body = JSON.parse(await read(ctx.req))
      } catch {
        return json(ctx, 400, { error: 'The body must be JSON' })
      }
      if (typeof body?.siweUri !== 'string' || typeof body?.domain !== 'string')
        return json(ctx, 400, { error: 'siweUri and domain are required' })
      const token = randomBytes(16).toString('hex')
      const nonce = typeof body.nonce === 'string' && /^\w{8,64}$/.test(body.nonce) ? body.nonce : randomBytes(8).toString('hex')
      const url = `farcaster://connect?channelToken=${token}&nonce=${nonce}&siweUri=${encodeURIComponent(body.siweUri)}&domain=${encodeURIComponent(body.domain)}`
      channels.set(token, { token, createdAt: Date.now(), state: 'pending', nonce, url, siweUri: body.siweUri, domain: body.domain })
      return json(ctx, 201, { channelToken: token, url, nonce })
    }
    if (ctx.path === '/v1/channel/status' && ctx.method === 'GET') {
      const channel = bearer(ctx)
      if (!channel) return json(ctx, 401, { error: 'Unknown or expired channel' })
      return json(ctx, channel.state === 'completed' ? 200 : 202, publicFields(channel))
    }
    if (ctx.path === '/v1/channel/authenticate' && ctx.method === 'POST') {
      const channel = bearer(ctx)
      if (!channel) return json(ctx, 401, { error: 'Unknown or expired channel' })
      const body = JSON.parse(await read(ctx.req))
      Object.assign(channel, {
        state: 'completed',
        message: body.message,
        signature: body.signature,
        fid: body.fid,
        username: body.username,
        displayName: body.displayName,
      })
      return json(ctx, 201, publicFields(channel))
    }
    const registry = /^\/farcaster\/fid\/(0x[0-9a-fA-F]{40})$/.exec(ctx.path)
    if (registry && ctx.method === 'GET') {
      const fid = fids.get(/** @type {string} */ (registry[1]).toLowerCase())
      return fid ? json(ctx, 200, { fid }) : json(ctx, 404, { error: 'No fid for this custody address' })
    }
    if (ctx.path === '/farcaster/app') {
      const form = ctx.method === 'POST' ? new URLSearchParams(await read(ctx.req)) : undefined
      const link = (form ?? new URLSearchParams(ctx.querystring)).get('url') ?? ''
      const token = /channelToken=([\w-]{1,100})/.exec(link)?.[1]
      const channel = token ? channels.get(token) : undefined
      ctx.type = 'html'
      ctx.set('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'")
      if (!channel) {
        ctx.status = link ? 404 : 200
        ctx.body = page(
          'Farcaster (local)',
          `<p class="note">Paste the sign-in link a site shows (farcaster://connect?…).</p>
<form method="get" action="/farcaster/app"><label for="url">Sign-in link</label><input id="url" name="url" required><button type="submit">Open</button></form>`,
          FARCASTER_COLOUR,
        )
        return
      }
      const name = form?.get('name')?.trim() ?? ''
      if (!form || !NAME.test(name) || channel.state !== 'pending') {
        ctx.status = form ? 400 : 200
        ctx.body = page(
          `Sign in to ${channel.domain}`,
          channel.state !== 'pending'
            ? '<p>This sign-in is already done.</p>'
            : `<p class="note">Local development Farcaster app: approve as any name; a custody key is made for it.</p>
<form method="post" action="/farcaster/app"><input type="hidden" name="url" value="${escapeHtml(link)}">
<label for="name">Your name</label><input id="name" name="name" required maxlength="40" autofocus>
<button type="submit">Approve</button></form>`,
          FARCASTER_COLOUR,
        )
        return
      }
      const { account, fid } = accountOf(name)
      const message = createSiweMessage({
        address: account.address,
        chainId: 10,
        domain: channel.domain,
        uri: channel.siweUri,
        nonce: channel.nonce,
        version: '1',
        statement: 'Farcaster Auth',
        issuedAt: new Date(),
        resources: [`farcaster://fid/${fid}`],
      })
      const signature = await account.signMessage({ message })
      Object.assign(channel, {
        state: 'completed',
        message,
        signature,
        fid: Number(fid),
        username: name.toLowerCase().replace(/[^a-z0-9_-]/g, '-'),
        displayName: name,
      })
      ctx.body = page(
        'Signed in',
        `<p>You approved the sign-in to ${escapeHtml(channel.domain)} as ${escapeHtml(name)}. Go back to the site.</p>`,
        FARCASTER_COLOUR,
      )
      return
    }
    ctx.status = 404
  }
  return { handle }
}

/** @param {string} botId @param {string} returnTo @param {string} problem */
function telegramPage(botId, returnTo, problem) {
  return page(
    'Log in with Telegram',
    `<p class="note">Local development sign-in: no phone number, any name.</p>
<form method="post" action="/telegram/auth">
<input type="hidden" name="bot_id" value="${escapeHtml(botId)}"><input type="hidden" name="return_to" value="${escapeHtml(returnTo)}">
<label for="name">Your name</label>
<input id="name" name="name" autocomplete="username" required maxlength="40" autofocus${problem ? ' aria-invalid="true" aria-describedby="problem"' : ''}>
${problem ? `<p id="problem" role="alert">${escapeHtml(problem)}</p>` : ''}
<button type="submit">Log in</button>
</form>`,
    TELEGRAM_COLOUR,
  )
}

/** @param {string} title @param {string} body @param {string} colour */
function page(title, body, colour) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} (local)</title>
<style>:root{color-scheme:light dark;font:15px system-ui,sans-serif}body{margin:0;background:Canvas;color:CanvasText}
main{max-width:22rem;margin:12vh auto;padding:24px;border-top:6px solid ${colour}}h1{font-size:20px}.note{opacity:.7}
label{display:block;margin:16px 0 4px}input{font:inherit;width:100%;box-sizing:border-box;padding:8px;border:1px solid #888;border-radius:6px}
button{font:inherit;margin-top:16px;padding:8px 18px;border:0;border-radius:6px;background:${colour};color:#fff;cursor:pointer}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`
}
