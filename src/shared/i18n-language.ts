import type { Language } from './settings'

/** Chinese written in Traditional characters: by script, else by the regions that use it. */
const TRADITIONAL = /^zh-(hant|tw|hk|mo)\b/

/**
 * The UI language: the user's choice, else the system's. Chinese goes by script (zh-Hant, or a region that
 * writes Traditional: Taiwan, Hong Kong, Macao) else Simplified; Japanese and Korean by their prefix; else English.
 */
export function resolveLanguage(preferred: Language | null, system: string): Language {
  if (preferred) return preferred
  const tag = system.toLowerCase().replace(/_/g, '-')
  const primary = tag.split('-')[0]
  if (primary === 'zh') return TRADITIONAL.test(tag) ? 'zh-TW' : 'zh-CN'
  if (primary === 'ja') return 'ja'
  if (primary === 'ko') return 'ko'
  return 'en'
}
