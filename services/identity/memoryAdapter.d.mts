// Types for memoryAdapter.mjs (its test reads it; the provider uses it through startIdentityProvider.mjs).

/** What oidc-provider stores per model (a session, an interaction, a code, a grant …): its own JSON. */
export type StoredPayload = Record<string, any>;

/** An oidc-provider adapter: one instance per model, over the store of the class it was made from. */
export interface MemoryAdapter {
  upsert(id: string, payload: StoredPayload, expiresIn?: number): Promise<void>;
  find(id: string): Promise<StoredPayload | undefined>;
  findByUid(uid: string): Promise<StoredPayload | undefined>;
  findByUserCode(userCode: string): Promise<StoredPayload | undefined>;
  consume(id: string): Promise<void>;
  destroy(id: string): Promise<void>;
  revokeByGrantId(grantId: string): Promise<void>;
}

/** A new adapter class with a store of its own, in memory; records go when they expire. */
export declare function createMemoryAdapter(): new (model: string) => MemoryAdapter;
