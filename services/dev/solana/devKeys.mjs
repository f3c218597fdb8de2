// Fixed keypairs for local development. PUBLIC TEST MATERIAL: these secret keys are committed on purpose,
// were generated once for this repository and must never hold value on any real network.
// Each keypair is 64 bytes in solana-keygen's layout (32-byte ed25519 seed, then the 32-byte public key);
// load one with `createKeyPairSignerFromBytes(new Uint8Array(DEV_WALLET_KEYPAIR))` from @solana/kit.
// No imports, so the demo's in-browser dev wallet can use this file as it is.

/** The demo's dev wallet: its address. */
export const DEV_WALLET_ADDRESS = /** @type {import('@solana/kit').Address} */ ('5fGJgdBJZaHeuRxXXCpP2TiiTKosJrka7SaoLBeBUT5t')

/** The demo's dev wallet: its 64-byte keypair. Public test material. */
export const DEV_WALLET_KEYPAIR = Object.freeze([
  247, 169, 169, 213, 8, 61, 152, 223, 31, 208, 210, 82, 252, 46, 196, 243, 97, 234, 45, 47, 115, 40, 132, 218, 46, 128, 54, 214, 83, 90,
  245, 43, 69, 60, 31, 173, 37, 83, 155, 130, 0, 144, 178, 107, 251, 2, 229, 47, 71, 128, 248, 236, 101, 46, 38, 133, 191, 223, 251, 157,
  233, 153, 173, 187,
])

/** A second account for tests (the other side of transfers): its address. */
export const TEST_WALLET_ADDRESS = /** @type {import('@solana/kit').Address} */ ('4Xn7HseN9fPTJCvNGTn7UvaDQBTpHFxoZ28fJ2aBLAp6')

/** A second account for tests: its 64-byte keypair. Public test material. */
export const TEST_WALLET_KEYPAIR = Object.freeze([
  216, 108, 91, 77, 171, 125, 28, 92, 57, 158, 242, 128, 24, 32, 178, 66, 128, 237, 228, 82, 136, 31, 150, 122, 9, 175, 203, 42, 179, 142,
  76, 195, 52, 117, 125, 70, 81, 251, 60, 245, 53, 180, 244, 53, 12, 188, 59, 113, 108, 42, 216, 148, 68, 3, 114, 170, 127, 53, 111, 118,
  254, 95, 214, 231,
])

/**
 * The local node's fixture SPL token 'USDC' (classic SPL Token program, 6 decimals, mint authority the dev wallet):
 * its mint address, the same at every start because the mint account is created from the fixed keypair below.
 */
export const LOCAL_USDC_MINT = /** @type {import('@solana/kit').Address} */ ('BnYdcvrokYnfJCFdhhqNyBFag1ALMsnpwa9E81zCXz6b')

/** The fixture USDC mint's 64-byte keypair (it signs the mint account's creation). Public test material. */
export const LOCAL_USDC_MINT_KEYPAIR = Object.freeze([
  87, 217, 79, 71, 162, 123, 166, 132, 105, 143, 43, 15, 74, 125, 199, 240, 166, 234, 102, 82, 142, 116, 233, 252, 38, 103, 114, 142, 72,
  168, 92, 139, 160, 63, 197, 120, 229, 4, 139, 75, 77, 234, 61, 89, 123, 235, 12, 252, 6, 31, 118, 128, 105, 37, 31, 38, 22, 62, 198, 206,
  22, 172, 105, 200,
])

/** What `cli.mjs` gives each dev key at start: 1000 SOL. */
export const DEV_FUNDING_LAMPORTS = 1_000_000_000_000n
