import { useState } from 'react'
import type { Hex } from 'viem'
import type { Kernel } from 'foyer'
import { useAccount } from 'foyer/react'
import { DEV_WALLET_KEY, localChains } from './localStack'

/** Anvil account #2 receives the tips. Local chains only. */
const TIP_RECEIVER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
/** One tip: 0.50 USDC, two a day within the permission's 1 USDC. */
const TIP = 500_000n
const DAY = 86_400
const KEY_STORAGE = 'foyer-demo:tip-session-key'
const GRANT_STORAGE = 'foyer-demo:tip-grant'

type Provider = { request(args: { method: string; params?: unknown }): Promise<unknown> }
/** ERC-7715's answer to wallet_grantPermissions, as this demo keeps it. */
interface Grant {
  address: Hex
  context: Hex
  signerMeta: { delegationManager: Hex }
}

/**
 * ERC-7715 permissions from a host page (docs/permissions.md): "Tip 1 USDC a day" asks the embedded wallet once for a
 * permission to spend up to 1 USDC a day, naming the site's own session key as its signer; the visitor approves it
 * in the wallet's frame. Each tip after that is the site's own ERC-7710 redemption, sent by its session key with no
 * approval; the chain's enforcer refuses a tip beyond the day's amount, and any tip once the visitor revoked the
 * permission in Account. A real site keeps its session key on its server and pays its gas; the demo keeps it in this
 * page and pays with anvil's test key.
 */
export function TipDemo({ kernel }: { kernel: Kernel }) {
  const { address, namespace, connectorId } = useAccount()
  const [tips, setTips] = useState<Hex[]>([])
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  if (namespace !== 'eip155' || !address || connectorId !== 'email') return null
  const provider = kernel.connectors.provider(connectorId, 'eip155') as Provider | undefined
  if (!provider) return null

  const tip = async () => {
    setBusy(true)
    setError(undefined)
    try {
      const chainId = (await provider.request({ method: 'eth_chainId' })) as Hex
      const chain = localChains[String(Number.parseInt(chainId, 16))]
      if (!chain) throw new Error('No USDC on this chain')
      const site = await import('./tipSession')
      const session = await site.sessionAccount(chain.rpcUrl, KEY_STORAGE, DEV_WALLET_KEY)
      const grant = site.keptGrant(GRANT_STORAGE, address) ?? (await askGrant(provider, chainId, chain.usdc as Hex, session.address))
      localStorage.setItem(`${GRANT_STORAGE}:${address.toLowerCase()}`, JSON.stringify(grant))
      const hash = await site.redeem(chain.rpcUrl, session, grant, { token: chain.usdc as Hex, to: TIP_RECEIVER, amount: TIP })
      setTips((done) => [...done, hash])
    } catch (caught) {
      setError(caught instanceof Error ? caught.message.split('\n')[0] : String(caught))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-label="Permissions (ERC-7715)">
      <button type="button" onClick={tip} disabled={busy}>
        Tip 1 USDC a day
      </button>
      <p className="f-muted">Each tip is 0.50 USDC. The first asks for a permission of up to 1 USDC a day; the next ones ask nothing.</p>
      {tips.length > 0 && (
        <p>
          Tips sent: <code data-testid="tips">{tips.join(' ')}</code>
        </p>
      )}
      {error && <p role="alert">Tip refused: {error}</p>}
    </section>
  )
}

/** Asks the wallet for the permission: up to 1 USDC a day for 30 days, redeemed by the site's session key. */
async function askGrant(provider: Provider, chainId: Hex, usdc: Hex, signer: Hex): Promise<Grant> {
  return (await provider.request({
    method: 'wallet_grantPermissions',
    params: [
      {
        chainId,
        expiry: Math.floor(Date.now() / 1000) + 30 * DAY,
        signer: { type: 'account', data: { address: signer } },
        permissions: [
          {
            type: 'erc20-token-periodic',
            data: {
              tokenAddress: usdc,
              periodAmount: '0xf4240',
              periodDuration: DAY,
              justification: 'Tips to the demo, 1 USDC a day at most',
            },
          },
        ],
      },
    ],
  })) as Grant
}
