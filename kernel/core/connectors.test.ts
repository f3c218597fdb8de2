import { describe, expect, it } from 'vitest'

import { createConnectorRegistry } from './connectors.js'

describe('connector capabilities', () => {
  const connector = { id: 'embedded', name: 'Email', namespaces: ['eip155'], type: 'auth' } as const
  const switchAccountType = async () => {}

  it('gives a capability only where the registered connector offers it', () => {
    const connectors = createConnectorRegistry(() => {})
    connectors.register({ connector, capabilities: { switchAccountType } })
    connectors.register({ connector: { ...connector, id: 'injected', type: 'injected' } })
    expect(connectors.capability('embedded', 'switchAccountType')).toBe(switchAccountType)
    expect(connectors.capability('embedded', 'signInAtLogin')).toBeUndefined()
    expect(connectors.capability('injected', 'switchAccountType')).toBeUndefined()
    expect(connectors.capability('unknown', 'switchAccountType')).toBeUndefined()
  })

  it('follows the latest registration: one without the capability takes it away, removing the connector too', () => {
    const connectors = createConnectorRegistry(() => {})
    connectors.register({ connector, capabilities: { switchAccountType } })
    const unregister = connectors.register({ connector })
    expect(connectors.capability('embedded', 'switchAccountType')).toBeUndefined()
    connectors.register({ connector, capabilities: { switchAccountType } })
    unregister()
    expect(connectors.capability('embedded', 'switchAccountType')).toBe(switchAccountType)
    connectors.register({ connector, capabilities: { switchAccountType } })()
    expect(connectors.capability('embedded', 'switchAccountType')).toBeUndefined()
  })
})
