/** The names plugin's slice of the store: what its lazy modules need from the manifest's options. */
export interface NamesState {
  /** The suffix every name ends in ('foyer.id'). */
  zone: string
}
