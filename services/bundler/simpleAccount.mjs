// SimpleAccount v0.8 (eth-infinitism's reference account, deployed by its factory) as a viem smart account, for
// viem's bundler actions. Its ABI comes from the published artifacts; the account implementation is viem's own
// `toSmartAccount`, which only needs to be told how this account encodes calls and checks signatures.
// (permissionless 0.4 has the same account, but its optional peer ox@0.11 conflicts with this project's ox@0.14.)
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { decodeFunctionData, encodeFunctionData } from 'viem';
import { entryPoint08Abi, getUserOperationHash, toSmartAccount } from 'viem/account-abstraction';
import { readContract } from 'viem/actions';

import { ENTRY_POINT_08, SIMPLE_ACCOUNT_FACTORY_08 } from '../devchain/deployAccountAbstraction.mjs';

const require = createRequire(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../package.json'));
/** @type {{ abi: import('viem').Abi }} */
const accountArtifact = require('@account-abstraction/contracts/artifacts/SimpleAccount.json');
/** @type {{ abi: import('viem').Abi }} */
const factoryArtifact = require('@account-abstraction/contracts/artifacts/SimpleAccountFactory.json');

// What gas estimation runs validation with: a well-formed signature (a throwaway key's) that recovers to some
// address for any hash, so the account's ECDSA.recover does the work it will do for real instead of reverting.
const STUB_SIGNATURE = /** @type {`0x${string}`} */ (
  '0xe45587e503e5ba2e46fdf4fe385ce1eef7ae783d6fb69440bb71bc0b93db9dd14d31350668898d43e1d9b3f0e1ed5e4dced4a44310c7e25d8bd4cb6c81ed40c51c'
);

/**
 * The SimpleAccount `owner` controls, at its counterfactual address until its first user operation deploys it
 * (the factory's `createAccount` goes in that operation's initCode).
 *
 * @param {object} options
 * @param {import('viem').Client} options.client a public client on the account's chain
 * @param {import('viem').LocalAccount} options.owner signs the user operations
 * @param {bigint} [options.salt] the factory's salt: one owner, many accounts. @default 0n
 * @returns {Promise<import('viem/account-abstraction').SmartAccount>}
 * @example
 * const account = await toSimpleAccount({ client, owner: privateKeyToAccount(key) });
 * await bundlerClient.sendUserOperation({ account, calls: [{ to, value }] });
 */
export async function toSimpleAccount({ client, owner, salt = 0n }) {
  const entryPoint = /** @type {const} */ ({ abi: entryPoint08Abi, address: ENTRY_POINT_08, version: '0.8' });
  /** @type {`0x${string}` | undefined} */
  let address;
  return toSmartAccount({
    client,
    entryPoint,
    extend: { abi: accountArtifact.abi, factory: { abi: factoryArtifact.abi, address: SIMPLE_ACCOUNT_FACTORY_08 } },
    async getAddress() {
      address ??= /** @type {`0x${string}`} */ (
        await readContract(client, { abi: factoryArtifact.abi, address: SIMPLE_ACCOUNT_FACTORY_08, functionName: 'getAddress', args: [owner.address, salt] })
      );
      return address;
    },
    // Always key 0, one sequence: the account's operations go through in the order they were signed (viem's
    // toSmartAccount hands in a new key per operation, which lets them land in any order).
    async getNonce() {
      const sender = await this.getAddress();
      return /** @type {bigint} */ (await readContract(client, { abi: entryPoint08Abi, address: ENTRY_POINT_08, functionName: 'getNonce', args: [sender, 0n] }));
    },
    async getFactoryArgs() {
      const factoryData = encodeFunctionData({ abi: factoryArtifact.abi, functionName: 'createAccount', args: [owner.address, salt] });
      return { factory: SIMPLE_ACCOUNT_FACTORY_08, factoryData };
    },
    async encodeCalls(calls) {
      const [only] = calls;
      if (calls.length === 1 && only) {
        return encodeFunctionData({ abi: accountArtifact.abi, functionName: 'execute', args: [only.to, only.value ?? 0n, only.data ?? '0x'] });
      }
      const batch = calls.map((call) => ({ target: call.to, value: call.value ?? 0n, data: call.data ?? '0x' }));
      return encodeFunctionData({ abi: accountArtifact.abi, functionName: 'executeBatch', args: [batch] });
    },
    async decodeCalls(data) {
      const decoded = decodeFunctionData({ abi: accountArtifact.abi, data });
      if (decoded.functionName === 'execute') {
        const [to, value, callData] = /** @type {[`0x${string}`, bigint, `0x${string}`]} */ (decoded.args);
        return [{ to, value, data: callData }];
      }
      if (decoded.functionName === 'executeBatch') {
        const [batch] = /** @type {[{ target: `0x${string}`, value: bigint, data: `0x${string}` }[]]} */ (decoded.args);
        return batch.map((call) => ({ to: call.target, value: call.value, data: call.data }));
      }
      throw new Error(`SimpleAccount: cannot decode a call to ${decoded.functionName}`);
    },
    async getStubSignature() {
      return STUB_SIGNATURE;
    },
    // SimpleAccount has no ERC-1271: a message is signed by its owner, and verifies against the owner's address.
    async signMessage({ message }) {
      return owner.signMessage({ message });
    },
    async signTypedData(typedData) {
      return owner.signTypedData(/** @type {any} */ (typedData));
    },
    // v0.8's user operation hash is EIP-712; SimpleAccount recovers its owner from that hash as it is.
    async signUserOperation({ chainId, ...userOperation }) {
      const sender = await this.getAddress();
      const hash = getUserOperationHash({
        chainId: chainId ?? /** @type {import('viem').Chain} */ (client.chain).id,
        entryPointAddress: ENTRY_POINT_08,
        entryPointVersion: '0.8',
        userOperation: { ...userOperation, sender },
      });
      if (!owner.sign) throw new Error('SimpleAccount: the owner account cannot sign a hash');
      return owner.sign({ hash });
    },
  });
}
