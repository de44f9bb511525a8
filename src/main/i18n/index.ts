import type { Language } from '../../shared/settings'
import { en, type Texts } from './en'
import { es } from './es'
import { it } from './it'
import { ja } from './ja'
import { ko } from './ko'
import { ru } from './ru'
import { vi } from './vi'
import { zhCN } from './zh-CN'
import { zhTW } from './zh-TW'

export type { Texts } from './en'
/** Main's own texts (notifications, tray, menu, the sign-in page). */
export type Messages = Texts
/** The CLI's tables and messages. */
export type CliTexts = Texts['cli']

/** Every language's texts: a file each, English the source (`npx tsx scripts/i18n-missing.ts` lists what a language lacks). */
const TEXTS: Record<Language, Texts> = { en, 'zh-CN': zhCN, 'zh-TW': zhTW, ja, ko, ru, es, it, vi }

export function messagesFor(language: Language): Messages {
  return TEXTS[language]
}

export function cliTextsFor(language: Language): CliTexts {
  return TEXTS[language].cli
}

/** Every error code in words (the screens' `errors.*`, word for word): what the CLI says of an error in `--lang`. */
export function errorTextsFor(language: Language): Texts['errors'] {
  return TEXTS[language].errors
}

/** A time for the tray and notifications, in the UI language. */
export function formatWhen(at: number, language: Language): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at))
}
