import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { Language } from '../../../shared/settings'
import en from './en.json'

export { resolveLanguage } from '../../../shared/i18n-language'

/** English is the source catalogue; every other language has the same keys (test/unit/i18n.test.ts checks it). */
export type Catalogue = typeof en

/** Every catalogue in this folder by file name (`ja.json` → `ja`). */
const files = import.meta.glob<Catalogue>('./*.json', { eager: true, import: 'default' })

/** The UI languages' catalogues, one per entry of `Language`. */
export const catalogues = Object.fromEntries(
  Language.options.flatMap((language) => {
    const catalogue = files[`./${language}.json`]
    return catalogue ? [[language, catalogue]] : []
  })
) as Partial<Record<Language, Catalogue>>

export const i18n = i18next.createInstance()

void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(Object.entries(catalogues).map(([language, translation]) => [language, { translation }])),
  lng: 'en',
  // A key a translation lacks (test/unit/i18n.test.ts fails on it) reads in English rather than as its name.
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false
})
