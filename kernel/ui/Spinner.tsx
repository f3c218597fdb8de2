/** A spinner for progress; decorative, so pair it with text or `aria-busy`. */
export function Spinner({ size = 24 }: { size?: number }) {
  return <span className="f-spinner" style={{ width: size, height: size }} aria-hidden="true" />
}

/** A grey placeholder shaped like the content it stands for. */
export function Skeleton({ width = '100%', height = 16 }: { width?: number | string; height?: number | string }) {
  return <span className="f-skeleton" style={{ width, height }} aria-hidden="true" />
}
