import { createCipheriv, createHash } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { writeFile } from 'atomically'
import { join } from 'node:path'
import { loadSqlJs } from '../../src/main/platform-node/sqljs'
import { BEST_COUNT, chartValue, GRADES, playerReality } from '../../src/shared/reality'
import type { Account, Chart, PlayRecord } from './model'

export interface SaveFile {
  path: string
  size: number
  sha256: string
  etag: string
}

/** A per-chart best as the game's save keeps it (`SongRecordsV3`, and `SongRecords` before 4.0). */
export interface SongRecord {
  BeatmapID: string
  BestScore: number
  BestAccuracy: number
  BestLevel: number
  AchievedStatus: number[]
}

function songRecord(play: PlayRecord): SongRecord {
  const fullCombo = play.score_miss_count === 0 && play.score_bad_count === 0
  return {
    BeatmapID: play.chart_id,
    BestScore: play.score,
    BestAccuracy: play.score_accuracy,
    BestLevel: Math.max(0, GRADES.indexOf(play.grade as (typeof GRADES)[number])),
    AchievedStatus: play.score >= 600_000 ? (fullCombo ? [1, 4] : [1]) : [0]
  }
}

/** The best play of each chart, whatever the input mode (saves do not record it). */
export function bestPlays(plays: readonly PlayRecord[]): PlayRecord[] {
  const best = new Map<string, PlayRecord>()
  for (const play of plays) {
    const current = best.get(play.chart_id)
    if (!current || play.score > current.score) best.set(play.chart_id, play)
  }
  return [...best.values()]
}

/**
 * A save shaped like the live game's (see shared/notes/real-service.md): `Username`, `Nickname`,
 * `UserID`, per-chart bests in `SongRecordsV3` (or only the legacy `SongRecords` for an account
 * seeded that way), and fields the app does not read.
 */
export function saveDocument(account: Account) {
  const records = bestPlays(account.plays).map(songRecord)
  const legacyOnly = account.save?.legacyRecords ?? false
  // The revision comes first: a file replaced in place differs from its very first bytes.
  return {
    Revision: account.save?.revision ?? 0,
    Username: account.username,
    Nickname: account.nickname,
    UserID: Number(account.uid),
    SongRecordsV3: legacyOnly ? [] : records,
    SongRecords: legacyOnly ? records : [],
    PlayerSettings: { NoteSpeed: 7.5, Offset: -12, Language: account.zone === 'cn' ? 'zh-CN' : 'en' },
    SaveVersion: account.save?.version ?? 0
  }
}

/** The `meta` that save/info reports: Reality (from the save's bests) and AP/FC counts. */
export function saveMeta(account: Account, catalogue: ReadonlyMap<string, Chart>) {
  const legacy = account.save?.legacyRecords ?? false
  const records = bestPlays(account.plays).map(songRecord)
  const values = records.map((r) =>
    chartValue({ constant: catalogue.get(r.BeatmapID)?.constant ?? 0, score: r.BestScore, allPerfect: r.BestAccuracy >= 1, legacy })
  )
  return {
    reality_value: Math.round(playerReality(values.sort((a, b) => b - a).slice(0, BEST_COUNT)) * 1000) / 1000,
    ap_count: records.filter((r) => r.BestAccuracy >= 1).length,
    fc_count: records.filter((r) => r.AchievedStatus.includes(4)).length,
    // A display date to the second: only `updated_at` carries the full precision.
    date: account.save?.updatedAt.replace(/\.\d+/, '')
  }
}

/** The service's own hash, computed here independently of the app's, so tests compare with it. */
async function describe(path: string): Promise<SaveFile> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer)
  const sha256 = hash.digest('hex')
  return { path, size: (await stat(path)).size, sha256, etag: `"${sha256.slice(0, 32)}"` }
}

/** A large JSON save streamed to disk: deterministic filler from an AES-CTR keystream. */
async function writeLargeSave(path: string, header: string, targetBytes: number): Promise<void> {
  const out = createWriteStream(path)
  const cipher = createCipheriv('aes-128-ctr', Buffer.alloc(16, 7), Buffer.alloc(16, 0))
  const open = `${header.slice(0, -1)},"ReplayCache":"`
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

export async function writeSaveFile(account: Account, dir: string, largeBytes: number): Promise<SaveFile> {
  const save = account.save
  if (!save) throw new Error('account has no save')
  const json = JSON.stringify(saveDocument(account))
  const base = join(dir, `${account.deployment}-${account.uid}-v${save.version}-r${save.revision}`)
  if (save.large) {
    await writeLargeSave(`${base}.json`, json, largeBytes)
    return describe(`${base}.json`)
  }
  if (save.format === 'json') {
    await writeFile(`${base}.json`, json)
    return describe(`${base}.json`)
  }
  // The SQLite form: a kv table; the save is in one row under a key of its own, beside other rows.
  const SQL = await loadSqlJs()
  const db = new SQL.Database()
  db.run('CREATE TABLE kv (key TEXT PRIMARY KEY, value BLOB)')
  db.run('INSERT INTO kv (key, value) VALUES (?, ?), (?, ?), (?, ?)', [
    'prefs.v2',
    JSON.stringify({ NoteSpeed: 7.5, Volume: 0.8 }),
    'MilthmPlayerData_3f9c',
    json,
    'last_sync',
    String(save.updatedAt)
  ])
  await writeFile(`${base}.sqlite`, db.export())
  db.close()
  return describe(`${base}.sqlite`)
}
