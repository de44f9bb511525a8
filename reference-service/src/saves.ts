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

/** `BestLevel` of older saves: seven grades, before SS existed (0 R, 1 M, 2 S, 3 A, 4 B, 5 C, 6 F). */
export function oldSchemeLevel(score: number): number {
  const floors = [1_010_000, 1_000_000, 850_000, 750_000, 650_000, 600_000]
  const level = floors.findIndex((floor) => score >= floor)
  return level === -1 ? 6 : level
}

/** `AchievedStatus` as community clients read it: 3 always, 0 clear or 6 fail, 4 full combo, 5 all perfect, 2 a 1,010,000. */
function achievedStatus(play: PlayRecord): number[] {
  const fullCombo = play.score_miss_count === 0 && play.score_bad_count === 0
  const allPerfect = fullCombo && play.score_great_count === 0 && play.score_good_count === 0
  const status = [3, play.score >= 600_000 ? 0 : 6]
  if (fullCombo) status.push(4)
  if (allPerfect) status.push(5)
  if (play.score >= 1_010_000) status.push(2)
  return status
}

function songRecord(play: PlayRecord, oldScheme: boolean): SongRecord {
  return {
    BeatmapID: play.chart_id,
    BestScore: play.score,
    BestAccuracy: play.score_accuracy,
    BestLevel: oldScheme ? oldSchemeLevel(play.score) : Math.max(0, GRADES.indexOf(play.grade as (typeof GRADES)[number])),
    AchievedStatus: achievedStatus(play)
  }
}

/** A stable UUID for an account (the save's `UserUUID`). */
function uuidOf(uid: string): string {
  const h = createHash('sha256').update(`user:${uid}`).digest('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`
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
  const oldScheme = account.save?.oldScheme ?? false
  const records = bestPlays(account.plays).map((play) => songRecord(play, oldScheme))
  const legacyOnly = account.save?.legacyRecords ?? false
  const revision = account.save?.revision ?? 0
  return {
    // A file replaced in place (the resume tests) differs from its very first bytes.
    ...(revision > 0 ? { Revision: revision } : {}),
    Username: account.username,
    Nickname: account.nickname,
    UserID: Number(account.uid),
    UserUUID: uuidOf(account.uid),
    // A local time without an offset, as the game writes it.
    LastSaveTime: (account.save?.updatedAt ?? '1970-01-01T00:00:00').slice(0, 19),
    SaveVersionCode: oldScheme ? 2 : 5,
    SongRecordsV3: legacyOnly ? [] : records,
    SongRecords: legacyOnly ? records : [],
    MarkRecords: [],
    ImmerseProgresses: {},
    Offsets: { Audio: -12, Input: 0 },
    ChapterSelectPreferences: { LastChapter: 0 },
    // This service's own counter: each upload's bytes differ even when nothing else did.
    SaveRevision: account.save?.version ?? 0
  }
}

/** The `meta` that save/info reports: Reality (from the save's bests) and AP/FC counts. */
export function saveMeta(account: Account, catalogue: ReadonlyMap<string, Chart>) {
  const legacy = account.save?.legacyRecords ?? false
  const records = bestPlays(account.plays).map((play) => songRecord(play, false))
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
  // The SQLite form as the game writes it (notes, "More observed behaviour"): `kv` with the save as plain
  // UTF-8 JSON under `PlayerFileV2` (`PlayerFile` in older saves), beside other rows, and `migrations`.
  const SQL = await loadSqlJs()
  const db = new SQL.Database()
  db.run(
    'CREATE TABLE kv (id INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT UNIQUE, value TEXT, ' +
      'created_at DATETIME DEFAULT CURRENT_TIMESTAMP, updated_at DATETIME DEFAULT CURRENT_TIMESTAMP)'
  )
  db.run('CREATE TABLE migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, applied_at DATETIME)')
  db.run("INSERT INTO migrations (name, applied_at) VALUES ('0001_kv', '2024-01-01 00:00:00'), ('0002_kv_times', '2024-06-01 00:00:00')")
  const at = save.updatedAt.slice(0, 19).replace('T', ' ')
  const rows: [string, string][] = [
    ['Settings', JSON.stringify({ NoteSpeed: 7.5, Volume: 0.8 })],
    [save.oldScheme ? 'PlayerFile' : 'PlayerFileV2', json],
    ['LastCloudSync', at]
  ]
  for (const [key, value] of rows) db.run('INSERT INTO kv (key, value, created_at, updated_at) VALUES (?, ?, ?, ?)', [key, value, at, at])
  await writeFile(`${base}.sqlite`, db.export())
  db.close()
  return describe(`${base}.sqlite`)
}
