/** English for the activity plugin (the Activity tab of the Account view); `{n}` is filled in at run time. */
export const en = {
  /** Tab of the Account view listing the account's transactions. */
  'activity.tab': 'Activity',
  'activity.label': 'Your activity',
  'activity.loading': 'Loading…',
  'activity.empty': 'No activity on this network yet.',
  /** rules §8 error toast, word for word. */
  'activity.fetchFailed': 'Failed to fetch transactions',
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
