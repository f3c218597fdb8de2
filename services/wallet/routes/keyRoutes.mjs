// The user's key shares (KEYS.md), for their own frame page only (its session, its origin): the key state, the phrase
// backup, the first registration and the migration of old sealed keys, and the key export behind a mailed code.
import { Hono } from 'hono'
import * as v from 'valibot'

import { sendJson } from '../../http/index.mjs'
import { walletBody } from '../errors.mjs'
import { exportCode, keysForExport } from '../keyExport.mjs'
import { sessionUserWith } from '../accounts.mjs'
import {
  KEY_STATE_COLUMNS,
  REGISTRATION,
  completeMigration,
  confirmPhraseBackup,
  keyStateOf,
  registerKeys,
  sealedKeysToMigrate,
} from '../keyShares.mjs'
import { SITE, allowedSite, notConnected, sessionUserId, signedInUser } from './frameCall.mjs'

/** A call with nothing more than its site. */
const KeysBody = v.object(SITE)
/** New keys, or old sealed keys split: their addresses and shares (KEYS.md). */
const RegistrationBody = v.object({ ...SITE, ...REGISTRATION.entries })
const BackupBody = v.object({ ...SITE, kind: v.literal('phrase', "kind must be 'phrase'") })
/** What a key-export code will show, for its mail's words: the keys, or the recovery phrase alone (a later backup). */
const ExportCodeBody = v.object({
  ...SITE,
  reason: v.optional(v.picklist(['keys', 'phrase'], "reason must be 'keys' or 'phrase'"), 'keys'),
})
/** The code is checked as every mailed code is (codes.mjs useCode). */
const ExportBody = v.object({ ...SITE, otp: v.optional(v.unknown()) })

/** @param {import('./frameCall.mjs').WalletRoutes} wallet */
export function createKeyRoutes(wallet) {
  const { database, sealingKey, now } = wallet.deps
  const app = new Hono()
  /**
   * A call of the signed-in user's own frame page.
   *
   * @template {v.GenericSchema} S
   * @param {string} path @param {S} schema
   * @param {(user: import('../accounts.mjs').WalletUser, body: v.InferOutput<S>, c: import('hono').Context) => Promise<unknown>} run
   */
  const keysRoute = (path, schema, run) =>
    app.post(`/v1/frame/keys/${path}`, walletBody(schema), allowedSite(wallet), async (c) => {
      const body = /** @type {v.InferOutput<S> & { projectId: string }} */ (c.req.valid('json'))
      return sendJson(c, 200, await run(await signedInUser(wallet, c, body.projectId), body, c))
    })

  // The state with the session's user, in one statement: the frame asks it after every login.
  app.post('/v1/frame/keys/state', walletBody(KeysBody), allowedSite(wallet), async (c) => {
    const { projectId } = c.req.valid('json')
    const found = await sessionUserWith(database, wallet.scopeOf(projectId), await sessionUserId(wallet, c), KEY_STATE_COLUMNS)
    if (!found) throw notConnected()
    const { status, backedUp } = keyStateOf(found.row)
    return sendJson(c, 200, { status, userId: found.user.id, backedUp })
  })
  // After the visitor's own click on "I saved it" in the frame's phrase panel: no APP_ message reaches it, so the host
  // page cannot mark a wallet backed up.
  keysRoute('backup', BackupBody, async (user) => {
    await confirmPhraseBackup(database, user.id, now)
    return {}
  })
  // Checked against the session's user in the registration's own statement: a new user's frame calls it at each login.
  app.post('/v1/frame/keys/register', walletBody(RegistrationBody), allowedSite(wallet), async (c) => {
    const { projectId, origin, ...registration } = c.req.valid('json')
    if (!(await registerKeys(database, wallet.scopeOf(projectId), await sessionUserId(wallet, c), registration))) throw notConnected()
    return sendJson(c, 200, {})
  })
  keysRoute('migrate', KeysBody, (user) => sealedKeysToMigrate(database, sealingKey, user.id))
  keysRoute('migrated', RegistrationBody, async (user, registration) => {
    await completeMigration(database, user.id, registration)
    return {}
  })
  keysRoute('export-code', ExportCodeBody, async (user, { reason }, c) => {
    await wallet.spend(c, 'export-code')
    return exportCode(wallet.deps, user, wallet.deviceHash(c), reason)
  })
  keysRoute('export', ExportBody, async (user, { otp }, c) => {
    await wallet.spend(c, 'export')
    return keysForExport(wallet.deps, user, wallet.deviceHash(c), otp)
  })
  return app
}
