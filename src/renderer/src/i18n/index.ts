import i18next, { type FormatterModule } from 'i18next'
import resourcesToBackend from 'i18next-resources-to-backend'
import { initReactI18next } from 'react-i18next'
import en from './en.json'

export { resolveLanguage } from '../../../shared/i18n-language'

/** English is the source text table; every other language has the same keys (test/unit/i18n.test.ts checks it). */
export type Texts = typeof en

/**
 * The other languages' texts (`ja.json` → `ja`), each a chunk of its own, loaded when the UI
 * first shows that language: a start-up carries English (the fallback) and the one language shown.
 */
const others = import.meta.glob<Texts>(['./*.json', '!./en.json'], { import: 'default' })

const numberFormats = new Map<string, Intl.NumberFormat>()

/**
 * Every number put into a text (`{{count}}`, `{{total}}`…) is written the way the text's language writes numbers:
 * 1,234 in English, 1 234 in Russian, 1.234 in Spanish and Italian. Texts name no formats of their own
 * (`{{x, datetime}}`): what is not a number goes in as it is, already written by ui/format.ts.
 */
const numbersInLanguage: FormatterModule = {
  type: 'formatter',
  init: () => undefined,
  add: () => undefined,
  addCached: () => undefined,
  format(value: unknown, _format, language) {
    if (typeof value !== 'number' || !language) return value as string
    let format = numberFormats.get(language)
    if (!format) numberFormats.set(language, (format = new Intl.NumberFormat(language)))
    return format.format(value)
  }
}

export const i18n = i18next.createInstance()

void i18n
  .use(initReactI18next)
  .use(numbersInLanguage)
  .use(resourcesToBackend((language: string) => others[`./${language}.json`]?.() ?? null))
  .init({
    resources: { en: { translation: en } },
    partialBundledLanguages: true,
    lng: 'en',
    // "zh-CN" is a table of its own: no "zh" to look for.
    load: 'currentOnly',
    // A key a translation lacks (test/unit/i18n.test.ts fails on it) reads in English rather than as its name.
    fallbackLng: 'en',
    interpolation: { escapeValue: false, alwaysFormat: true },
    returnNull: false
  })
