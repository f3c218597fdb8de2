import { createElement as h } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { connect } from '../actions/connect.js'
import { testChain, testKernel } from '../../test/fixtures.js'
import type { Kernel } from '../core/createKernel.js'
import { ConnectButton, type ConnectButtonProps, type ConnectButtonState } from './ConnectButton.js'
import { FoyerProvider } from './FoyerProvider.js'

const render = (kernel: Kernel, props: ConnectButtonProps = {}) =>
  renderToStaticMarkup(h(FoyerProvider, { kernel }, h(ConnectButton, props)))

describe('ConnectButton', () => {
  it('a function child draws the button from the state, and Foyer draws nothing of its own', async () => {
    const kernel = testKernel({ plugins: [testChain()] })
    const seen: ConnectButtonState[] = []
    const drawn = (state: ConnectButtonState) => {
      seen.push(state)
      return h('b', null, `${state.status} ${state.label}`)
    }
    expect(render(kernel, { children: drawn })).toBe('<b>disconnected Connect</b>')
    await connect(kernel, { connectorId: 'test-wallet-eip155' })
    expect(render(kernel, { children: drawn })).toBe('<b>connected 0x1111…1111</b>')
    const state = seen.at(-1)!
    expect(state).toMatchObject({
      isConnected: true,
      address: '0x1111111111111111111111111111111111111111',
      shortAddress: '0x1111…1111',
      accessibleName: 'Account 0x1111…1111',
      isNetworkSupported: true,
      network: { name: 'Testnet One' },
    })
    expect(typeof state.open).toBe('function')
    expect(typeof state.warm).toBe('function')
  })

  it('themed by default with inline styles; plain leaves the styling to the host', () => {
    const kernel = testKernel({ plugins: [testChain()], themeMode: 'light', themeVariables: { accent: '#0a7d55' } })
    expect(render(kernel)).toMatch(
      /^<button type="button" data-foyer-connect-button="" data-status="disconnected" style="[^"]*background:#0a7d55/,
    )
    expect(render(kernel, { appearance: 'plain', className: 'mine' })).toBe(
      '<button type="button" data-foyer-connect-button="" data-status="disconnected" class="mine">Connect</button>',
    )
  })
})
