/**
 * English for the Activity tab of the Account view; `{n}` is filled in at run time. It loads with the tab (the
 * manifest carries only its label: locales.ts), whose module re-exports it as `texts` for the kernel to add as it
 * loads, under the host's own.
 */
export const viewTexts = {
  'activity.label': 'Your activity',
  'activity.loading': 'Loading…',
  'activity.empty': 'No activity on this network yet.',
  'activity.loadMore': 'Load more',
  'activity.send': 'Sent',
  'activity.receive': 'Received',
  'activity.mint': 'Minted',
  /** One token paid, another received: a swap. */
  'activity.trade': 'Swapped',
  /** Bought through an on-ramp provider. */
  'activity.buy': 'Bought',
  'activity.execute': 'Contract call',
  'activity.failed': 'Failed',
  /** Sent through this site and confirmed by the network; not yet in the account's history. */
  'activity.pending': 'Pending',
  /** Shown after the first transfer when a transaction moved more than one asset. */
  'activity.moreTransfers': '+{n} more',
} as const

export type ViewTexts = typeof viewTexts
