import { createCipheriv, createHash } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { stat, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import initSqlJs from 'sql.js'
import { BEST_COUNT, chartReality } from '../../src/shared/reality'
import type { Account, Chart } from './model'

export interface SaveFile {
  path: string
  size: number
  sha256: string
  etag: string
}

interface BestEntry {
  chart_id: string
  score: number
  accuracy: number
  grade: string
  mode: 'touch' | 'keyboard'
  played_at: string
}

/** What a player's save holds: best record per chart and input mode, and play statistics. */
export function saveDocument(account: Account, catalogue: ReadonlyMap<string, Chart>) {
  const best = new Map<string, BestEntry>()
  for (const play of account.plays) {
    const mode = play.modifiers.includes('TouchMode') ? 'touch' : 'keyboard'
    const key = `${play.chart_id}:${mode}`
    const current = best.get(key)
    if (!current || play.score > current.score) {
      best.set(key, { chart_id: play.chart_id, score: play.score, accuracy: play.score_accuracy, grade: play.grade, mode, played_at: play.played_at })
    }
  }
  return {
    schema: 'milthm-save/1',
    username: account.username,
    updated_at: account.save?.updatedAt,
    version: account.save?.version,
    stats: { play_count: account.plays.length },
    records: [...best.values()],
    settings: { note_speed: 7.5, offset_ms: -12, language: account.zone === 'cn' ? 'zh-CN' : 'en' },
    catalogue_size: catalogue.size
  }
}

/** The `meta` that save/info reports: Reality and AP/FC counts computed from the save. */
export function saveMeta(account: Account, catalogue: ReadonlyMap<string, Chart>) {
  const doc = saveDocument(account, catalogue)
  const values = doc.records.map((r) => chartReality(catalogue.get(r.chart_id)?.constant ?? 0, r.score)).sort((a, b) => b - a)
  const reality = values.slice(0, BEST_COUNT).reduce((s, v) => s + v, 0) / BEST_COUNT
  return {
    reality_value: Math.round(reality * 1000) / 1000,
    ap_count: doc.records.filter((r) => r.score >= 1_000_000).length,
    fc_count: doc.records.filter((r) => r.accuracy >= 0.98).length,
    date: account.save?.updatedAt
  }
}

let sqlJs: ReturnType<typeof initSqlJs> | undefined
function loadSqlJs() {
  const require = createRequire(import.meta.url)
  sqlJs ??= initSqlJs({ locateFile: (file: string) => require.resolve(`sql.js/dist/${file}`) })
  return sqlJs
}

async function describe(path: string): Promise<SaveFile> {
  const hash = createHash('sha256')
  const { createReadStream } = await import('node:fs')
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer)
  const sha256 = hash.digest('hex')
  return { path, size: (await stat(path)).size, sha256, etag: `"${sha256.slice(0, 32)}"` }
}

/** A large JSON save streamed to disk: deterministic filler from an AES-CTR keystream. */
async function writeLargeSave(path: string, header: string, targetBytes: number): Promise<void> {
  const out = createWriteStream(path)
  const cipher = createCipheriv('aes-128-ctr', Buffer.alloc(16, 7), Buffer.alloc(16, 0))
  const open = `${header.slice(0, -1)},"replay_cache":"`
  const close = '"}'
  let remaining = Math.max(0, targetBytes - open.length - close.length)
  let failure: Error | null = null
  out.on('error', (error) => (failure = error))
  const write = async (data: string | Buffer) => {
    if (failure) throw failure
    if (!out.write(data)) await new Promise<void>((resolve) => out.once('drain', () => resolve()))
  }
  await write(open)
  const block = Buffer.alloc(3 * 256 * 1024)
  while (remaining > 0) {
    const text = Buffer.from(cipher.update(block).toString('base64'))
    const piece = text.subarray(0, Math.min(remaining, text.length))
    await write(piece)
    remaining -= piece.length
  }
  await write(close)
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())))
}

export async function writeSaveFile(account: Account, catalogue: ReadonlyMap<string, Chart>, dir: string, largeBytes: number): Promise<SaveFile> {
  const save = account.save
  if (!save) throw new Error('account has no save')
  const json = JSON.stringify(saveDocument(account, catalogue))
  const base = join(dir, `${account.deployment}-${account.uid}-v${save.version}`)
  if (save.large) {
    await writeLargeSave(`${base}.json`, json, largeBytes)
    return describe(`${base}.json`)
  }
  if (save.format === 'json') {
    await writeFile(`${base}.json`, json)
    return describe(`${base}.json`)
  }
  const SQL = await loadSqlJs()
  const db = new SQL.Database()
  db.run('CREATE TABLE kv (key TEXT PRIMARY KEY, value TEXT NOT NULL)')
  db.run('INSERT INTO kv (key, value) VALUES (?, ?), (?, ?)', ['save', json, 'schema', 'milthm-save/1'])
  await writeFile(`${base}.sqlite`, db.export())
  db.close()
  return describe(`${base}.sqlite`)
}
