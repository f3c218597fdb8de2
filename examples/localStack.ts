// What `npm start` (or an end-to-end test) set up, handed over at build time by viteConfig.ts.
declare const __FOYER_LOCAL_STACK__: {
  chains: Record<string, { rpcUrl: string }>
  solana: { rpcUrl: string; genesisHash: string }
}

/** The local anvils by chain id (31337, 31338). */
export const localChains = __FOYER_LOCAL_STACK__.chains

/** The local Solana node (litesvm behind JSON-RPC). */
export const localSolana = __FOYER_LOCAL_STACK__.solana
