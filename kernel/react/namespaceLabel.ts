import type { MessageKey, MessageParams } from '../core/i18n.js'

/** The visible name of a chain family: "Ethereum" for eip155; an unknown namespace shows as it is. */
export function namespaceLabel(t: (key: MessageKey, params?: MessageParams) => string, namespace: string): string {
  const key = `namespace.${namespace}` as MessageKey
  const label = t(key)
  return label === key ? namespace : label
}
