// The rules §9 timings that several plugins share. One default each, so a quote, a name check and an error message
// follow the same clock; a plugin's own timings (a cooldown, a poll) stay with the plugin.

/** rules §9: the default debounce — input is acted on once it has not changed for this long (quotes, name checks). */
export const DEBOUNCE_MS = 500

/** rules §9: an error message that follows an action (the modal opening on a refused request) shows this long after it. */
export const ERROR_MESSAGE_DELAY_MS = 300
