// tsyringe refuses to load unless a Reflect metadata API exists, although it only reads
// metadata for decorators, which Foyer never uses (esbuild-based tools cannot emit it).
// We lend it two inert functions while it loads and take them back in container.ts, so the
// host page's global `Reflect` is left exactly as it was.
type ReflectWithMetadata = typeof Reflect & { getMetadata?: unknown; defineMetadata?: unknown }

const reflect = Reflect as ReflectWithMetadata

/** True when this module lent the functions, so only it takes them back. */
export const lentReflectMetadata = typeof reflect.getMetadata !== 'function'

if (lentReflectMetadata) {
  reflect.getMetadata = () => undefined
  reflect.defineMetadata = () => undefined
}

/** Takes back what this module lent. */
export function returnReflectMetadata(): void {
  if (!lentReflectMetadata) return
  delete reflect.getMetadata
  delete reflect.defineMetadata
}
