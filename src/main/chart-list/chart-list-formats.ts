import { difficultyName } from '../../shared/charts'
import { ChartListFile, ChartInfo, type ChartListInfo } from '../../shared/data'
import { AppError } from '../../shared/errors'
import { describeIssue } from '../../shared/issues'

export type ChartListFormat = NonNullable<ChartListInfo['format']>

export interface ParsedChartList {
  format: ChartListFormat
  charts: ChartInfo[]
  /** Entries without a usable chart id (or with values no chart can have), left out. */
  skipped: number
}

const EXPECTED = [
  'a community chart list (resources.json, keyed by song title),',
  'a constants script (constant.js) or a chart list {"charts": […]}'
].join(' ')

const refuse = (what: string) =>
  AppError.of('invalid_input', `That file is not a chart list: ${what}. Expected ${EXPECTED}. Nothing was changed.`)

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined)
const number = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && v.trim() ? Number(v) : v
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined
}

/** A level as a list marks it (`12`, `12+`); anything else is no mark. */
const levelMark = (v: unknown): string | undefined => {
  const written = typeof v === 'number' && Number.isInteger(v) ? String(v) : text(v)
  return written && /^\d{1,2}\+?$/.test(written) ? written : undefined
}

/** A chart, or null when the entry cannot be one (no id, a constant out of range…). */
function chart(fields: Record<string, unknown>): ChartInfo | null {
  const defined = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined))
  const parsed = ChartInfo.safeParse(defined)
  return parsed.success ? parsed.data : null
}

/**
 * The community calculator's `resources.json`: songs keyed by title, each with a `difficulty` map
 * whose entries carry `chartid` and `difficultyValue` (the constant). Unknown keys are ignored.
 */
function fromSongs(json: Json): ParsedChartList {
  const charts: ChartInfo[] = []
  let skipped = 0
  for (const [key, song] of Object.entries(json)) {
    if (!isObject(song) || !isObject(song.difficulty)) continue
    const title = text(key) ?? text(song.latinTitle)
    for (const [name, entry] of Object.entries(song.difficulty)) {
      const c = isObject(entry)
        ? chart({
            chart_id: text(entry.chartid) ?? text(entry.chart_id),
            title,
            latin_title: text(song.latinTitle),
            title_zh_hans: text(song.Title_zh_Hans),
            title_culture: text(song.titleCulture),
            song_id: text(song.songid),
            artist: text(song.artist),
            difficulty: difficultyName(name) ?? undefined,
            constant: number(entry.difficultyValue),
            pack: text(song.chapter),
            level: levelMark(entry.level)
          })
        : null
      if (c) charts.push(c)
      else skipped++
    }
  }
  return { format: 'songs', charts, skipped }
}

/** The constants script's entries: `{ constant, constantv3, category, name }` per chart id. */
function fromConstants(json: Json): ParsedChartList {
  const charts: ChartInfo[] = []
  let skipped = 0
  for (const [id, entry] of Object.entries(json)) {
    const constant = isObject(entry) ? (number(entry.constantv3) ?? number(entry.constant)) : undefined
    const c = isObject(entry)
      ? chart({
          chart_id: text(id),
          title: text(entry.name) ?? text(entry.title) ?? text(id),
          difficulty: difficultyName(text(entry.category) ?? text(entry.difficulty)) ?? undefined,
          constant,
          level: levelMark(entry.level)
        })
      : null
    if (c) charts.push(c)
    else skipped++
  }
  return { format: 'constants', charts, skipped }
}

/**
 * The object literal after `const constants =`, read as data: the text between its braces is cut
 * out by matching brackets outside strings and handed to JSON.parse. Nothing is ever evaluated; an
 * expression anywhere in it makes it fail to parse, and what follows the literal is never read.
 */
export function constantsLiteral(script: string): string | null {
  const start = /\b(?:const|let|var)\s+constants\s*=\s*/.exec(script)
  if (!start) return null
  let i = start.index + start[0].length
  if (script[i] !== '{') return null
  const from = i
  let depth = 0
  let quote: string | null = null
  for (; i < script.length; i++) {
    const ch = script[i]!
    if (quote) {
      if (ch === '\\') i++
      else if (ch === quote) quote = null
    } else if (ch === '"' || ch === "'" || ch === '`') quote = ch
    else if (ch === '{' || ch === '[') depth++
    else if (ch === '}' || ch === ']') {
      depth--
      if (depth === 0) return script.slice(from, i + 1)
    }
  }
  return null
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function fromJson(json: unknown): ParsedChartList {
  if (Array.isArray(json) || (isObject(json) && Array.isArray(json.charts))) {
    const parsed = ChartListFile.safeParse(Array.isArray(json) ? { charts: json } : json)
    if (!parsed.success) {
      throw refuse(describeIssue(parsed.error.issues[0], 'charts'))
    }
    return { format: 'companion', charts: parsed.data.charts, skipped: 0 }
  }
  if (!isObject(json)) throw refuse('it holds no object')
  const values = Object.values(json)
  if (values.some((v) => isObject(v) && isObject(v.difficulty))) return fromSongs(json)
  if (values.some((v) => isObject(v) && ('constant' in v || 'constantv3' in v))) return fromConstants(json)
  throw refuse('no song with a "difficulty" map and no chart with a "constant" in it')
}

/** Reads any chart list players use; a text that is none of them is refused with what was expected. */
export function parseChartList(text: string): ParsedChartList {
  const body = text.replace(/^\uFEFF/, '')
  let json = parseJson(body)
  if (json === undefined) {
    const literal = constantsLiteral(body)
    if (literal === null) throw refuse('it is neither JSON nor a script with "const constants = {…}"')
    json = parseJson(literal)
    if (json === undefined) throw refuse('the object after "const constants =" is not plain data (JSON)')
    if (!isObject(json)) throw refuse('"constants" is not an object')
    const list = fromConstants(json)
    if (list.charts.length === 0) throw refuse('"constants" holds no chart with an id')
    return list
  }
  const list = fromJson(json)
  if (list.charts.length === 0) throw refuse('no entry has a usable chart id')
  return dedupe(list)
}

/** A chart id listed twice (a song under two keys) is kept once: the first entry. */
function dedupe(list: ParsedChartList): ParsedChartList {
  const seen = new Set<string>()
  const charts = list.charts.filter((c) => !seen.has(c.chart_id) && Boolean(seen.add(c.chart_id)))
  return { ...list, charts, skipped: list.skipped + (list.charts.length - charts.length) }
}
