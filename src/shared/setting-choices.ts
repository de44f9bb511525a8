/**
 * The choices some settings offer, as plain lists: settings.ts builds its schemas from them, and the
 * Settings screen lists them without loading the schema library (main validates every change).
 */

/** The UI languages, in the order Settings lists them; the renderer's texts and main's text tables cover all of them. */
export const LANGUAGES = ['en', 'zh-CN', 'zh-TW', 'ja', 'ko', 'ru', 'es', 'it', 'vi'] as const
export type Language = (typeof LANGUAGES)[number]

/** Each language in its own name, as the language list shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  ja: '日本語',
  ko: '한국어',
  ru: 'Русский',
  es: 'Español',
  it: 'Italiano',
  vi: 'Tiếng Việt'
}

export const THEMES = ['system', 'light', 'dark'] as const

/** The choice a `<select>` of these options reports, or null for a value that is not one of them. */
export const oneOf = <T extends string>(choices: readonly T[], value: string): T | null =>
  (choices as readonly string[]).includes(value) ? (value as T) : null
