/**
 * English for the names plugin's views; `{name}` is a full name ('alice.foyer.id') and `{zone}` the
 * suffix ('foyer.id'), filled in at run time. It loads with the views (the manifest carries only the
 * action and the titles: locales.ts), whose modules re-export it as `texts` for the kernel to add as
 * they load, without undoing the host's `messages` or a translation.
 */
export const viewTexts = {
  'names.field': 'Name',
  /** Shown under the field before anything is typed. */
  'names.hint': 'Your name ends in .{zone}. Letters, digits and hyphens; at least 4 characters.',
  /** rules §5: a character other than a letter, a digit or a hyphen. */
  'names.error.characters': 'Use letters, digits and hyphens only',
  /** rules §5: fewer than 4 characters. */
  'names.error.short': 'A name has at least 4 characters',
  /** A hyphen first or last ('-abcd', 'abcd-'). */
  'names.error.hyphen': 'A name cannot start or end with a hyphen',
  'names.error.long': 'A name has at most 63 characters',
  'names.checking': 'Checking {name}…',
  'names.available': '{name} is available',
  'names.taken': '{name} is taken',
  /** The name typed is already registered to the connected account. */
  'names.yours': '{name} is already yours',
  /** Above free names close to the one typed. */
  'names.suggestions': 'Available names',
  'names.register': 'Register',
  'names.signing': 'Sign the message in your wallet to register {name}.',
  'names.registering': 'Registering {name}…',
  'names.cancelled': 'You cancelled the signature: {name} is not registered.',
  'names.unsupported': 'Names are for EVM accounts. Switch to one to get a name.',
  'names.notConnected': 'Connect a wallet to get a name.',
  'names.success': 'It now shows wherever your address does.',
  'names.done': 'Back to account',
  /** rules §8, exact wording. */
  'names.error.resolve': 'Error resolving name',
  /** rules §8, exact wording. */
  'names.error.suggestions': 'Error fetching name suggestions',
  /** rules §8, exact wording. */
  'names.error.reverse': 'Error fetching names for address',
  /** rules §8, exact wording. */
  'names.error.register': 'Error registering name {name}',
} as const

export type ViewTexts = typeof viewTexts
