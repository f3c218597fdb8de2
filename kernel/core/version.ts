/** Sent as `st` with every service call (rules §7), so a self-hosted service can tell its clients apart. */
export const SDK_TYPE = 'foyer'

/** Sent as `sv` with every service call (rules §7). Kept in step with package.json by a test. */
export const SDK_VERSION = '0.1.0'
