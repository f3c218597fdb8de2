// The identity stand-in's store for oidc-provider: sessions, interactions, codes and grants in memory, as a local
// stand-in's should be (they last while the stack runs). oidc-provider's own quick-start store does the same, but
// warns at every start that production must replace it, which says nothing true of a development stand-in.

/**
 * An oidc-provider adapter class whose instances (one per model: 'Session', 'AuthorizationCode' …) share one store.
 * Records go when they expire; the data set is a developer's few sign-ins, so lookups by uid or grant scan it.
 *
 * @returns {import('oidc-provider').AdapterConstructor}
 */
export function createMemoryAdapter() {
  /** @type {Map<string, { payload: Record<string, any>, expiresAt: number }>} by `${model}:${id}` */
  const records = new Map()
  const live = (/** @type {string} */ key) => {
    const record = records.get(key)
    if (record && record.expiresAt <= Date.now()) records.delete(key)
    return records.get(key)?.payload
  }
  return class MemoryAdapter {
    /** @param {string} model */
    constructor(model) {
      this.prefix = `${model}:`
    }
    /** @param {string} id @param {Record<string, any>} payload @param {number} [expiresIn] seconds */
    async upsert(id, payload, expiresIn) {
      records.set(this.prefix + id, { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Infinity })
    }
    /** @param {string} id */
    async find(id) {
      return live(this.prefix + id)
    }
    /** @param {string} uid */
    async findByUid(uid) {
      return this.#findWhere((payload) => payload.uid === uid)
    }
    /** @param {string} userCode */
    async findByUserCode(userCode) {
      return this.#findWhere((payload) => payload.userCode === userCode)
    }
    /** @param {string} id */
    async consume(id) {
      const payload = live(this.prefix + id)
      if (payload) payload.consumed = Math.floor(Date.now() / 1000)
    }
    /** @param {string} id */
    async destroy(id) {
      records.delete(this.prefix + id)
    }
    /** @param {string} grantId */
    async revokeByGrantId(grantId) {
      for (const [key, { payload }] of records) if (payload.grantId === grantId) records.delete(key)
    }
    /** @param {(payload: Record<string, any>) => boolean} matches */
    #findWhere(matches) {
      for (const key of records.keys()) {
        const payload = key.startsWith(this.prefix) ? live(key) : undefined
        if (payload && matches(payload)) return payload
      }
      return undefined
    }
  }
}
