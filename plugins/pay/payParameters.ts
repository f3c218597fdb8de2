// What a payment is: a recipient, an amount and a CAIP-19 asset; checked before any view opens, with messages that
// say what is wrong. No imports beyond the kernel's base error: this file ships with the manifest.
import { BaseError } from 'foyer'

export interface PayParameters {
  /** The address paid, on the asset's chain. */
  recipient: string
  /** Decimal text in the asset's unit, e.g. '10'. */
  amount: string
  /**
   * CAIP-19: `eip155:1/slip44:60` (ETH), `eip155:1/erc20:0xA0b8…` (a token), `solana:<ref>/slip44:501` (SOL),
   * `solana:<ref>/token:<mint>` (an SPL token).
   */
  asset: string
  /** The asset's symbol and decimals; read from the chain when left out (needed for SPL tokens). */
  metadata?: { symbol: string; decimals: number }
}

/** What `pay` resolves with once the payment is confirmed. */
export interface PayResult {
  status: 'success'
  /** The transaction's hash (EVM) or signature (Solana). */
  hash: string
  /** Where it was paid from. */
  via: 'wallet' | 'exchange'
}

/** The parameters of a payment are not usable; the message says which and why. */
export class InvalidPayParametersError extends BaseError {
  override name = 'InvalidPayParametersError'
  constructor(message: string) {
    super(message)
  }
}

/** A CAIP-19 asset, split. */
export interface ParsedAsset {
  namespace: 'eip155' | 'solana'
  /** CAIP-2. */
  networkId: string
  kind: 'native' | 'token'
  /** The token's contract or mint; absent for the native coin. */
  address?: string
}

const ASSET = /^(eip155|solana):([-_a-zA-Z0-9]{1,32})\/(slip44|erc20|token):([-.%a-zA-Z0-9]{1,128})$/
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/**
 * Checks a payment's parameters and returns its asset parsed; throws InvalidPayParametersError.
 *
 * @example
 * parsePayParameters({ recipient: '0x…', amount: '10', asset: 'eip155:1/erc20:0xA0b8…' })
 */
export function parsePayParameters(params: PayParameters): ParsedAsset {
  const match = typeof params?.asset === 'string' ? ASSET.exec(params.asset) : null
  if (!match)
    throw new InvalidPayParametersError(
      `Invalid asset: expected a CAIP-19 id such as 'eip155:1/erc20:0x…', got ${JSON.stringify(params?.asset)}`,
    )
  const [, namespace, reference, assetNamespace, assetReference] = match as unknown as [string, 'eip155' | 'solana', string, string, string]
  const native = assetNamespace === 'slip44'
  if (namespace === 'eip155' && !native && (assetNamespace !== 'erc20' || !EVM_ADDRESS.test(assetReference))) {
    throw new InvalidPayParametersError(
      `Invalid asset: an EVM token is 'erc20:' and its contract address, got ${JSON.stringify(params.asset)}`,
    )
  }
  if (namespace === 'solana' && !native && (assetNamespace !== 'token' || !SOLANA_ADDRESS.test(assetReference))) {
    throw new InvalidPayParametersError(
      `Invalid asset: a Solana token is 'token:' and its mint address, got ${JSON.stringify(params.asset)}`,
    )
  }
  const recipientPattern = namespace === 'eip155' ? EVM_ADDRESS : SOLANA_ADDRESS
  if (typeof params.recipient !== 'string' || !recipientPattern.test(params.recipient)) {
    throw new InvalidPayParametersError(
      `Invalid recipient: not ${namespace === 'eip155' ? 'an EVM' : 'a Solana'} address: ${JSON.stringify(params.recipient)}`,
    )
  }
  if (typeof params.amount !== 'string' || !/^\d{1,30}(\.\d{1,30})?$/.test(params.amount) || !/[1-9]/.test(params.amount)) {
    throw new InvalidPayParametersError(
      `Invalid amount: a positive decimal string such as '10' is required, got ${JSON.stringify(params.amount)}`,
    )
  }
  const { metadata } = params
  if (
    metadata !== undefined &&
    !(typeof metadata?.symbol === 'string' && Number.isInteger(metadata.decimals) && metadata.decimals >= 0 && metadata.decimals <= 36)
  ) {
    throw new InvalidPayParametersError('Invalid metadata: { symbol, decimals } with decimals a whole number from 0 to 36')
  }
  const decimals = params.amount.split('.')[1]?.length ?? 0
  if (metadata && decimals > metadata.decimals)
    throw new InvalidPayParametersError(`Invalid amount: ${metadata.symbol} has ${metadata.decimals} decimals`)
  return {
    namespace,
    networkId: `${namespace}:${reference}`,
    kind: native ? 'native' : 'token',
    ...(native ? {} : { address: assetReference }),
  }
}
