/** How much Foyer writes to the console. @default 'error' (§9) */
export type LogLevel = 'silent' | 'error' | 'warn' | 'info' | 'debug'

const RANK: Record<LogLevel, number> = { silent: 0, error: 1, warn: 2, info: 3, debug: 4 }

export interface Logger {
  error(message: string, ...details: unknown[]): void
  warn(message: string, ...details: unknown[]): void
  info(message: string, ...details: unknown[]): void
  debug(message: string, ...details: unknown[]): void
}

/** A console logger that drops everything below `level`. */
export function createLogger(level: LogLevel = 'error', sink: Pick<Console, 'error' | 'warn' | 'info' | 'debug'> = console): Logger {
  const at =
    (method: Exclude<LogLevel, 'silent'>) =>
    (message: string, ...details: unknown[]) => {
      if (RANK[method] <= RANK[level]) sink[method](`[foyer] ${message}`, ...details)
    }
  return { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') }
}
