/**
 * The first three accounts anvil creates from its well-known public test mnemonic
 * ("test test test test test test test test test test test junk"). These keys are published in
 * Foundry's docs and hold value only on local chains: hard-coding them is fine for local development
 * and tests, and they must never be used anywhere else.
 *
 * @type {ReadonlyArray<{ address: `0x${string}`, privateKey: `0x${string}` }>}
 */
export const ANVIL_ACCOUNTS = Object.freeze([
  {
    address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  },
  {
    address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  },
  {
    address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
    privateKey: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  },
])

/**
 * Anvil account #7 of the same mnemonic: it deploys FoyerNameResolver on the local chains and owns it, and the data
 * service writes names there with it. An account of its own, so the fixtures' accounts keep their history and the
 * resolver's address is the same on every fresh chain (#7's first deployment).
 *
 * @type {Readonly<{ address: `0x${string}`, privateKey: `0x${string}` }>}
 */
export const NAME_RESOLVER_OWNER = Object.freeze({
  address: '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955',
  privateKey: '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356',
})
