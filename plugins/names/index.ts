// The names plugin's manifest: account names (rules §2 RegisterAccountName, RegisterAccountNameSuccess; rules §4, §5, rules §7),
// EVM only (rules §6: offered where the chain has the `identity` capability). The views, the profile calls and the
// registration load on demand; a registered name then shows wherever the kernel shows an identity.
import { definePlugin, InvalidOptionsError, type Kernel, type Plugin } from 'foyer'
import { en, type NamesMessages } from './locales.js'
import type { NamesState } from './namesState.js'
import type { RegisterAccountNameParameters, RegisterAccountNameReturnType, ResolveNameParameters } from './registerAccountName.js'
import type { NameProfile } from './namesService.js'

declare module 'foyer' {
  interface ViewParams {
    /** rules §2: choose a name (checked as typed, with suggestions), sign, register. */
    RegisterAccountName: undefined
    /** rules §2: the name just registered. */
    RegisterAccountNameSuccess: { name: string }
  }
}

declare module 'foyer' {
  interface FoyerState {
    names: NamesState
  }
}

declare module 'foyer' {
  interface FoyerEvents {
    /** rules §4: a name was registered for `address` (and is its identity from now on). */
    'names:registered': { name: string; address: string }
  }
}

declare module 'foyer' {
  interface PluginApis {
    names: NamesApi
  }
}

declare module 'foyer' {
  interface Messages extends NamesMessages {}
}

export type { NameProfile, NameSuggestion, NamesService } from './namesService.js'
export type { RegisterAccountNameParameters, RegisterAccountNameReturnType, ResolveNameParameters } from './registerAccountName.js'
export type { NamesState } from './namesState.js'

/** What the names plugin offers other plugins and hosts through `pluginApi(kernel, 'names')`. */
export interface NamesApi {
  /** Signs the registration message with the connected wallet and registers the name (rules §4). */
  registerAccountName(kernel: Kernel, params: RegisterAccountNameParameters): Promise<RegisterAccountNameReturnType>
  /** The profile of a name ('alice' or 'alice.foyer.id'), undefined when nobody has it; cached 5 minutes (rules §9). */
  resolveName(kernel: Kernel, params: ResolveNameParameters): Promise<NameProfile | undefined>
}

export interface NamesOptions {
  /**
   * The suffix every name ends in (rules §9: one fixed zone); the data service must serve the same one.
   * @default 'foyer.id'
   */
  zone?: string
}

/**
 * Account names for EVM accounts (rules §6): a 'Register name' action under the account opens
 * RegisterAccountName (letters, digits and hyphens, at least 4 characters, rules §5; availability and
 * suggestions as the visitor types), the wallet signs the registration, the data service
 * (`services.api`) registers it, and RegisterAccountNameSuccess shows it. The name is then the
 * account's identity: on Account, the connect button and Send's receiver field.
 *
 * @example
 * createKernel({ projectId, services: { api: 'https://api.example.com' }, plugins: [evm({ networks }), names()] })
 */
export function names({ zone = 'foyer.id' }: NamesOptions = {}): Plugin {
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(zone)) {
    throw new InvalidOptionsError(`names({ zone }) must be a lower-case domain such as 'foyer.id', got ${JSON.stringify(zone)}`)
  }
  // Registered through the blockchain data service, so offered only with one.
  const available = (kernel: Kernel) => Boolean(kernel.options.services.api)
  return definePlugin({
    name: 'names',
    // The actions load with their caller's first use, never with the manifest (style 3).
    api: {
      registerAccountName: async (kernel, params) => (await import('./registerAccountName.js')).registerAccountName(kernel, params),
      resolveName: async (kernel, params) => (await import('./registerAccountName.js')).resolveName(kernel, params),
    },
    views: {
      RegisterAccountName: { title: 'names.title', available, load: () => import('./RegisterAccountNameView.js') },
      RegisterAccountNameSuccess: { title: 'names.successTitle', available, load: () => import('./RegisterAccountNameSuccessView.js') },
    },
    // Where the account's chain has identities: EVM (rules §6).
    slots: { 'wallet-features': [{ id: 'names', label: 'names.action', view: 'RegisterAccountName', capability: 'identity' }] },
    locales: { en, '*': (locale) => import('./locales/index.js').then((module) => module.loadTranslations(locale)) },
    setup(kernel) {
      if (!available(kernel)) {
        kernel.logger.warn('names() needs `services.api`, the blockchain data service that registers names: names are off.')
        return
      }
      kernel.store.addSlice('names', { zone })
      return () => kernel.store.removeSlice('names')
    },
  })
}
