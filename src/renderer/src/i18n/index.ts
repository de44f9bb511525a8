import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import en from './en.json'
import zhCN from './zh-CN.json'

export { resolveLanguage } from '../../../shared/i18n-language'

/** English is the source catalogue; zh-CN must match it key for key (a type error otherwise). */
export type Catalogue = typeof en
const zh: Catalogue = zhCN

export const catalogues = { en, 'zh-CN': zh } as const

export const i18n = i18next.createInstance()

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, 'zh-CN': { translation: zh } },
  lng: 'en',
  fallbackLng: false,
  interpolation: { escapeValue: false },
  returnNull: false
})
