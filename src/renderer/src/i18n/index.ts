import i18next from 'i18next'
import resourcesToBackend from 'i18next-resources-to-backend'
import { initReactI18next } from 'react-i18next'
import en from './en.json'

export { resolveLanguage } from '../../../shared/i18n-language'

/** English is the source catalogue; every other language has the same keys (test/unit/i18n.test.ts checks it). */
export type Catalogue = typeof en

/**
 * The other languages' catalogues (`ja.json` → `ja`), each a chunk of its own, loaded when the UI
 * first shows that language: a start-up carries English (the fallback) and the one language shown.
 */
const others = import.meta.glob<Catalogue>(['./*.json', '!./en.json'], { import: 'default' })

export const i18n = i18next.createInstance()

void i18n
  .use(initReactI18next)
  .use(resourcesToBackend((language: string) => others[`./${language}.json`]?.() ?? null))
  .init({
    resources: { en: { translation: en } },
    partialBundledLanguages: true,
    lng: 'en',
    // "zh-CN" is a catalogue of its own: no "zh" to look for.
    load: 'currentOnly',
    // A key a translation lacks (test/unit/i18n.test.ts fails on it) reads in English rather than as its name.
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false
  })
