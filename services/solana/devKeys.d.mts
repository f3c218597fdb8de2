// Types for devKeys.mjs, which the demo's in-browser dev wallet imports directly (index.mjs would
// bring the node server with it).
import type { Address } from '@solana/kit';

/** The demo's dev wallet. PUBLIC TEST MATERIAL. */
export declare const DEV_WALLET_ADDRESS: Address;
/** 64 bytes (seed, then public key). */
export declare const DEV_WALLET_KEYPAIR: readonly number[];
/** A second funded account for tests. PUBLIC TEST MATERIAL. */
export declare const TEST_WALLET_ADDRESS: Address;
export declare const TEST_WALLET_KEYPAIR: readonly number[];
/** The fixture SPL token 'USDC' (SPL Token program, 6 decimals): its mint address, fixed across restarts. */
export declare const LOCAL_USDC_MINT: Address;
/** The fixture USDC mint's 64-byte keypair (seed, then public key). PUBLIC TEST MATERIAL. */
export declare const LOCAL_USDC_MINT_KEYPAIR: readonly number[];
/** What the CLI gives each dev key: 1000 SOL. */
export declare const DEV_FUNDING_LAMPORTS: bigint;
