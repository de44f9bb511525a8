import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createHeadless } from '../../src/main/headless/headless'
import { AppError } from '../../src/shared/errors'
import { saveJson, type TestSave } from '../support/game-saves'
import { writeContainer, type ContainerShape } from '../support/odd-saves'
import { hashesUnder, libraryOf, putCloudBackup } from '../support/restore'

/**
 * `local status`, `local backup` and `local diff` against the saves.db shapes the notes allow (and files
 * that are no save at all): the save the game reads is the one read, or a typed refusal that writes nothing.
 */
let work: string
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'local-shapes-'))
})
afterEach(() => rmSync(work, { recursive: true, force: true }))

const A = 'c0ffee00-0000-4000-8000-00000000000a'
const B = 'c0ffee00-0000-4000-8000-00000000000b'
/** What the game reads (PlayerFileV2): A 950,000, B 640,000; the older PlayerFile row beside it: another time, other bests. */
const NOW: TestSave = {
  nickname: 'Now',
  charts: [
    { id: A, score: 950_000 },
    { id: B, score: 640_000 }
  ]
}
const OLDER: TestSave = { nickname: 'Before', userId: '99', userUuid: 'old', charts: [{ id: A, score: 500_000 }] }
const CLOUD = saveJson({
  charts: [
    { id: A, score: 1_000_000 },
    { id: B, score: 640_000 }
  ]
})

const game = () => join(work, 'game')
const library = () => join(work, 'library')
const local = () => createHeadless({ version: 'test' }).local(game())
const v2 = { key: 'PlayerFileV2', value: saveJson(NOW) }

describe('local backup and diff read the save the game reads', () => {
  const shapes: [string, ContainerShape][] = [
    ['the older PlayerFile key only', { rows: [{ key: 'PlayerFile', value: saveJson(NOW) }] }],
    ['both keys, PlayerFile the older row', { rows: [{ key: 'PlayerFile', value: saveJson(OLDER) }, v2] }],
    ['the value a BLOB', { rows: [v2], blob: true }],
    ['a UTF-16 database', { rows: [v2], encoding: 'UTF-16le' }],
    ["Android's android_metadata, extra tables and indexes, 64 KiB pages", { rows: [v2], android: true, extra: true, pageSize: 65536 }],
    ['WAL mode, no -wal', { rows: [v2], journal: 'WAL' }]
  ]
  const clouds: [string, Buffer][] = [
    ['with a BOM and trailing NULs', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(CLOUD), Buffer.alloc(16)])],
    ['plain', Buffer.from(CLOUD)],
    ['in UTF-16', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`\n${CLOUD}\n`, 'utf16le')])]
  ]
  for (const [index, [name, shape]] of shapes.entries()) {
    const [cloudName, cloud] = clouds[index % clouds.length]!
    it(`${name}; a cloud JSON ${cloudName}`, async () => {
      writeContainer(join(game(), 'saves.db'), shape)
      const status = await local().status()
      expect(status.files.map((f) => f.name)).toContain('saves.db')
      const kept = await local().backup(library(), null)
      expect(kept).toMatchObject({ status: 'saved', userId: '10000001', username: 'alice' })
      const entry = await libraryOf(library()).get(kept.entryId!)
      expect(entry.meta).toMatchObject({ userUuid: '0b5c1a52-6f1e-4d8e-9a55-3e0f5b0d2a11', lastSaveTime: '2026-11-20T21:04:05' })

      putCloudBackup(library(), 'global_alice_10000001', 'cloud-1', cloud)
      const diff = await local().diff(library())
      expect(diff).toMatchObject({ verdict: 'local-behind', same: 1, betterLocally: [], onlyLocal: [], onlyInCloud: [] })
      expect(diff.betterInCloud).toMatchObject([{ chart_id: A, before: { score: 950_000 }, after: { score: 1_000_000 } }])
    })
  }
})

describe('a saves.db that holds no save: backup refuses in words and writes nothing', () => {
  const put = (text: string | Buffer) => (mkdirSync(game(), { recursive: true }), writeFileSync(join(game(), 'saves.db'), text))
  const cases: [string, () => void, RegExp][] = [
    ['zero length', () => put(''), /not an SQLite database/],
    ['not SQLite', () => put('MZ this is not a database'), /not an SQLite database/],
    [
      'truncated',
      () => {
        writeContainer(join(game(), 'saves.db'), { rows: [v2], extra: true, pageSize: 1024 })
        put(readFileSync(join(game(), 'saves.db')).subarray(0, 2048))
      },
      /damaged/
    ],
    ['no kv table', () => writeContainer(join(game(), 'saves.db'), { rows: [], kvTable: null }), /no save JSON/],
    [
      'a PlayerFileV2 row whose value is NULL',
      () => writeContainer(join(game(), 'saves.db'), { rows: [{ key: 'PlayerFileV2', value: null }] }),
      /no save JSON/
    ],
    [
      'a kv table of other columns holding no save',
      () => {
        writeContainer(join(game(), 'saves.db'), { rows: [], kvTable: 'CREATE TABLE kv (k TEXT, v BLOB)' })
        const db = new DatabaseSync(join(game(), 'saves.db'))
        db.prepare('INSERT INTO kv VALUES (?, ?)').run('PlayerFileV2', Buffer.from([0, 1, 2]))
        db.close()
      },
      /no save JSON/
    ]
  ]
  for (const [name, setup, message] of cases) {
    it(name, async () => {
      setup()
      const before = hashesUnder(game())
      expect((await local().status()).files.map((f) => f.name)).toContain('saves.db')
      const error = await local()
        .backup(library(), null)
        .then(
          () => null,
          (e: unknown) => e
        )
      expect(error).toBeInstanceOf(AppError)
      expect((error as AppError).message).toMatch(message)
      expect((error as AppError).message).toMatch(/Open the game once|try again/)
      expect(hashesUnder(game())).toEqual(before)
      expect(Object.keys(hashesUnder(library()))).toEqual([])
    })
  }
})
