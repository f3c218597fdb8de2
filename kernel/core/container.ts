// The kernel's dependency container: typed tokens and factories, child containers, dispose (style 8).
// It was tsyringe behind this same interface; Foyer used none of tsyringe's decorators or class
// construction, only a map of factories, and tsyringe cost 4.2 KB gzip of the first paint (a chunk of its
// own) plus a Reflect shim. A map does the same in a few lines.

/** A typed key for a service in the container. */
export interface Token<T> {
  readonly key: symbol
  /** Never set: carries the service type for inference. */
  readonly type?: T
}

/**
 * Creates a token. Services a host or test may replace (HTTP client, storage, blockchain API,
 * wallet directory, analytics) are tokens (style 8).
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

/** What a token is registered with: a factory not called yet, or the value (given, or made by the factory). */
type Registration = { create: (container: Container) => unknown } | { value: unknown }

/** Creates a container. Each kernel has its own, so two kernels never share a service. */
export function createContainer(parent?: Container): Container {
  const registrations = new Map<symbol, Registration>()
  // Only what this container's factories made is disposed here; provided values belong to whoever made them.
  const disposables = new Set<{ dispose(): unknown }>()
  const container: Container = {
    register: (token, create) => void registrations.set(token.key, { create }),
    provide: (token, value) => void registrations.set(token.key, { value }),
    resolve<T>(token: Token<T>): T {
      const registration = registrations.get(token.key)
      if (!registration) {
        if (parent) return parent.resolve(token)
        throw new Error(`No service is registered for ${token.key.description ?? 'this token'}.`)
      }
      if ('value' in registration) return registration.value as T
      const value = registration.create(container) as T
      registrations.set(token.key, { value })
      if (isDisposable(value)) disposables.add(value)
      return value
    },
    ensure: (token, create) => {
      if (!container.has(token)) container.register(token, create)
      return container.resolve(token)
    },
    has: (token) => registrations.has(token.key) || (parent?.has(token) ?? false),
    createChild: () => createContainer(container),
    dispose: async () => {
      const pending = [...disposables].map((instance) => instance.dispose())
      disposables.clear()
      registrations.clear()
      await Promise.allSettled(pending)
    },
  }
  return container
}

function isDisposable(value: unknown): value is { dispose(): unknown } {
  return typeof value === 'object' && value !== null && typeof (value as { dispose?: unknown }).dispose === 'function'
}
