/**
 * Which texts each language lacks or has beyond English, and which keep different {{placeholders}} or lack a
 * plural form its language needs: the renderer's catalogues, main's texts (notifications, tray, menu, the sign-in
 * page) and the CLI's tables. `npx tsx scripts/i18n-missing.ts` (exit 1 when any). Run it after merging branches
 * that add English texts: it names every key to translate, per language.
 */
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { messagesFor } from '../src/main/i18n'
import type { Counted } from '../src/shared/plural'
import { Language } from '../src/shared/settings'

export const I18N_DIR = 'src/renderer/src/i18n'

/** A catalogue as `key → text`, nested keys joined with dots. */
export function flatten(catalogue: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(catalogue))
    if (typeof value === 'string') out.set(prefix + key, value)
    else for (const [k, v] of flatten(value as object, `${prefix}${key}.`)) out.set(k, v)
  return out
}

export const placeholders = (text: string) => (text.match(/{{\w+}}/g) ?? []).sort().join(' ')

/** English keys with a count: the base names of `x_one` / `x_other`. */
const pluralBases = (english: Map<string, string>) =>
  new Set([...english.keys()].flatMap((k) => (k.endsWith('_other') ? [k.slice(0, -'_other'.length)] : [])))

export interface Gaps {
  missing: string[]
  extra: string[]
  placeholders: string[]
}

/**
 * What a translation lacks against English: every English key, plus the plural forms its language's rules
 * name (Intl.PluralRules: Russian would need `_few` and `_many`); extra keys are neither of these.
 */
export function gaps(language: string, english: Map<string, string>, translated: Map<string, string>): Gaps {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories
  const plurals = [...pluralBases(english)].flatMap((base) => categories.map((c) => `${base}_${c}`))
  const wanted = new Set([...english.keys(), ...plurals])
  return {
    missing: [...wanted].filter((k) => !translated.has(k)).sort(),
    extra: [...translated.keys()].filter((k) => !wanted.has(k)).sort(),
    placeholders: [...english]
      .filter(([k, text]) => translated.has(k) && placeholders(translated.get(k)!) !== placeholders(text))
      .map(([k]) => k)
      .sort()
  }
}

export const readCatalogue = (language: string): Map<string, string> | null => {
  const path = `${I18N_DIR}/${language}.json`
  return existsSync(path) ? flatten(JSON.parse(readFileSync(path, 'utf8')) as object) : null
}

/** A text with a count (src/shared/plural.ts): its forms are checked like a catalogue's `_one`/`_other` keys. */
const isCounted = (value: unknown): value is Counted => typeof value === 'function' && 'forms' in value

/** A table of main's or the CLI's texts as `path → text, function or list`, nested objects joined with dots. */
function leaves(table: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>()
  if (table === null || typeof table !== 'object' || Array.isArray(table)) return out
  for (const [key, value] of Object.entries(table))
    if (value !== null && typeof value === 'object' && !Array.isArray(value))
      for (const [k, v] of leaves(value, `${prefix}${key}.`)) out.set(k, v)
    else out.set(prefix + key, value)
  return out
}

/** What a function text puts in: called with a marker per parameter, the markers its text shows. */
const markersOf = (arity: number) => Array.from({ length: arity }, (_, i) => `‹${i}›`)

/** A function text called with markers (‹0›, ‹1›…) for its parameters; a marker reads as itself when joined as a list too. */
export function textWithMarkers(text: (...args: string[]) => string, arity: number): string {
  return String(text(...markersOf(arity).map((m) => Object.assign(Object(m) as string, { join: () => m }))))
}

function markersShown(text: (...args: string[]) => string, arity: number): string {
  const shown = textWithMarkers(text, arity)
  return markersOf(arity)
    .filter((m) => shown.includes(m))
    .join(' ')
}

/**
 * `gaps` for a table of main's or the CLI's texts: every English path; a text with a count with the plural forms
 * its language's rules name (`path_few`); a function text with the same parameters shown (its `{{…}}`); a list
 * (the CLI's column names) as long as English's.
 */
export function tableGaps(language: string, english: unknown, translated: unknown): Gaps {
  const source = leaves(english)
  const target = leaves(translated)
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories
  const found: Gaps = { missing: [], extra: [...target.keys()].filter((k) => !source.has(k)), placeholders: [] }
  for (const [path, text] of source) {
    const theirs = target.get(path)
    if (theirs === undefined) found.missing.push(path)
    else if (isCounted(text)) {
      const forms: Partial<Record<Intl.LDMLPluralRule, string>> = isCounted(theirs) ? theirs.forms : {}
      found.missing.push(...categories.filter((c) => forms[c] === undefined).map((c) => `${path}_${c}`))
      const wanted = placeholders(text.forms.other)
      if (Object.values(forms).some((form) => placeholders(form ?? '') !== wanted)) found.placeholders.push(path)
    } else if (typeof text === 'function') {
      const same = typeof theirs === 'function' && theirs.length === text.length
      if (!same || markersShown(theirs as () => string, text.length) !== markersShown(text as () => string, text.length))
        found.placeholders.push(path)
    } else if (Array.isArray(text)) {
      if (!Array.isArray(theirs) || theirs.length !== text.length) found.placeholders.push(path)
    } else if (typeof theirs !== 'string' || placeholders(theirs) !== placeholders(String(text))) found.placeholders.push(path)
  }
  return { missing: found.missing.sort(), extra: found.extra.sort(), placeholders: found.placeholders.sort() }
}

/** Every place texts live, each with what a language has of it (undefined: nothing at all). */
export const TEXT_TABLES = {
  'main and the CLI (src/main/i18n/<language>.ts)': (language: Language) => messagesFor(language) as unknown
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const english = readCatalogue('en')!
  let problems = 0
  const report = (what: string, found: Gaps, text: (key: string) => string | undefined) => {
    const lines = [
      ...found.missing.map((k) => `  missing  ${k}: ${text(k) ?? '(a plural form)'}`),
      ...found.extra.map((k) => `  extra    ${k}`),
      ...found.placeholders.map((k) => `  {{…}}    ${k}: English has ${placeholders(text(k) ?? '') || 'none'} in "${text(k)}"`)
    ]
    console.log(`${what}: ${lines.length ? `${lines.length} to fix` : 'complete'}`)
    for (const line of lines) console.log(line)
    problems += lines.length
  }
  for (const language of Language.options.filter((l) => l !== 'en')) {
    const translated = readCatalogue(language)
    if (!translated) {
      console.log(`${language}: no ${I18N_DIR}/${language}.json`)
      problems++
    } else report(`${language}`, gaps(language, english, translated), (k) => english.get(k))
    for (const [where, table] of Object.entries(TEXT_TABLES)) {
      const source = leaves(table('en'))
      const shown = (k: string) => {
        const text = source.get(k)
        if (typeof text === 'function' && !isCounted(text)) return textWithMarkers(text as (...a: string[]) => string, text.length)
        return typeof text === 'string' ? text : isCounted(text) ? text.forms.other : Array.isArray(text) ? text.join(', ') : undefined
      }
      report(`${language} ${where}`, tableGaps(language, table('en'), table(language)), shown)
    }
  }
  process.exitCode = problems ? 1 : 0
}
