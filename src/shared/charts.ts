import type { ChartInfo } from './data'

/**
 * Milthm's difficulties as the community chart lists name them (shared/notes/real-service.md):
 * the name is shown, the code goes on small badges. Story charts and Special give no Reality.
 */
export const DIFFICULTIES = [
  { name: 'Drizzle', code: 'DZ' },
  { name: 'Sprinkle', code: 'SK' },
  { name: 'Cloudburst', code: 'CB' },
  { name: 'Clear', code: 'CL' },
  { name: 'Special', code: 'SP' },
  { name: 'Drizzle_Story', code: 'DZ_S' },
  { name: 'Sprinkle_Story', code: 'SK_S' },
  { name: 'Cloudburst_Story', code: 'CB_S' }
] as const

const BY_NAME = new Map<string, (typeof DIFFICULTIES)[number]>(DIFFICULTIES.map((d) => [d.name.toLowerCase(), d]))
const BY_CODE = new Map<string, (typeof DIFFICULTIES)[number]>(DIFFICULTIES.map((d) => [d.code.toLowerCase(), d]))

/** A difficulty as a list writes it (name or code, any case) → its name; unknown ones are kept as written. */
export function difficultyName(written: string | null | undefined): string | null {
  const key = written?.trim().toLowerCase()
  if (!key) return null
  return (BY_NAME.get(key) ?? BY_CODE.get(key) ?? BY_CODE.get(key.replace(/[\s-]+/g, '_')))?.name ?? written!.trim()
}

/** The badge code of a difficulty name (`Cloudburst` → `CB`); an unknown name gives its first two letters. */
export function difficultyCode(name: string | null | undefined): string | null {
  const known = difficultyName(name)
  if (!known) return null
  return BY_NAME.get(known.toLowerCase())?.code ?? known.slice(0, 2).toUpperCase()
}

/** The name as a player reads it: `Drizzle_Story` → `Drizzle (Story)`. */
export function difficultyLabel(name: string | null | undefined): string | null {
  const known = difficultyName(name)
  return known ? known.replace(/_Story$/, ' (Story)') : null
}

/** Whether a chart's constant can rate a play: 0 (Special, story) gives no Reality and no "+0.01" hint. */
export const ratable = (constant: number | null | undefined): constant is number => typeof constant === 'number' && constant >= 0.001

/** Han, kana or Hangul: a title in these scripts is unreadable to a reader of Latin or Cyrillic letters. */
const CJK = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}]/u

/**
 * The UI languages whose readers get a song's Latin title (the list's `latinTitle`) where the original is written
 * in Han, kana or Hangul. English keeps the original, as it always has.
 */
const LATIN_READERS = new Set(['ru', 'es', 'it', 'vi'])

/**
 * The title for a reader: a Chinese title for Chinese readers when the list has one; the Latin title for readers
 * of a script with no Han, kana or Hangul (LATIN_READERS) when the original is in one of those; else the original.
 */
export function chartTitle(chart: ChartInfo, language: string): string {
  const tag = language.toLowerCase()
  if (tag.startsWith('zh') && chart.title_zh_hans) return chart.title_zh_hans
  if (chart.latin_title && LATIN_READERS.has(tag.split('-')[0]!) && CJK.test(chart.title)) return chart.latin_title
  return chart.title
}

/** Text folded for matching: case, width (ＡＣＯＮＳＭＡ is ACONSMA) and compatibility forms ignored. */
export function foldForSearch(text: string): string {
  return text.normalize('NFKC').toLowerCase()
}

/** Every title of a chart, folded and joined once, so a filter is one `includes` per row and keystroke. */
export function searchTextOf(chart: ChartInfo): string {
  return [chart.title, chart.latin_title, chart.title_zh_hans]
    .filter((t): t is string => Boolean(t))
    .map(foldForSearch)
    .join('\u0000')
}
