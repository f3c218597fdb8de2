// Types for masterKey.mjs (tests read sealed rows with it; services use index.mjs).
export declare const MASTER_KEY_FILE: string;
export declare function loadMasterKey(options: { fromEnv: string | undefined; dataDir: string }): Buffer;
/** The keys derived from the master key, one per use. */
export declare function deriveKeys(masterKey: Buffer): { sealing: Buffer; session: Uint8Array; codes: Buffer };
/** AES-256-GCM: `iv (12) | tag (16) | ciphertext`, `aad` authenticated. */
export declare function seal(key: Buffer, plaintext: Uint8Array, aad: string): Buffer;
/** Opens what {@link seal} sealed; throws when the key, the AAD or a byte differs. */
export declare function open(key: Buffer, sealed: Buffer, aad: string): Buffer;
/** HMAC-SHA-256 of a one-time secret under `key`. */
export declare function hashSecret(key: Buffer, secret: string): Buffer;
