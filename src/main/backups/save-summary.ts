import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import initSqlJs from 'sql.js'
import { ScoreRecord } from '../../shared/api'
import type { SaveFormat, SaveSummary } from '../../shared/backups'
import type { ChartInfo } from '../../shared/data'
import { AppError } from '../../shared/errors'
import { BEST_COUNT, chartReality, gradeOf, playerReality } from '../../shared/reality'
import { detectFormat } from './format'

let sqlJs: ReturnType<typeof initSqlJs> | undefined
function loadSqlJs() {
  const require = createRequire(import.meta.url)
  sqlJs ??= initSqlJs({ locateFile: (file: string) => require.resolve(`sql.js/dist/${file}`) })
  return sqlJs
}

/** The JSON document inside a save: the file itself, or the JSON value in the SQLite `kv` table. */
export async function readSaveDocument(path: string): Promise<{ format: SaveFormat; doc: Record<string, unknown> }> {
  const bytes = await readFile(path)
  const format = detectFormat(bytes.subarray(0, 64))
  try {
    if (format === 'json') return { format, doc: JSON.parse(bytes.toString('utf8')) as Record<string, unknown> }
    if (format === 'sqlite') {
      const SQL = await loadSqlJs()
      const db = new SQL.Database(bytes)
      try {
        const rows = db.exec('SELECT key, value FROM kv')[0]?.values ?? []
        const preferred = rows.find(([key]) => key === 'save') ?? rows.find(([, value]) => typeof value === 'string' && value.trimStart().startsWith('{'))
        if (!preferred) throw new Error('no JSON value in kv')
        return { format, doc: JSON.parse(String(preferred[1])) as Record<string, unknown> }
      } finally {
        db.close()
      }
    }
  } catch (error) {
    throw AppError.of('invalid_input', `This backup could not be read as a save (${(error as Error).message}).`)
  }
  throw AppError.of('invalid_input', 'This backup is neither a JSON save nor an SQLite save.')
}

interface SaveRecord {
  chart_id: string
  score: number
  accuracy?: number
  grade?: string
  mode?: string
  played_at?: string
}

function findRecords(doc: unknown, depth = 0): SaveRecord[] {
  if (depth > 3 || typeof doc !== 'object' || doc === null) return []
  if (Array.isArray(doc)) {
    const records = doc.filter((r): r is SaveRecord => typeof r === 'object' && r !== null && typeof r.chart_id === 'string' && typeof r.score === 'number')
    return records.length > 0 ? records : []
  }
  for (const value of Object.values(doc)) {
    const found = findRecords(value, depth + 1)
    if (found.length) return found
  }
  return []
}

/** What a backup holds: records, best scores and Reality computed from the save itself. */
export async function summarizeSave(path: string, charts: ReadonlyMap<string, ChartInfo>): Promise<SaveSummary> {
  const { format, doc } = await readSaveDocument(path)
  const records = findRecords(doc)
  const valued = records.map((r) => {
    const constant = charts.get(r.chart_id)?.constant
    return { r, value: constant === undefined ? null : chartReality(constant, r.score) }
  })
  const known = valued.filter((v) => v.value !== null)
  const best = [...valued].sort((a, b) => (b.value ?? -1) - (a.value ?? -1) || b.r.score - a.r.score).slice(0, BEST_COUNT)
  const stats = doc.stats as { play_count?: unknown } | undefined
  return {
    format,
    records: records.length,
    playCount: typeof stats?.play_count === 'number' ? stats.play_count : null,
    reality: known.length ? Math.round(playerReality(known.map((v) => v.value!)) * 10_000) / 10_000 : null,
    best: best.map(({ r, value }) => ({ chart_id: r.chart_id, title: charts.get(r.chart_id)?.title ?? null, score: r.score, reality: value, mode: r.mode ?? null })),
    username: typeof doc.username === 'string' ? doc.username : null
  }
}

/** Records of a save, as score records for the kept history (only those with a play time). */
export async function recordsFromSave(path: string, charts: ReadonlyMap<string, ChartInfo>): Promise<ScoreRecord[]> {
  const { doc } = await readSaveDocument(path)
  return findRecords(doc).flatMap((r) => {
    const constant = charts.get(r.chart_id)?.constant
    const parsed = ScoreRecord.safeParse({
      chart_id: r.chart_id,
      score: r.score,
      score_accuracy: r.accuracy ?? 0,
      reality: constant === undefined ? 0 : Math.round(chartReality(constant, r.score) * 1000) / 1000,
      grade: r.grade ?? gradeOf(r.score),
      played_at: r.played_at,
      modifiers: r.mode === 'touch' ? ['TouchMode'] : []
    })
    return parsed.success ? [parsed.data] : []
  })
}
