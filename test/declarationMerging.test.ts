// The plugin API is declaration merging into 'foyer' (docs/concepts/plugins.md): a plugin's entry adds its features,
// its api, its events, its state and its views to the kernel's interfaces, and a host that imports the plugin gets them
// typed. These are type tests: `tsc -p .` checks every assertion and every `@ts-expect-error` (an error that stops
// happening fails the check too); at run time they are no-ops. Each plugin is imported by its public entry, as a host does.
import { describe, expectTypeOf, it } from 'vitest'
import {
  pluginApi,
  type EventHandler,
  type Features,
  type FoyerEvents,
  type FoyerOptions,
  type FoyerState,
  type Kernel,
  type RouteArgs,
  type ViewParams,
  type ViewResults,
} from 'foyer'
import type { EmailOptions } from 'foyer/plugins/email'
import type { NamesOptions } from 'foyer/plugins/names'
import type { PayParameters, PayResult } from 'foyer/plugins/pay'
import type { SendApi, SendEventPayload, SendState } from 'foyer/plugins/send'
import type { SiwxOptions } from 'foyer/plugins/siwx'

describe("a plugin's options", () => {
  it("its feature flags join the kernel's `features` option, checked by name and type", () => {
    expectTypeOf<Features>().toHaveProperty('send').toEqualTypeOf<boolean>()
    expectTypeOf<{ send: false; swaps: true }>().toExtend<NonNullable<FoyerOptions['features']>>()
    // @ts-expect-error a feature no plugin declares
    expectTypeOf<{ sned: false }>().toExtend<NonNullable<FoyerOptions['features']>>()
    // @ts-expect-error a flag is true or false
    expectTypeOf<{ send: 'yes' }>().toExtend<NonNullable<FoyerOptions['features']>>()
  })

  it("its own options are typed by its factory's parameter", () => {
    expectTypeOf<NamesOptions>().toEqualTypeOf<{ zone?: string }>()
    expectTypeOf<{ sponsorGas: true }>().toExtend<EmailOptions>()
    expectTypeOf<SiwxOptions>().toBeObject()
  })
})

describe('its api, through pluginApi', () => {
  it('pluginApi(kernel, name) is the api the plugin declared under its name', () => {
    expectTypeOf(pluginApi<'send'>).returns.toEqualTypeOf<SendApi>()
    expectTypeOf<SendApi['sendToken']>().parameter(0).toEqualTypeOf<Kernel>()
  })

  it('a name no plugin declares is refused', () => {
    // @ts-expect-error no plugin is named 'sned'
    expectTypeOf(pluginApi<'sned'>).toBeFunction()
  })
})

describe('its events', () => {
  it("the bus's handlers get the payload the plugin declared for the event", () => {
    expectTypeOf<FoyerEvents['send:initiated']>().toEqualTypeOf<SendEventPayload>()
    expectTypeOf<EventHandler<'send:succeeded'>>().parameter(0).toEqualTypeOf<SendEventPayload>()
    // @ts-expect-error an event no plugin declares
    expectTypeOf<EventHandler<'send:started'>>().toBeFunction()
  })
})

describe('its state and its views', () => {
  it("the store's state has the plugin's slice", () => {
    expectTypeOf<FoyerState['send']>().toEqualTypeOf<SendState>()
  })

  it('a view takes the parameters its plugin declared, and a requested view answers with its result', () => {
    expectTypeOf<ViewParams['Pay']>().toEqualTypeOf<PayParameters>()
    expectTypeOf<ViewResults['Pay']>().toEqualTypeOf<PayResult>()
    expectTypeOf<ViewResults['SignIn']>().toEqualTypeOf<boolean>()
    expectTypeOf<RouteArgs<'SignIn'>>().toEqualTypeOf<[view: 'SignIn', params: { namespace: string }]>()
    expectTypeOf<RouteArgs<'Send'>>().toEqualTypeOf<[view: 'Send', params?: undefined]>()
    const signIn = (kernel: Kernel) => kernel.router.request('SignIn', { namespace: 'eip155' })
    expectTypeOf(signIn).returns.toEqualTypeOf<Promise<boolean>>()
    // @ts-expect-error a view no plugin registers
    expectTypeOf<ViewParams['Sned']>().toBeUndefined()
  })
})
