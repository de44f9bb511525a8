/**
 * Which renderer strings each language lacks or has beyond English, and which keep different {{placeholders}}:
 * `npx tsx scripts/i18n-missing.ts` (exit 1 when any). Useful after merging branches that add English keys.
 */
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const english = readCatalogue('en')!
  let problems = 0
  for (const language of Language.options.filter((l) => l !== 'en')) {
    const translated = readCatalogue(language)
    if (!translated) {
      console.log(`${language}: no ${I18N_DIR}/${language}.json`)
      problems++
      continue
    }
    const found = gaps(language, english, translated)
    const lines = [
      ...found.missing.map((k) => `  missing  ${k}: ${english.get(k) ?? '(a plural form)'}`),
      ...found.extra.map((k) => `  extra    ${k}`),
      ...found.placeholders.map((k) => `  {{…}}    ${k}: English has ${placeholders(english.get(k)!) || 'none'}`)
    ]
    console.log(`${language}: ${lines.length ? `${lines.length} to fix` : 'complete'}`)
    for (const line of lines) console.log(line)
    problems += lines.length
  }
  process.exitCode = problems ? 1 : 0
}
