import type { Language } from './settings'

/** Chinese written in Traditional characters: by script, else by the regions that use it. */
const TRADITIONAL = /^zh-(hant|tw|hk|mo)\b/

/**
 * A system language's primary subtag → the UI language that serves it. Every region of a language reads the one
 * table (es-MX, es-AR and es-ES read Spanish; it-CH Italian); Chinese alone goes by script (below).
 */
const BY_PRIMARY: Readonly<Record<string, Language>> = { en: 'en', ja: 'ja', ko: 'ko', ru: 'ru', es: 'es', it: 'it', vi: 'vi' }

/**
 * The UI language: the user's choice, else the system's. Chinese goes by script (zh-Hant, or a region that
 * writes Traditional: Taiwan, Hong Kong, Macao) else Simplified; the others by their primary subtag; else English.
 */
export function resolveLanguage(preferred: Language | null, system: string): Language {
  if (preferred) return preferred
  const tag = system.toLowerCase().replace(/_/g, '-')
  const primary = tag.split('-')[0]!
  if (primary === 'zh') return TRADITIONAL.test(tag) ? 'zh-TW' : 'zh-CN'
  return Object.hasOwn(BY_PRIMARY, primary) ? BY_PRIMARY[primary]! : 'en'
}
