import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
export { resolveLanguage } from '../../../shared/i18n-language'
import { en } from './en'
import { zhCN } from './zh-CN'

export const catalogues = { en, 'zh-CN': zhCN } as const

export const i18n = i18next.createInstance()

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, 'zh-CN': { translation: zhCN } },
  lng: 'en',
  fallbackLng: false,
  interpolation: { escapeValue: false },
  returnNull: false
})
