// The demo's sample game folder: what Milthm keeps on a computer (shared/notes/real-service.md, "Save
// files in more detail" and "Restoring a save"), for one demo player, so "This computer" can be tried
// without the game: `saves.db` (the SQLite container: `kv` with the save JSON under `PlayerFileV2`,
// `migrations` at version 2, a rollback journal) and `data.db` (the plays, table `scores`, the API's
// field names plus `username` and `user_id`). The computer is a little ahead of the cloud: a few plays
// made here after the last upload, so Compare, Add plays and Back up this computer all have something to show.
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { PlayRecord } from '../reference-service/src/model'
import { generateCatalogue } from '../reference-service/src/model'
import type { ReferenceService } from '../reference-service/src/server'
import { loadSqlJs } from '../src/main/platform-node/sqljs'
import { chartReality, gradeOf, MAX_SCORE } from '../src/shared/reality'

/** Who the sample folder belongs to (a demo account of the Local deployment). */
export const SAMPLE_PLAYER = 'alice'
/** Plays made on this computer after the last cloud upload. */
const NEWER_PLAYS = 6
const HOUR = 3_600_000
const PC_VERSION = 'v4.4.2+--1da9fc23'

/** A local time without an offset, the way the game writes `LastSaveTime`. */
const localTime = (ms: number) => {
  const d = new Date(ms)
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`
}

/** Better plays on a few charts below M, made "today" on this computer (keyboard, as on a PC). */
function newerPlays(plays: readonly PlayRecord[], now: number): PlayRecord[] {
  const constants = new Map(generateCatalogue().map((c) => [c.chart_id, c.constant]))
  const best = new Map<string, PlayRecord>()
  for (const p of plays) if ((best.get(p.chart_id)?.score ?? -1) < p.score) best.set(p.chart_id, p)
  const candidates = [...best.values()]
    .filter((p) => p.score < 1_000_000 && constants.has(p.chart_id))
    .sort((a, b) => b.reality - a.reality)
  return candidates.slice(0, NEWER_PLAYS).map((p, i) => {
    const score = Math.min(MAX_SCORE, p.score + 6_000 + i * 1_500)
    const constant = constants.get(p.chart_id)!
    return {
      ...p,
      score,
      grade: gradeOf(score),
      reality: Math.round(chartReality(constant, score) * 1000) / 1000,
      score_miss_count: Math.max(0, p.score_miss_count - 2),
      played_at: new Date(now - (NEWER_PLAYS - i) * HOUR).toISOString(),
      game_version: PC_VERSION,
      modifiers: []
    }
  })
}

/** One best per chart, as the save keeps them (`AchievedStatus`: 3 always, 0 clear, 4 full combo, 5 all perfect, 2 at 1,010,000). */
function songRecords(plays: readonly PlayRecord[]) {
  const best = new Map<string, PlayRecord>()
  for (const p of plays) if ((best.get(p.chart_id)?.score ?? -1) < p.score) best.set(p.chart_id, p)
  return [...best.values()].map((p) => {
    const fullCombo = p.score_miss_count === 0 && p.score_bad_count === 0
    const allPerfect = fullCombo && p.score_great_count === 0 && p.score_good_count === 0
    return {
      BeatmapID: p.chart_id,
      BestScore: p.score,
      BestAccuracy: p.score_accuracy,
      BestLevel: ['R', 'M', 'SS', 'S', 'A', 'B', 'C', 'F'].indexOf(gradeOf(p.score)),
      AchievedStatus: [
        3,
        p.score >= 600_000 ? 0 : 6,
        ...(fullCombo ? [4] : []),
        ...(allPerfect ? [5] : []),
        ...(p.score >= MAX_SCORE ? [2] : [])
      ]
    }
  })
}

async function writeDatabase(path: string, build: (db: import('sql.js').Database) => void): Promise<void> {
  const SQL = await loadSqlJs()
  const db = new SQL.Database()
  try {
    build(db)
    // Written beside, then renamed: a demo stopped halfway leaves no half-written game file.
    writeFileSync(`${path}.partial`, db.export())
    renameSync(`${path}.partial`, path)
  } finally {
    db.close()
  }
}

/**
 * Writes the sample folder once (an existing one is the demo's earlier run, left as the app may have
 * seen it). Returns the folder, and whether it was written now.
 */
export async function writeSampleGameFolder(service: ReferenceService, folder: string, now = Date.now()) {
  const savesDb = join(folder, 'saves.db')
  if (existsSync(savesDb)) return { folder, written: false }
  const account = service.accounts.find((a) => a.deployment === 'global' && a.username === SAMPLE_PLAYER)
  if (!account) throw new Error(`the reference service has no demo account ${SAMPLE_PLAYER}`)
  const plays = service.controls.plays('global', SAMPLE_PLAYER) as PlayRecord[]
  const newer = newerPlays(plays, now)
  // This computer's plays: the keyboard plays of the last 90 days the service knows too, and the newer ones it does not.
  const here = [...plays.filter((p) => !p.modifiers.includes('TouchMode') && Date.parse(p.played_at) > now - 90 * 24 * HOUR), ...newer]
  mkdirSync(folder, { recursive: true })
  const save = {
    Username: account.username,
    Nickname: 'Alice',
    UserID: Number(account.uid),
    LastSaveTime: localTime(now - HOUR / 2),
    SaveVersionCode: 5,
    SongRecordsV3: songRecords([...plays, ...newer]),
    SongRecords: [],
    MarkRecords: [],
    ImmerseProgresses: {},
    Offsets: { Audio: -12, Input: 0 },
    ChapterSelectPreferences: { LastChapter: 0 },
    Agreements: { Privacy: true }
  }
  const at = localTime(now - HOUR / 2).replace('T', ' ')
  await writeDatabase(join(folder, 'data.db'), (db) => {
    db.run(
      'CREATE TABLE scores (id INTEGER PRIMARY KEY AUTOINCREMENT, chart_id TEXT, score INTEGER, score_accuracy REAL, reality REAL, ' +
        'grade TEXT, score_exact_count INTEGER, score_perfect_count INTEGER, score_great_count INTEGER, score_good_count INTEGER, ' +
        'score_bad_count INTEGER, score_miss_count INTEGER, score_fracture_exact_count INTEGER, score_fracture_miss_count INTEGER, ' +
        'played_at TEXT, game_version TEXT, modifiers TEXT, username TEXT, user_id TEXT)'
    )
    for (const p of here)
      db.run('INSERT INTO scores VALUES (NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)', [
        p.chart_id,
        p.score,
        p.score_accuracy,
        p.reality,
        p.grade,
        p.score_exact_count,
        p.score_perfect_count,
        p.score_great_count,
        p.score_good_count,
        p.score_bad_count,
        p.score_miss_count,
        p.score_fracture_exact_count,
        p.score_fracture_miss_count,
        p.played_at,
        p.game_version,
        JSON.stringify(p.modifiers),
        account.username,
        account.uid
      ])
  })
  await writeDatabase(savesDb, (db) => {
    db.run(
      'CREATE TABLE kv (id INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT UNIQUE, value TEXT, ' +
        'created_at DATETIME DEFAULT CURRENT_TIMESTAMP, updated_at DATETIME DEFAULT CURRENT_TIMESTAMP)'
    )
    db.run('CREATE TABLE migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, version INTEGER NOT NULL)')
    db.run('INSERT INTO migrations (version) VALUES (1), (2)')
    const rows: [string, string][] = [
      ['Settings', JSON.stringify({ NoteSpeed: 7.5, Volume: 0.8 })],
      ['PlayerFileV2', JSON.stringify(save)]
    ]
    for (const [key, value] of rows) db.run('INSERT INTO kv (key, value, created_at, updated_at) VALUES (?, ?, ?, ?)', [key, value, at, at])
  })
  return { folder, written: true }
}
