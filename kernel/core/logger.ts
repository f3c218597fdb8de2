/** How much Foyer writes to the console. @default 'error' (rules §9) */
export type LogLevel = 'silent' | 'error' | 'warn' | 'info' | 'debug'

const RANK: Record<LogLevel, number> = { silent: 0, error: 1, warn: 2, info: 3, debug: 4 }

/** rules §9: the log buffer keeps about 1 MB (characters) of the newest lines; older lines go first. */
export const LOG_BUFFER_CHARS = 1_000_000

export interface Logger {
  error(message: string, ...details: unknown[]): void
  warn(message: string, ...details: unknown[]): void
  info(message: string, ...details: unknown[]): void
  debug(message: string, ...details: unknown[]): void
  /**
   * Every line logged so far at any level, the console's level aside, oldest first, one per line: for a host to
   * show or send to support (see `downloadLogs`). At most about 1 MB (rules §9).
   */
  read(): string
}

/**
 * A console logger that drops everything below `level`, and keeps every line, whatever its level, in a buffer
 * of the newest {@link LOG_BUFFER_CHARS} characters.
 */
export function createLogger(
  level: LogLevel = 'error',
  sink: Pick<Console, 'error' | 'warn' | 'info' | 'debug'> = console,
  now = () => new Date(),
): Logger {
  const lines: string[] = []
  let size = 0
  const at =
    (method: Exclude<LogLevel, 'silent'>) =>
    (message: string, ...details: unknown[]) => {
      if (RANK[method] <= RANK[level]) sink[method](`[foyer] ${message}`, ...details)
      // A single line longer than the whole buffer keeps its end (and the newline after it).
      const line = `${now().toISOString()} ${method} ${[message, ...details.map(describe)].join(' ')}`.slice(1 - LOG_BUFFER_CHARS)
      lines.push(line)
      size += line.length + 1
      while (size > LOG_BUFFER_CHARS) size -= lines.shift()!.length + 1
    }
  return { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug'), read: () => lines.join('\n') }
}

function describe(detail: unknown): string {
  if (detail instanceof Error) return `${detail.name}: ${detail.message}`
  try {
    return typeof detail === 'string'
      ? detail
      : (JSON.stringify(detail, (_, value: unknown) => (typeof value === 'bigint' ? `${value}` : value)) ?? String(detail))
  } catch {
    return String(detail)
  }
}
