import { lentReflectMetadata, returnReflectMetadata } from './reflectShim.js'
import { container as rootContainer, instanceCachingFactory, type DependencyContainer } from 'tsyringe'

// See reflectShim.ts: tsyringe has loaded by now and never needs the lent functions again.
if (lentReflectMetadata) returnReflectMetadata()

/** A typed key for a service in the container. */
export interface Token<T> {
  readonly key: symbol
  /** Never set: carries the service type for inference. */
  readonly type?: T
}

/**
 * Creates a token. Services a host or test may replace (HTTP client, storage, blockchain API,
 * wallet directory, analytics) are tokens (STYLE 8).
 *
 * @example
 * export const GreeterToken = createToken<Greeter>('Greeter')
 * kernel.container.register(GreeterToken, () => createGreeter())
 */
export function createToken<T>(description: string): Token<T> {
  return { key: Symbol(description) }
}

/** The dependency container: typed tokens and factories only, no decorators. */
export interface Container {
  /** Registers a factory, called once on first `resolve`; the instance is kept. A later registration replaces it. */
  register<T>(token: Token<T>, factory: (container: Container) => T): void
  /** Registers a ready value. */
  provide<T>(token: Token<T>, value: T): void
  resolve<T>(token: Token<T>): T
  /**
   * The service under `token`, made with `create` the first time: per-kernel state a plugin keeps
   * (sessions, clients by URL) without a module-level map.
   *
   * @example
   * const clients = kernel.container.ensure(ClientsToken, () => new Map<string, Client>())
   */
  ensure<T>(token: Token<T>, create: () => T): T
  has(token: Token<unknown>): boolean
  /** A child sees its parent's services and may override them without touching the parent. */
  createChild(): Container
  /** Disposes every resolved instance that has a `dispose()` method. */
  dispose(): Promise<void>
}

/** Creates a container. Each kernel has its own child of tsyringe's root, so two kernels never share a service. */
export function createContainer(parent: DependencyContainer = rootContainer): Container {
  const inner = parent.createChildContainer()
  // tsyringe disposes only the classes it constructs itself, so instances made by our factories are tracked here.
  const disposables = new Set<{ dispose(): unknown }>()
  const wrapper: Container = {
    register: (token, factory) =>
      inner.register(token.key, {
        useFactory: instanceCachingFactory(() => {
          const instance = factory(wrapper)
          if (isDisposable(instance)) disposables.add(instance)
          return instance
        }),
      }),
    provide: (token, value) => inner.register(token.key, { useValue: value }),
    resolve: (token) => {
      if (!inner.isRegistered(token.key, true)) {
        throw new Error(`No service is registered for ${token.key.description ?? 'this token'}.`)
      }
      return inner.resolve(token.key)
    },
    ensure: (token, create) => {
      if (!inner.isRegistered(token.key, true)) wrapper.register(token, create)
      return wrapper.resolve(token)
    },
    has: (token) => inner.isRegistered(token.key, true),
    createChild: () => createContainer(inner),
    dispose: async () => {
      const pending = [...disposables].map((instance) => instance.dispose())
      disposables.clear()
      await Promise.allSettled(pending)
      await inner.dispose()
    },
  }
  return wrapper
}

function isDisposable(value: unknown): value is { dispose(): unknown } {
  return typeof value === 'object' && value !== null && typeof (value as { dispose?: unknown }).dispose === 'function'
}
