// Checks a translation against its English: the harness of locales.test.ts.

const PLURAL = ['zero', 'one', 'two', 'few', 'many'] as const

/** The `{name}` placeholders of a text, sorted. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!).sort()
}

/**
 * What is wrong with `translated` as the `locale` version of `english`, one line each: a key English has that it
 * lacks, a key English lacks (a plural form counts as its bare key's, and must be a category the locale has), a
 * placeholder missing or added, an empty text. The bare key of a plural is its `other`; the locale must have
 * every other category `Intl.PluralRules` gives it, and no category it lacks.
 */
export function checkTranslations(
  english: Readonly<Record<string, string>>,
  translated: Readonly<Record<string, string>>,
  locale: string,
): string[] {
  const problems: string[] = []
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories.filter((category) => category !== 'other')
  const pluralOf = (key: string) => {
    const dot = key.lastIndexOf('.')
    const base = key.slice(0, dot)
    return dot > 0 && (PLURAL as readonly string[]).includes(key.slice(dot + 1)) && base in english ? base : undefined
  }
  const plurals = new Set(Object.keys(english).flatMap((key) => pluralOf(key) ?? []))
  const expected = new Set(Object.keys(english).filter((key) => !pluralOf(key)))
  for (const base of plurals) for (const category of categories) expected.add(`${base}.${category}`)

  for (const key of expected) if (!(key in translated)) problems.push(`${locale}: missing '${key}'`)
  for (const [key, text] of Object.entries(translated)) {
    if (!expected.has(key)) {
      problems.push(
        `${locale}: '${key}' is not an English key${pluralOf(key) ? ` (${locale} has no '${key.slice(key.lastIndexOf('.') + 1)}' plural)` : ''}`,
      )
      continue
    }
    if (text.trim() === '') problems.push(`${locale}: '${key}' is empty`)
    const want = placeholders(english[pluralOf(key) ?? key]!).join(', ')
    const have = placeholders(text).join(', ')
    // A plural form may leave out {count} ("one wallet"), never add a name English does not have.
    const fine = have === want || (pluralOf(key) && placeholders(text).every((name) => want.split(', ').includes(name)))
    if (!fine) problems.push(`${locale}: '${key}' has placeholders {${have}}; English has {${want}}`)
  }
  return problems
}
