import type { Language } from './settings'

/** The UI language: the user's choice, else the system's (Chinese variants → zh-CN, else English). */
export function resolveLanguage(preferred: Language | null, system: string): Language {
  if (preferred) return preferred
  return system.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en'
}
