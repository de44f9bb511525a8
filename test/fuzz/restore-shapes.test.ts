import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { saveJson } from '../support/game-saves'
import { kvRows, readCopy, textOf, writeContainer, type ContainerShape } from '../support/odd-saves'
import { hashesUnder, putCloudBackup, request, restoreFixture } from '../support/restore'
import { CASES, DOOR_TIMEOUT_MS, expectTypedRefusal, fuzz, mutatedJson } from './fuzz'

/**
 * The restore of a cloud JSON backup into the game's saves.db, over the container shapes the notes allow
 * and JSON mutated, encoded and padded in the ways files are: it restores exactly the save, or refuses and
 * changes nothing. Each case writes files and takes a snapshot, so it runs fewer cases than the pure readers.
 */
const root = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'fuzz-restore-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
let cases = 0

const A = 'c3769378-d595-4119-b93c-e0db2b3ea8e2'
const NOW = saveJson({ lastSaveTime: '2026-11-20T21:00:00', charts: [{ id: A, score: 950_000 }] })
const KEPT = JSON.parse(
  saveJson({
    charts: [
      { id: A, score: 1_000_000 },
      { id: 'b', score: 5 }
    ]
  })
) as Record<string, unknown>

const shape: fc.Arbitrary<ContainerShape & { keys: 'PlayerFileV2' | 'PlayerFile' | 'both' }> = fc.record({
  keys: fc.constantFrom('PlayerFileV2' as const, 'PlayerFile' as const, 'both' as const),
  rows: fc.constant([]),
  blob: fc.boolean(),
  pageSize: fc.constantFrom(undefined, 1024, 65536),
  encoding: fc.constantFrom(undefined, 'UTF-16le' as const),
  journal: fc.constantFrom('DELETE' as const, 'WAL' as const),
  android: fc.boolean(),
  extra: fc.boolean()
})

/** How a file holds the JSON text: as the game writes it, or as an editor or a padded write leaves it. */
const ENCODINGS = {
  plain: (t: string) => Buffer.from(t),
  bom: (t: string) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(t)]),
  blanks: (t: string) => Buffer.from(`\n\t ${t} \r\n`),
  nuls: (t: string) => Buffer.concat([Buffer.from(t), Buffer.alloc(7)]),
  utf16le: (t: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(t, 'utf16le')]),
  utf16be: (t: string) => Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(t, 'utf16le').swap16()])
}
const source = fc.record({
  text: fc.oneof(
    { weight: 1, arbitrary: fc.constant(JSON.stringify(KEPT)) },
    { weight: 3, arbitrary: mutatedJson(KEPT).map((m) => m.text.toString('utf8')) },
    { weight: 1, arbitrary: fc.json({ maxDepth: 3 }) }
  ),
  encoding: fc.constantFrom(...(Object.keys(ENCODINGS) as (keyof typeof ENCODINGS)[]))
})

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text.replace(/^[\s\uFEFF]+/, '').replace(/[\s\0]+$/, ''))
  } catch {
    return undefined
  }
}
type Doc = Record<string, unknown>
const isObject = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v)
/** A save the game reads (the notes): an object whose SongRecordsV3 / SongRecords are lists, at least one of them there. */
function isSave(doc: unknown): doc is Doc {
  if (!isObject(doc)) return false
  const lists = Object.entries(doc).filter(([k]) => ['songrecordsv3', 'songrecords'].includes(k.toLowerCase()))
  return lists.every(([, v]) => v === null || Array.isArray(v)) && lists.some(([, v]) => Array.isArray(v))
}

/** Every row but the save row, the schema and the page size, read from a copy of the file. */
const beside = (path: string, key: string) =>
  readCopy(path, (db) => ({
    kv: db.prepare('SELECT * FROM kv WHERE key <> ? ORDER BY rowid').all(key),
    schema: db.prepare('SELECT type, name, sql FROM sqlite_master ORDER BY name').all(),
    pageSize: db.prepare('PRAGMA page_size').get(),
    integrity: db.prepare('PRAGMA integrity_check').get()
  }))

describe('fuzz: restoring a cloud JSON backup into saves.db containers of every shape', () => {
  it(
    'restores exactly the save (every other row, table and index kept), or refuses and changes nothing',
    async () => {
      await fuzz(
        [shape, source],
        async ({ keys, ...container }, { text, encoding }) => {
          const work = join(root, String(cases++))
          const game = join(work, 'game')
          const rows = [
            ...(keys !== 'PlayerFileV2' ? [{ key: 'PlayerFile', value: saveJson({ charts: [] }) }] : []),
            ...(keys !== 'PlayerFile' ? [{ key: 'PlayerFileV2', value: NOW }] : [])
          ]
          writeContainer(join(game, 'saves.db'), { ...container, rows })
          const key = keys === 'PlayerFile' ? 'PlayerFile' : 'PlayerFileV2'
          const f = restoreFixture(work, { platform: 'linux', home: work, env: {} })
          const id = putCloudBackup(f.root, 'global_alice_10000001', 'cloud', ENCODINGS[encoding](text))
          const before = { game: hashesUnder(game), beside: beside(join(game, 'saves.db'), key) }
          const wanted = { gameFolder: game, allowDowngrade: true, allowOtherPlayer: true }
          let report
          try {
            report = await f.restore.apply(await f.restore.plan(request(id, wanted)))
          } catch (error) {
            expectTypedRefusal(error)
            expect(hashesUnder(game)).toEqual(before.game)
            return
          }
          const doc = parsed(text)
          if (report.status === 'refused') {
            expect(isSave(doc), `refused a save: ${report.reason} ${report.detail}`).toBe(false)
            expect(report.detail).toBeTruthy()
            expect(hashesUnder(game)).toEqual(before.game)
            return
          }
          expect(report, String(report.detail)).toMatchObject({ status: 'restored', reason: null })
          expect(isSave(doc)).toBe(true)
          const written = textOf(kvRows(join(game, 'saves.db'))[key]!.value)!
          expect(JSON.parse(written)).toEqual(doc)
          expect(beside(join(game, 'saves.db'), key)).toEqual(before.beside)
          rmSync(work, { recursive: true, force: true })
        },
        { cases: Math.max(30, Math.round(CASES / 4)) }
      )
    },
    DOOR_TIMEOUT_MS
  )
})
