import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { RestoreReport } from '../../src/shared/restore'
import { inspect, saveJson, writeDataDb, writeSavesDb, type TestSave } from '../support/game-saves'
import { kvRows, readCopy, textOf, writeContainer, type ContainerShape } from '../support/odd-saves'
import { hashesUnder, libraryOf, putCloudBackup, request, restoreFixture, sha256Of } from '../support/restore'

/**
 * The restore against save files shaped as the notes allow but the other tests do not write: cloud JSON
 * with a BOM, blanks, NULs or in UTF-16, JSON that is not a save, and saves.db containers of every shape
 * the notes name. Each ends in a correct restore or a refusal that leaves the game's folder as it was.
 */
let work: string
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'restore-shapes-'))
})
afterEach(() => rmSync(work, { recursive: true, force: true }))

const A = 'c0ffee00-0000-4000-8000-00000000000a'
const B = 'c0ffee00-0000-4000-8000-00000000000b'
const KEPT: TestSave = { lastSaveTime: '2026-11-21T08:00:00', charts: [{ id: A, score: 1_000_000 }] }
const NOW: TestSave = { lastSaveTime: '2026-11-20T21:00:00', charts: [{ id: A, score: 950_000 }] }
const OLDER: TestSave = {
  lastSaveTime: '2026-01-01T00:00:00',
  charts: [
    { id: A, score: 500_000 },
    { id: B, score: 700_000 }
  ]
}
const KEPT_JSON = saveJson(KEPT)
const KEPT_DOC = JSON.parse(KEPT_JSON) as Record<string, unknown>

const v2 = (s: TestSave) => ({ key: 'PlayerFileV2', value: saveJson(s) })
const v1 = (s: TestSave) => ({ key: 'PlayerFile', value: saveJson(s) })

const game = () => join(work, 'game')
const save = () => join(game(), 'saves.db')
const fixture = () => restoreFixture(work, { platform: 'linux', home: work, env: {} })
const writeGameFile = (name: string, text: string) => (mkdirSync(game(), { recursive: true }), writeFileSync(join(game(), name), text))
const everything = { gameFolder: null as string | null, allowDowngrade: true, allowOtherPlayer: true }

async function restoreCloud(bytes: Buffer) {
  const f = fixture()
  const id = putCloudBackup(f.root, 'global_alice_10000001', 'cloud-1', bytes)
  const plan = await f.restore.plan(request(id, { ...everything, gameFolder: game() }))
  return { plan, report: await f.restore.apply(plan), f }
}

/** A refusal for `reason` whose detail says what is wrong, with the game's folder and the library as they were. */
async function expectRefused(bytes: Buffer, reason: RestoreReport['reason'], detail: RegExp) {
  const f = fixture()
  const id = putCloudBackup(f.root, 'global_alice_10000001', 'cloud-1', bytes)
  const before = { game: hashesUnder(game()), library: hashesUnder(f.root) }
  const report = await f.restore.apply(await f.restore.plan(request(id, { ...everything, gameFolder: game() })))
  expect(report).toMatchObject({ status: 'refused', reason, snapshotId: null })
  expect(report.detail).toMatch(detail)
  expect(hashesUnder(game())).toEqual(before.game)
  expect(hashesUnder(f.root)).toEqual(before.library)
}

/** Every row but the one a restore writes, and the schema (tables, indexes, the page size), by SQLite's own reading. */
function besideTheSave(path: string, key: string) {
  return readCopy(path, (db) => {
    const table = (name: string) => db.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).all()
    const schema = db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY name').all() as { type: string; name: string }[]
    const rows = Object.fromEntries(schema.filter((s) => s.type === 'table').map((s) => [s.name, table(s.name)]))
    const kv = (rows.kv as { key: string }[]).map((r) => (r.key === key ? { ...r, value: null } : r))
    return { ...rows, kv, schema, pageSize: db.prepare('PRAGMA page_size').get() }
  })
}

describe('cloud JSON backups shaped unusually', () => {
  const encodings: [string, Buffer][] = [
    ['a UTF-8 BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(KEPT_JSON)])],
    ['blanks before and after', Buffer.from(`\r\n \t${KEPT_JSON}\n\n  `)],
    ['trailing NULs (a file padded by its writer)', Buffer.concat([Buffer.from(KEPT_JSON), Buffer.alloc(64)])],
    ['UTF-16 LE with its BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(KEPT_JSON, 'utf16le')])],
    ['UTF-16 BE with its BOM', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(KEPT_JSON, 'utf16le').swap16()])]
  ]
  for (const [name, bytes] of encodings) {
    it(`${name}: the save row holds the save itself as UTF-8 JSON, every other row as it was`, async () => {
      writeSavesDb(save(), NOW)
      const before = besideTheSave(save(), 'PlayerFileV2')
      const { plan, report } = await restoreCloud(bytes)
      expect(plan.report.preview).toMatchObject({ raised: [{ chart_id: A, before: 950_000, after: 1_000_000 }], downgrade: false })
      expect(report).toMatchObject({ status: 'restored', reason: null })
      const after = inspect(save())
      expect(after.integrity).toBe('ok')
      expect(after.save).toBe(KEPT_JSON)
      expect(besideTheSave(save(), 'PlayerFileV2')).toEqual(before)
    })
  }

  const documents: [string, Record<string, unknown>][] = [
    ['numbers written as strings', { ...KEPT_DOC, SongRecordsV3: [{ BeatmapID: A, BestScore: '1000000', BestAccuracy: '0.98' }] }],
    ['fields no client knows', { ...KEPT_DOC, FutureThing: { a: [1, 2, { b: null }] }, Agreements: ['tos'] }],
    ['a very large string', { ...KEPT_DOC, Nickname: 'N'.repeat(5_000_000) }],
    ['the legacy SongRecords only', { ...KEPT_DOC, SongRecordsV3: null, SongRecords: KEPT_DOC.SongRecordsV3 }]
  ]
  for (const [name, doc] of documents) {
    it(`${name}: restored as it is, read right in the preview`, async () => {
      writeSavesDb(save(), NOW)
      const json = JSON.stringify(doc)
      const { plan, report } = await restoreCloud(Buffer.from(json))
      expect(plan.report.preview!.raised).toMatchObject([{ chart_id: A, before: 950_000, after: 1_000_000 }])
      expect((plan.report.preview!.restored.player ?? '').length).toBeLessThanOrEqual(200)
      expect(report.status).toBe('restored')
      expect(inspect(save())).toEqual({ integrity: 'ok', save: json })
    })
  }

  it('a field nested 100,000 deep: restored as it is, read right in the preview', async () => {
    writeSavesDb(save(), NOW)
    const json = `${KEPT_JSON.slice(0, -1)},"Deep":${'['.repeat(100_000)}1${']'.repeat(100_000)}}`
    const { plan, report } = await restoreCloud(Buffer.from(json))
    expect(plan.report.preview!.raised).toMatchObject([{ chart_id: A, before: 950_000, after: 1_000_000 }])
    expect(report.status).toBe('restored')
    expect(inspect(save())).toEqual({ integrity: 'ok', save: json })
  })

  const notSaves: [string, string, RegExp][] = [
    ['an array', JSON.stringify([KEPT_DOC]), /not a JSON object|array/],
    ['null', 'null', /not a JSON object|null/],
    ['a number', '42', /not a JSON object|number/],
    ['a string (the save encoded twice)', JSON.stringify(KEPT_JSON), /not a JSON object|string/],
    ['an object without records', JSON.stringify({ Username: 'alice', UserID: '10000001' }), /SongRecordsV3 or SongRecords/],
    ['SongRecordsV3 a number', JSON.stringify({ ...KEPT_DOC, SongRecordsV3: 5, SongRecords: null }), /SongRecordsV3.*not a list/],
    ['SongRecordsV3 a string', JSON.stringify({ ...KEPT_DOC, SongRecordsV3: 'x', SongRecords: [] }), /SongRecordsV3.*not a list/],
    ['SongRecords an object', JSON.stringify({ ...KEPT_DOC, SongRecords: { [A]: {} } }), /SongRecords.*not a list/],
    ['the save wrapped in another object', JSON.stringify({ data: KEPT_DOC }), /SongRecordsV3 or SongRecords/],
    ['damaged JSON', KEPT_JSON.slice(0, -20), /does not parse/],
    ['an empty file', '', /neither a JSON save nor an SQLite save|empty/]
  ]
  for (const [name, text, detail] of notSaves) {
    it(`${name}: refused as unusable, nothing touched`, async () => {
      writeSavesDb(save(), NOW)
      await expectRefused(Buffer.from(text), 'unusable-version', detail)
    })
  }
})

describe('saves.db containers of every shape the notes name', () => {
  const shapes: [string, ContainerShape, string][] = [
    ['the older PlayerFile key only', { rows: [v1(NOW)] }, 'PlayerFile'],
    // Migration 2 made PlayerFileV2 from PlayerFile and left the old row: the game reads PlayerFileV2.
    ['both keys, PlayerFile the older row', { rows: [v1(OLDER), v2(NOW)] }, 'PlayerFileV2'],
    ['both keys, PlayerFileV2 first', { rows: [v2(NOW), v1(OLDER)] }, 'PlayerFileV2'],
    ['the value a BLOB', { rows: [v2(NOW)], blob: true }, 'PlayerFileV2'],
    ["Android's android_metadata, a table and indexes of the game's", { rows: [v2(NOW)], android: true, extra: true }, 'PlayerFileV2'],
    ['1 KiB pages', { rows: [v2(NOW)], pageSize: 1024 }, 'PlayerFileV2'],
    ['64 KiB pages', { rows: [v2(NOW)], pageSize: 65536 }, 'PlayerFileV2'],
    ['a UTF-16 database', { rows: [v2(NOW)], encoding: 'UTF-16le' }, 'PlayerFileV2'],
    ['a UTF-16 database holding BLOBs', { rows: [v2(NOW)], encoding: 'UTF-16be', blob: true }, 'PlayerFileV2'],
    ['WAL mode, its -wal checkpointed away', { rows: [v2(NOW)], journal: 'WAL' }, 'PlayerFileV2']
  ]
  for (const [name, shape, key] of shapes) {
    it(`${name}: a JSON backup goes into ${key}, every other row, table and index as it was`, async () => {
      writeContainer(save(), shape)
      const before = { beside: besideTheSave(save(), key), types: kvRows(save()) }
      const { plan, report } = await restoreCloud(Buffer.from(KEPT_JSON))
      // The preview reads the row the game reads: 950,000 now, not the older row's 500,000.
      expect(plan.report.preview).toMatchObject({ raised: [{ chart_id: A, before: 950_000, after: 1_000_000 }], lost: [] })
      expect(report, JSON.stringify(report.detail)).toMatchObject({ status: 'restored', reason: null })
      const rows = kvRows(save())
      expect(JSON.parse(textOf(rows[key]!.value)!)).toEqual(KEPT_DOC)
      // The value keeps the storage class the game gave it.
      expect(rows[key]!.type).toBe(before.types[key]!.type)
      expect(besideTheSave(save(), key)).toEqual(before.beside)
      expect(inspect(save()).integrity).toBe('ok')
    })

    it(`${name}: as a cloud SQLite backup, it is the container itself`, async () => {
      writeSavesDb(save(), NOW)
      const cloud = join(work, 'cloud.db')
      writeContainer(cloud, { ...shape, rows: shape.rows.map((r) => (r.key === key ? { key, value: KEPT_JSON } : r)) })
      const { report } = await restoreCloud(readFileSync(cloud))
      expect(report).toMatchObject({ status: 'restored', reason: null })
      expect(sha256Of(save())).toBe(sha256Of(cloud))
    })
  }

  const noContainer: [string, () => void, RegExp][] = [
    ['a zero-length saves.db', () => writeGameFile('saves.db', ''), /not an SQLite database/],
    ['a saves.db that is not SQLite', () => writeGameFile('saves.db', 'hello, not a database'), /not an SQLite database/],
    [
      'a truncated saves.db',
      () => {
        writeContainer(save(), { rows: [v2(NOW)], extra: true, pageSize: 1024 })
        writeFileSync(save(), readFileSync(save()).subarray(0, 2048))
      },
      /malformed|corrupt|never used|missing|disk image|database/i
    ],
    ['no kv table', () => writeContainer(save(), { rows: [], kvTable: null }), /no save JSON|PlayerFileV2/],
    [
      'a kv table of other columns, holding the save',
      () => {
        writeContainer(save(), { rows: [], kvTable: 'CREATE TABLE kv (k TEXT, v TEXT)' })
        const db = new DatabaseSync(save())
        db.prepare('INSERT INTO kv VALUES (?, ?)').run('PlayerFileV2', saveJson(NOW))
        db.close()
      },
      /PlayerFileV2/
    ],
    [
      'a PlayerFileV2 row whose value is NULL',
      () => writeContainer(save(), { rows: [{ key: 'PlayerFileV2', value: null }] }),
      /save JSON|PlayerFileV2/
    ]
  ]
  for (const [name, setup, detail] of noContainer) {
    it(`${name}: a JSON backup has no container to go into; nothing touched`, async () => {
      setup()
      await expectRefused(Buffer.from(KEPT_JSON), 'no-container', detail)
    })
  }
})

describe('cloud SQLite backups that are no save', () => {
  it('a container whose kv holds no save row is refused, saying so', async () => {
    writeSavesDb(save(), NOW)
    const cloud = join(work, 'cloud.db')
    writeContainer(cloud, { rows: [{ key: 'Other', value: '{}' }] })
    await expectRefused(readFileSync(cloud), 'unusable-version', /no PlayerFileV2 or PlayerFile row/)
  })

  it('a container with no kv table is refused, saying so', async () => {
    writeSavesDb(save(), NOW)
    const cloud = join(work, 'cloud.db')
    writeContainer(cloud, { rows: [], kvTable: null })
    await expectRefused(readFileSync(cloud), 'unusable-version', /no PlayerFileV2 or PlayerFile row|kv/)
  })

  it('a truncated container is refused before anything is kept or written', async () => {
    writeSavesDb(save(), NOW)
    const cloud = join(work, 'cloud.db')
    writeContainer(cloud, { rows: [v2(KEPT)], extra: true, pageSize: 1024 })
    await expectRefused(readFileSync(cloud).subarray(0, 3072), 'unusable-version', /malformed|damaged|integrity|disk image/i)
  })

  it('a container whose save row reads but whose file fails integrity_check is refused before anything is kept', async () => {
    writeSavesDb(save(), NOW)
    const cloud = join(work, 'cloud.db')
    writeContainer(cloud, { rows: [v2(KEPT)], pageSize: 1024 })
    // One more page than the database uses, counted in the header: SQLite finds it "never used".
    const bytes = Buffer.concat([readFileSync(cloud), Buffer.alloc(1024)])
    bytes.writeUInt32BE(bytes.readUInt32BE(28) + 1, 28)
    await expectRefused(bytes, 'unusable-version', /never used|integrity/)
  })
})

describe('a "This computer" version whose saves.db holds no save row', () => {
  it('is refused as a restore, yet an undo puts it back as it was (the game had not saved yet)', async () => {
    const f = fixture()
    writeSavesDb(save(), KEPT)
    const version = (await f.local.backup(game())).entryId!
    // The game started on this computer but never saved: its container, no save row.
    rmSync(save())
    writeContainer(save(), { rows: [], android: true })
    const before = sha256Of(save())

    const restored = await f.restore.apply(await f.restore.plan(request(version, { ...everything, gameFolder: game() })))
    expect(restored).toMatchObject({ status: 'restored', reason: null })
    expect(inspect(save()).save).toBe(saveJson(KEPT))

    const direct = await f.restore.plan(request(restored.snapshotId!, { ...everything, gameFolder: game() }))
    expect(direct.report).toMatchObject({ status: 'refused', reason: 'unusable-version' })
    expect(direct.report.detail).toMatch(/no PlayerFileV2 or PlayerFile row/)

    const undone = await f.restore.apply(await f.restore.planUndo(null))
    expect(undone, JSON.stringify(undone.detail)).toMatchObject({ status: 'undone', reason: null })
    expect(sha256Of(save())).toBe(before)
    expect(inspect(save())).toEqual({ integrity: 'ok', save: null })
  })
})

describe('a version whose data.db is not a database, though it matches its manifest (put in the library by hand)', () => {
  it('is refused with its plays at the preview, before any snapshot; without them it is restored', async () => {
    const f = fixture()
    writeSavesDb(save(), KEPT)
    writeDataDb(join(game(), 'data.db'), [])
    const version = (await f.local.backup(game())).entryId!
    const library = libraryOf(f.root)
    const entry = await library.get(version)
    const text = Buffer.from('not a database, only text')
    writeFileSync(join(entry.path!, '..', entry.parts![0]!.file), text)
    const manifest = JSON.parse(readFileSync(library.manifestPath(version), 'utf8')) as { parts: { size: number; sha256: string }[] }
    manifest.parts[0] = { ...manifest.parts[0]!, size: text.length, sha256: createHash('sha256').update(text).digest('hex') }
    writeFileSync(library.manifestPath(version), JSON.stringify(manifest))
    expect(await library.check(await library.get(version))).toBe('ok')
    rmSync(save())
    writeSavesDb(save(), NOW)
    writeDataDb(join(game(), 'data.db'), [])
    const before = { game: hashesUnder(game()), library: hashesUnder(f.root) }

    const withPlays = await f.restore.plan(request(version, { ...everything, gameFolder: game(), withPlays: true }))
    expect(withPlays.report).toMatchObject({ status: 'refused', reason: 'unusable-version' })
    expect(withPlays.report.detail).toMatch(/^its data\.db is not whole: /)
    expect(await f.restore.apply(withPlays)).toMatchObject({ status: 'refused', snapshotId: null })
    expect({ game: hashesUnder(game()), library: hashesUnder(f.root) }).toEqual(before)

    const without = await f.restore.apply(await f.restore.plan(request(version, { ...everything, gameFolder: game() })))
    expect(without).toMatchObject({ status: 'restored', written: [save()] })
    expect(inspect(save()).save).toBe(saveJson(KEPT))
  })
})
