// The frame page (framed by the project's allowed sites only), the approval window (frame.js in its other role, never
// framed) and their scripts, built from this repository at start.
import { fileURLToPath } from 'node:url'

import { Hono } from 'hono'
import * as v from 'valibot'

import { check, queryString, queryValue } from '../../http/index.mjs'
import { isCspSource, originMatches } from 'foyer/protocol'
import { walletQuery } from '../errors.mjs'
import { approvalWindowPage, framePage } from '../pages.mjs'
import { PROJECT_ID } from './frameCall.mjs'

/** rules §9: the secure frame's SDK version. */
export const FRAME_VERSION = '4'
/** Where the frame loads its approval preview from (frame/preview.js), with the first approval it shows. */
export const PREVIEW_SCRIPT_PATH = '/frame-preview.js'

/** The scripts' headers: never sniffed, checked again on each load (they change with the wallet). */
export const SCRIPT_HEADERS = {
  'content-type': 'text/javascript; charset=utf-8',
  'cache-control': 'no-cache',
  'x-content-type-options': 'nosniff',
}

const FrameQuery = v.looseObject({
  projectId: queryValue('projectId', (projectId) => check(PROJECT_ID, projectId, 'INVALID_REQUEST')),
  version: v.pipe(
    queryString('version'),
    v.check((version) => version === undefined || version === FRAME_VERSION, `Frame version ${FRAME_VERSION} only`),
  ),
})

/**
 * The frame's scripts: frame/frame.js and its modules, bundled with what it signs with (@noble/curves, shamir-secret-sharing, viem's
 * hashing; KEYS.md), and the approval preview (frame/preview.js) as a module of its own that only an approval loads;
 * by esbuild, once per process, minified. Built from this repository at start, so what the wallet serves can be
 * checked against its source.
 *
 * @type {Promise<{ frame: string, preview: string }> | undefined}
 */
let frameScripts
export function buildFrameScript() {
  frameScripts ??= import('esbuild').then(async ({ build }) => {
    /** @param {string} file @param {'iife' | 'esm'} format */
    const bundle = async (file, format) => {
      const { outputFiles } = await build({
        entryPoints: [fileURLToPath(new URL(file, import.meta.url))],
        bundle: true,
        format,
        minify: true,
        target: 'es2022',
        platform: 'browser',
        legalComments: 'none',
        external: [PREVIEW_SCRIPT_PATH],
        write: false,
        logLevel: 'silent',
      })
      return /** @type {{ text: string }} */ (outputFiles[0]).text
    }
    const [frame, preview] = await Promise.all([bundle('../frame/frame.js', 'iife'), bundle('../frame/preview.js', 'esm')])
    return { frame, preview }
  })
  return frameScripts
}

/** @param {import('./frameCall.mjs').WalletRoutes} wallet */
export async function createFramePageRoutes({ origins }) {
  const scripts = await buildFrameScript()
  const app = new Hono()
  app.get('/frame', walletQuery(FrameQuery), async (c) => {
    const { projectId } = c.req.valid('query')
    const allowed = frameAncestors(await origins.originsOf(projectId), c.req.header('referer'))
    return c.html(framePage(), 200, {
      'content-security-policy': [
        "default-src 'none'",
        "script-src 'self'",
        "connect-src 'self'",
        "style-src 'unsafe-inline'",
        // The site's icon (APP_SYNC_DAPP_DATA): https or an inline raster image, nothing else.
        'img-src https: data:',
        `frame-ancestors ${allowed.length > 0 ? allowed.join(' ') : "'none'"}`,
      ].join('; '),
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      vary: 'referer',
    })
  })
  // The approval window: never framed, it talks only to the frame that opened it.
  app.get('/approve', (c) =>
    c.html(approvalWindowPage(), 200, {
      'content-security-policy': "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
    }),
  )
  app.get('/frame.js', (c) => c.body(scripts.frame, 200, SCRIPT_HEADERS))
  app.get(PREVIEW_SCRIPT_PATH, (c) => c.body(scripts.preview, 200, SCRIPT_HEADERS))
  return app
}

/**
 * The frame's `frame-ancestors`: the project's patterns a browser enforces itself, and for a preview-host pattern
 * (a `*` inside a label, which CSP cannot say) the one origin of the page that loads the frame, when it matches.
 * That origin comes from `Referer`, which a page can drop but not forge: a preview page with `no-referrer` cannot
 * embed the frame, and no other origin is ever added (docs/deploy.md).
 *
 * @param {readonly string[]} patterns @param {string | undefined} referer
 * @returns {string[]}
 */
export function frameAncestors(patterns, referer) {
  const sources = patterns.filter(isCspSource)
  let origin
  try {
    origin = referer ? new URL(referer).origin : undefined
  } catch {
    origin = undefined
  }
  const preview = origin && patterns.some((pattern) => !isCspSource(pattern) && originMatches(pattern, origin))
  return preview && origin ? [...sources, origin] : sources
}
