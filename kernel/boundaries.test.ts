import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { checkBoundaries, importsOf, readSources, staticGraph } from '../test/boundaries.js'

// style 20, over the real tree. The cases below prove each rule can fail.
const root = fileURLToPath(new URL('..', import.meta.url))

describe('import boundaries', () => {
  it('the package holds every rule', () => {
    const files = readSources(root)
    // Guard against a checker that passes because it reads nothing.
    expect(importsOf(files['kernel/index.ts']!)).toContain('./core/errors/BaseError.js')
    expect(importsOf(files['services/wallet/signIn.mjs']!)).toContain('foyer/protocol/evm')
    expect(importsOf(files['protocol/evm/verifySignIn.mjs']!)).toContain('../signInGrammar.mjs')
    expect(Object.keys(files).some((file) => /\.(test|stories)\./.test(file))).toBe(false)
    expect(checkBoundaries(files)).toEqual([])
  })

  it('finds every import form, not those in comments', () => {
    const source = [
      `import a from './a.js'`,
      `import type { B } from "./b.js"`,
      `import {\n  c,\n  type C,\n} from './c.js'`,
      `import * as d from './d.js'`,
      `import './e.js'`,
      `export * from './f.js'`,
      `export { g as h } from './g.js'`,
      `const i = () => import('./i.js')`,
      'const j = await import(`./j.js`)',
      `// import k from './k.js'`,
      `/** @example import { l } from './l.js' */`,
      `const m = 'import n from "./n.js"'`,
      `const url = import.meta.url`,
    ].join('\n')
    expect(importsOf(source).sort()).toEqual(['./a.js', './b.js', './c.js', './d.js', './e.js', './f.js', './g.js', './i.js', './j.js'])
  })

  it('(a) the kernel imports no plugin or chain', () => {
    expect(
      checkBoundaries({
        'kernel/router.ts': `import { swaps } from '../plugins/swaps/index.js'`,
        'kernel/react/Modal.tsx': `const evm = () => import('../../chains/evm/index.js')`,
        'kernel/ui/Button.tsx': `export * from 'foyer/plugins/send'`,
      }),
    ).toEqual([
      `(a) kernel/router.ts imports '../plugins/swaps/index.js': kernel/ imports no plugin`,
      `(a) kernel/react/Modal.tsx imports '../../chains/evm/index.js': kernel/ imports no chain`,
      `(a) kernel/ui/Button.tsx imports 'foyer/plugins/send': kernel/ imports no plugin`,
    ])
  })

  it('(b) core kernel files import no React and are not .tsx', () => {
    expect(
      checkBoundaries({
        'kernel/store.ts': `import { useSyncExternalStore } from 'react'`,
        'kernel/views.ts': `import type { ComponentType } from 'react'`,
        'kernel/portal.ts': `import { createPortal } from 'react-dom'`,
        'kernel/jsx.ts': `export { jsx } from 'react/jsx-runtime'`,
        'kernel/hooks.ts': `import { useKernel } from './react/useKernel.js'`,
        'kernel/Badge.tsx': `export const Badge = 1`,
        'kernel/react/Provider.tsx': `import { createContext } from 'react'`,
        'kernel/ui/Button.tsx': `import { jsx } from 'react/jsx-runtime'`,
      }),
    ).toEqual([
      `(b) kernel/store.ts imports 'react': core kernel files import no React (move it to kernel/react/)`,
      `(b) kernel/views.ts imports 'react': core kernel files import no React (move it to kernel/react/)`,
      `(b) kernel/portal.ts imports 'react-dom': core kernel files import no React (move it to kernel/react/)`,
      `(b) kernel/jsx.ts imports 'react/jsx-runtime': core kernel files import no React (move it to kernel/react/)`,
      `(b) kernel/hooks.ts imports './react/useKernel.js': core kernel files import no React (move it to kernel/react/)`,
      `(b) kernel/Badge.tsx: a core kernel file cannot be .tsx`,
    ])
  })

  it('(c) a plugin imports the kernel and itself; a chain no plugin and no other chain', () => {
    const allowed = {
      'plugins/swaps/index.ts': [
        `import { definePlugin } from 'foyer'`,
        `import { useKernel } from 'foyer/react'`,
        `import { serviceOf } from 'foyer/query'`,
        `import { Button } from 'foyer/ui'`,
        `import { parse } from 'valibot'`,
        `const view = () => import('./views/Swap.js')`,
      ].join('\n'),
      'plugins/swaps/views/Swap.tsx': `import { quote } from '../quote.js'`,
      'chains/evm/index.ts': `import { defineChain } from 'foyer'\nimport { createClient } from 'viem'\nimport { x } from './x.js'`,
      'chains/evm/signIn.ts': `import { formatEip4361 } from 'foyer/protocol/evm'`,
      'plugins/swaps/networks.ts': `import { SWAP_NETWORKS } from 'foyer/protocol'`,
    }
    expect(checkBoundaries(allowed)).toEqual([])
    expect(
      checkBoundaries({
        'plugins/swaps/index.ts': `import { send } from '../send/index.js'`,
        'plugins/swaps/quote.ts': `import { evm } from 'foyer/chains/evm'`,
        'plugins/swaps/views/Swap.tsx': `import { anvil } from '../../../test/anvil.js'`,
        'chains/evm/index.ts': `import { swaps } from 'foyer/plugins/swaps'`,
        'chains/evm/names.ts': `import { solana } from '../solana/index.js'`,
      }),
    ).toEqual([
      `(c) plugins/swaps/index.ts imports '../send/index.js': a plugin imports only the kernel, the protocol and itself`,
      `(c) plugins/swaps/quote.ts imports 'foyer/chains/evm': a plugin imports only the kernel, the protocol and itself`,
      `(c) plugins/swaps/views/Swap.tsx imports '../../../test/anvil.js': a plugin imports only the kernel, the protocol and itself`,
      `(c) chains/evm/index.ts imports 'foyer/plugins/swaps': a chain imports only the kernel, the protocol and itself`,
      `(c) chains/evm/names.ts imports '../solana/index.js': a chain imports only the kernel, the protocol and itself`,
    ])
  })

  it("a plugin or chain that reaches into kernel/ instead of through 'foyer', 'foyer/react', 'foyer/query' or 'foyer/ui' is refused", () => {
    const publicOnly = "'foyer', 'foyer/react', 'foyer/query', 'foyer/ui'"
    expect(
      checkBoundaries({
        'plugins/swaps/index.ts': `import type { Kernel } from '../../kernel/core/createKernel.js'`,
        'plugins/swaps/views/Swap.tsx': `import { Button } from '../../../kernel/ui/Button.js'`,
        'plugins/swaps/convertApi.ts': `import { serviceOf } from '../../kernel/services/serviceOf.js'`,
        'plugins/send/index.ts': `export { BaseError } from '../../kernel/index.js'`,
        'chains/evm/views/Connect.tsx': `const shell = () => import('../../../kernel/react/shell/ViewTitle.js')`,
        'chains/solana/options.ts': `import { pickNetwork } from 'foyer/kernel/model/chainOptions.js'`,
      }),
    ).toEqual([
      `(c) plugins/swaps/index.ts imports '../../kernel/core/createKernel.js': a plugin imports the kernel by ${publicOnly} only`,
      `(c) plugins/swaps/views/Swap.tsx imports '../../../kernel/ui/Button.js': a plugin imports the kernel by ${publicOnly} only`,
      `(c) plugins/swaps/convertApi.ts imports '../../kernel/services/serviceOf.js': a plugin imports the kernel by ${publicOnly} only`,
      `(c) plugins/send/index.ts imports '../../kernel/index.js': a plugin imports the kernel by ${publicOnly} only`,
      `(c) chains/evm/views/Connect.tsx imports '../../../kernel/react/shell/ViewTitle.js': a chain imports the kernel by ${publicOnly} only`,
      `(c) chains/solana/options.ts imports 'foyer/kernel/model/chainOptions.js': a chain imports the kernel by ${publicOnly} only`,
    ])
  })

  it('(g) a service imports no client code: what it shares with the client it imports from the protocol, by name', () => {
    expect(
      checkBoundaries({
        'services/wallet/signIn.mjs': `import { formatEip4361 } from 'foyer/protocol/evm';\nimport { x } from './x.mjs';\nimport { Hono } from 'hono';`,
        'services/api/sessions/sessionRoutes.mjs': `import { SWAP_NETWORKS } from 'foyer/protocol';\nimport { ServiceError } from '../../http/index.mjs';`,
      }),
    ).toEqual([])
    expect(
      checkBoundaries({
        'services/http/index.mjs': `import { isHttpUrl } from '../../kernel/model/network.js';`,
        'services/api/index.mjs': `import { createKernel } from 'foyer';`,
        'services/api/swaps.mjs': `import { swaps } from '../../plugins/swaps/index.js';`,
        'services/wallet/chain.mjs': `const evm = await import('../../chains/evm/client.js');`,
        'services/api/caip.mjs': `import { parseCaipAddress } from '../../protocol/caip.mjs';`,
      }),
    ).toEqual([
      `(g) services/http/index.mjs imports '../../kernel/model/network.js': a service imports no client code, only the protocol`,
      `(g) services/api/index.mjs imports 'foyer': a service imports no client code, only the protocol`,
      `(g) services/api/swaps.mjs imports '../../plugins/swaps/index.js': a service imports no client code, only the protocol`,
      `(g) services/wallet/chain.mjs imports '../../chains/evm/client.js': a service imports no client code, only the protocol`,
      `(i) services/api/caip.mjs imports '../../protocol/caip.mjs': reach the protocol by its name, 'foyer/protocol'`,
    ])
  })

  it('(i) a relative import stays inside its layer: the kernel, a plugin or a chain reaches the protocol by its name', () => {
    expect(
      checkBoundaries({
        'kernel/core/chain.ts': `import type { CaipNetworkId } from '../../protocol/caip.mjs'`,
        'chains/evm/simulate.ts': `import { simulateCalls } from '../../protocol/evm/simulate.mjs'`,
        'plugins/siwx/signInMessage.ts': `import { STATEMENT } from '../../protocol/signInGrammar.mjs'`,
        'kernel/services/http.ts': `import { listen } from '../../services/listen.mjs'`,
      }),
    ).toEqual([
      `(i) kernel/core/chain.ts imports '../../protocol/caip.mjs': reach the protocol by its name, 'foyer/protocol'`,
      `(i) chains/evm/simulate.ts imports '../../protocol/evm/simulate.mjs': reach the protocol by its name, 'foyer/protocol/evm'`,
      `(i) plugins/siwx/signInMessage.ts imports '../../protocol/signInGrammar.mjs': reach the protocol by its name, 'foyer/protocol'`,
      `(i) kernel/services/http.ts imports '../../services/listen.mjs': a relative import stays inside its layer: reach another by its name`,
    ])
  })

  it('(j) the protocol imports nothing of Foyer, and only protocol/evm imports viem; the kernel imports no protocol/evm', () => {
    expect(
      checkBoundaries({
        'protocol/index.mjs': `export { parseCaipAddress } from './caip.mjs'`,
        'protocol/evm/eip4361.mjs': `import { checksumAddress } from 'viem'\nimport { isDomain } from '../signInGrammar.mjs'`,
        'kernel/index.ts': `export { parseCaipAddress } from 'foyer/protocol'`,
      }),
    ).toEqual([])
    expect(
      checkBoundaries({
        'protocol/caip.mjs': `import { BaseError } from '../kernel/core/errors/BaseError.js'`,
        'protocol/permits.mjs': `import { hexToBigInt } from 'viem'`,
        'protocol/evm/simulate.mjs': `import { rpcUrlFor } from 'foyer/query'`,
        'protocol/swapNetworks.mjs': `import { en } from '../plugins/swaps/locales.js'`,
        'kernel/core/chain.ts': `import type { EvmSimulation } from 'foyer/protocol/evm'`,
      }),
    ).toEqual([
      `(j) protocol/caip.mjs imports '../kernel/core/errors/BaseError.js': the protocol imports nothing of Foyer`,
      `(j) protocol/permits.mjs imports 'viem': only protocol/evm imports viem`,
      `(j) protocol/evm/simulate.mjs imports 'foyer/query': the protocol imports nothing of Foyer`,
      `(j) protocol/swapNetworks.mjs imports '../plugins/swaps/locales.js': the protocol imports nothing of Foyer`,
      `(a) kernel/core/chain.ts imports 'foyer/protocol/evm': kernel/ imports no chain's protocol ('foyer/protocol/evm')`,
    ])
  })

  it('(h) a real backend imports none of the local stand-ins, which may import the real backends', () => {
    expect(
      checkBoundaries({
        'services/wallet/smartAccounts.mjs': `import { toFoyerAccount } from '../dev/bundler/index.mjs';`,
        'services/api/onramp/treasury.mjs': `const { DEV_WALLET_KEYPAIR } = await import('../../dev/solana/index.mjs');`,
        'services/wallet/startWallet.mjs': `import { createMailer } from './createMailer.mjs';`,
        'services/dev/identity/startIdentityProvider.mjs': `import { escapeHtml } from '../../wallet/pages.mjs';`,
        'services/dev/bundler/index.mjs': `export { toFoyerAccount } from '../../wallet/foyerAccount.mjs';`,
        'services/localStack.mjs': `import { startBundler } from './dev/bundler/index.mjs';`,
      }),
    ).toEqual([
      `(h) services/wallet/smartAccounts.mjs imports '../dev/bundler/index.mjs': a real backend imports nothing from the local stand-ins in services/dev/`,
      `(h) services/api/onramp/treasury.mjs imports '../../dev/solana/index.mjs': a real backend imports nothing from the local stand-ins in services/dev/`,
    ])
  })

  it('(d) only kernel/react, plugins and chains import kernel/ui', () => {
    expect(
      checkBoundaries({
        'kernel/react/Modal.tsx': `import { Button } from '../ui/Button.js'`,
        'kernel/ui/ListItem.tsx': `import { Button } from './Button.js'`,
        'plugins/send/views/Send.tsx': `import { Button } from 'foyer/ui'`,
        'chains/evm/Connect.tsx': `import { QrCode } from 'foyer/ui'`,
        'kernel/theme.ts': `import { Button } from './ui/Button.js'`,
        'kernel/index.ts': `export * from './ui/index.js'`,
      }),
    ).toEqual([
      `(d) kernel/theme.ts imports './ui/Button.js': only kernel/react, kernel/elements, plugins and chains import kernel/ui`,
      `(d) kernel/index.ts imports './ui/index.js': only kernel/react, kernel/elements, plugins and chains import kernel/ui`,
    ])
  })

  it('(k) kernel/elements loads React only through import(), also through a kernel/react module', () => {
    expect(
      checkBoundaries({
        'kernel/elements/button.ts': [
          `import { buttonStyle } from '../react/look.js'`,
          `import type { ReactNode } from 'react'`,
          `import type { Provider } from '../react/Provider.js'`,
          `const mount = () => import('../react/Provider.js')`,
          `import { gradientFor } from '../ui/gradient.js'`,
        ].join('\n'),
        'kernel/elements/face.ts': `import { jsx } from 'react/jsx-runtime'`,
        'kernel/elements/mount.ts': `import { Provider } from '../react/Provider.js'`,
        'kernel/elements/deep.ts': `import { look } from '../react/look.js'\nimport { Button } from '../ui/Button.js'`,
        'kernel/react/look.ts': `export const look = {}\nimport type { CSSProperties } from 'react'`,
        'kernel/react/Provider.tsx': `import { createContext } from 'react'`,
        'kernel/ui/gradient.ts': `export const gradientFor = () => ''`,
        'kernel/ui/Button.tsx': `import { Spinner } from './Spinner.js'`,
        'kernel/ui/Spinner.tsx': `import { jsx } from 'react/jsx-runtime'`,
      }),
    ).toEqual([
      `(k) kernel/elements/face.ts imports 'react/jsx-runtime': kernel/elements loads React only with the modal, through import()`,
      `(k) kernel/elements/mount.ts imports '../react/Provider.js': kernel/elements loads React only with the modal, through import()`,
      `(k) kernel/elements/deep.ts imports '../ui/Button.js': kernel/elements loads React only with the modal, through import()`,
    ])
  })

  it('a host that does not import an adapter loads none of it: the kernel and its React entry reach no adapter code or package', () => {
    for (const entry of ['kernel/index.ts', 'kernel/react/index.ts']) {
      const { files, packages } = staticGraph(root, entry)
      expect([...files].filter((file) => file.startsWith('adapters/'))).toEqual([])
      expect([...packages].filter((name) => /wagmi|wallet-adapter/.test(name))).toEqual([])
    }
    // And an adapter loads the kernel only by name: in dist/ that stays an import of the host's kernel. The wagmi
    // adapter imports nothing of wagmi at run time (only its types), so it works whichever of wagmi and @wagmi/core
    // the host's node_modules holds at its top (docs/packaging.md).
    expect([...staticGraph(root, 'adapters/wagmi/index.ts').packages].sort()).toEqual(['foyer', 'viem'])
    expect([...staticGraph(root, 'adapters/solana-wallet-adapter/index.ts').packages].sort()).toEqual([
      '@solana/wallet-adapter-react',
      'foyer',
      'foyer/react',
      'react',
    ])
  })

  it("(f) an adapter imports Foyer by the package's entries only, itself and packages", () => {
    const why = "an adapter imports Foyer by its package's entries only ('foyer', 'foyer/elements', 'foyer/chains/evm' …), and itself"
    expect(
      checkBoundaries({
        'adapters/wagmi/index.ts': `export { foyerConnector } from './foyerConnector.js'`,
        'adapters/wagmi/foyerConnector.ts': `import { createConnector } from '@wagmi/core'\nimport { openModal } from 'foyer'\nconst eip155 = 'eip155'`,
        'adapters/solana-wallet-adapter/useFoyerWalletAdapter.ts': `import { useFoyerState } from 'foyer/react'\nimport { useWallet } from '@solana/wallet-adapter-react'`,
        'adapters/appkit/ethers.ts': `import { evm } from 'foyer/chains/evm'\nimport { send } from 'foyer/plugins/send'\nimport { watchAccount } from 'foyer/elements'`,
      }),
    ).toEqual([])
    expect(
      checkBoundaries({
        'adapters/wagmi/foyerConnector.ts': `import { openModal } from '../../kernel/core/modal.js'`,
        'adapters/wagmi/evm.ts': `import { evm } from '../../chains/evm/index.js'`,
        'adapters/wagmi/send.ts': `import { send } from '../../plugins/send/index.js'`,
        'adapters/wagmi/solana.ts': `import { registerFoyerWallet } from '../solana-wallet-adapter/index.js'`,
        'adapters/wagmi/deep.ts': `import { look } from 'foyer/kernel/react/look.js'`,
        'kernel/react/hooks.ts': `import { foyerConnector } from 'foyer/wagmi'`,
      }),
    ).toEqual([
      `(f) adapters/wagmi/foyerConnector.ts imports '../../kernel/core/modal.js': ${why}`,
      `(f) adapters/wagmi/evm.ts imports '../../chains/evm/index.js': ${why}`,
      `(f) adapters/wagmi/send.ts imports '../../plugins/send/index.js': ${why}`,
      `(f) adapters/wagmi/solana.ts imports '../solana-wallet-adapter/index.js': ${why}`,
      `(f) adapters/wagmi/deep.ts imports 'foyer/kernel/react/look.js': ${why}`,
      `(a) kernel/react/hooks.ts imports 'foyer/wagmi': kernel/ imports no adapter`,
    ])
  })

  it("(e) kernel/ names no chain namespace (CAIP parsing is the protocol's); comments and message keys do not count", () => {
    expect(
      checkBoundaries({
        'kernel/react/hooks.ts': `const wanted = namespace === 'eip155' ? address : undefined`,
        'kernel/actions/send.ts': `if (networkId.startsWith("solana:")) return`,
        'protocol/caip.mjs': `export const CHAIN_NAMESPACES = ['eip155', 'solana']`,
        'kernel/model/caip.ts': `export const CHAIN_NAMESPACES = ['eip155', 'solana']`,
        'kernel/format.ts': `// namespace === 'eip155'\n/** @example f('eip155:1') */\nconst key = 'namespace.eip155'`,
        'plugins/send/SendView.tsx': `const evm = namespace === 'eip155'`,
      }),
    ).toEqual([
      `(e) kernel/react/hooks.ts names the namespace 'eip155': ask the chain for a capability instead`,
      `(e) kernel/actions/send.ts names the namespace 'solana:': ask the chain for a capability instead`,
      `(e) kernel/model/caip.ts names the namespace 'eip155': ask the chain for a capability instead`,
      `(e) kernel/model/caip.ts names the namespace 'solana': ask the chain for a capability instead`,
    ])
  })
})
