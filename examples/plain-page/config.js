// The chain this page connects to: the local anvil `npm start` runs. Put your own networks here; the tests serve this
// file with their own node's address.
export const rpcUrl = 'http://127.0.0.1:8545'
