/**
 * Texts with a count outside the renderer (main's notifications, the CLI), by the same rules the renderer's i18next
 * uses: Intl.PluralRules picks the form (Russian 1 чарт, 2 чарта, 5 чартов), never `count === 1`.
 */

/** A text's forms by plural category, each with `{{count}}`; `other` always, the rest as the language's rules name them. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }

/** A text with a count in one language: call it with the count; `forms` stays readable for the completeness test. */
export interface Counted {
  (count: number): string
  readonly language: string
  readonly forms: PluralForms
}

const rules = new Map<string, Intl.PluralRules>()
const numbers = new Map<string, Intl.NumberFormat>()

function once<T>(cache: Map<string, T>, language: string, make: () => T): T {
  let value = cache.get(language)
  if (value === undefined) cache.set(language, (value = make()))
  return value
}

/** The plural category `count` takes in `language` (`one`, `few`, `many`, `other`…). */
export const pluralCategory = (language: string, count: number): Intl.LDMLPluralRule =>
  once(rules, language, () => new Intl.PluralRules(language)).select(count)

/** The form `count` takes, with `{{count}}` written as the language writes numbers (1 234 in Russian, 1.234 in Spanish). */
export function plural(language: string, count: number, forms: PluralForms): string {
  const text = forms[pluralCategory(language, count)] ?? forms.other
  return text.replaceAll('{{count}}', once(numbers, language, () => new Intl.NumberFormat(language)).format(count))
}

/** A text with a count in `language`, its forms kept beside it. */
export function counted(language: string, forms: PluralForms): Counted {
  return Object.assign((count: number) => plural(language, count, forms), { language, forms })
}
