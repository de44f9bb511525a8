import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { problemOf, saveRowOf, withSaveJson } from '../../../src/main/restore/container'
import { allRows, inspect, saveJson, writeSavesDb } from '../../support/game-saves'
import { kvRows, textOf, writeContainer } from '../../support/odd-saves'

let work: string
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'container-'))
})
afterEach(() => rmSync(work, { recursive: true, force: true }))

describe('the saves.db container', () => {
  it('a JSON save goes into the PlayerFileV2 row of a copy; the container given is left as it was', async () => {
    writeSavesDb(join(work, 'saves.db'), { charts: [{ id: 'a', score: 1 }] })
    const container = readFileSync(join(work, 'saves.db'))
    const untouched = Buffer.from(container)
    const json = saveJson({ charts: [{ id: 'b', score: 2 }] })
    const built = await withSaveJson(container, 'PlayerFileV2', json)
    expect(container.equals(untouched)).toBe(true)
    writeFileSync(join(work, 'built.db'), built)
    expect(inspect(join(work, 'built.db'))).toEqual({ integrity: 'ok', save: json })
    const before = allRows(join(work, 'saves.db'))
    const after = allRows(join(work, 'built.db'))
    expect(after.kv!.filter((r) => (r as { key: string }).key !== 'PlayerFileV2')).toEqual(
      before.kv!.filter((r) => (r as { key: string }).key !== 'PlayerFileV2')
    )
    expect(await saveRowOf(built)).toEqual({ key: 'PlayerFileV2', value: json })
  })

  it('the check names a file that is not the save meant, or not whole', async () => {
    writeSavesDb(join(work, 'saves.db'), { charts: [{ id: 'a', score: 1 }] })
    const bytes = readFileSync(join(work, 'saves.db'))
    const row = (await saveRowOf(bytes))!
    expect(await problemOf(join(work, 'saves.db'), bytes, row)).toBeNull()
    expect(await problemOf(join(work, 'saves.db'), bytes, { ...row, value: `${row.value} ` })).toMatch(/not the save that was meant/)
    expect(await problemOf(join(work, 'saves.db'), bytes, { key: 'PlayerFile', value: row.value })).toBe('no PlayerFile row')
    writeFileSync(join(work, 'cut.db'), bytes.subarray(0, 4096))
    expect(await problemOf(join(work, 'cut.db'), bytes.subarray(0, 4096), row)).not.toBeNull()
  })

  for (const [name, shape] of [
    ['UTF-16 text', { encoding: 'UTF-16le' }],
    ['a UTF-8 BLOB in a UTF-16 database', { encoding: 'UTF-16be', blob: true }],
    ['a UTF-8 BLOB', { blob: true }]
  ] as const) {
    it(`the check reads ${name} as the database keeps it: the save meant passes, another does not`, async () => {
      const json = saveJson({ charts: [{ id: 'ä', score: 1 }], nickname: 'Ⓐlice 🎵' })
      writeContainer(join(work, 'saves.db'), { rows: [{ key: 'PlayerFileV2', value: json }], ...shape })
      const bytes = readFileSync(join(work, 'saves.db'))
      const row = { key: 'PlayerFileV2' as const, value: json }
      expect(await saveRowOf(bytes)).toEqual(row)
      expect(await problemOf(join(work, 'saves.db'), bytes, row)).toBeNull()
      expect(await problemOf(join(work, 'saves.db'), bytes, { ...row, value: json.replace('Ⓐ', 'A') })).toMatch(
        /not the save that was meant/
      )
      const other = saveJson({ charts: [{ id: 'b', score: 2 }] })
      writeFileSync(join(work, 'built.db'), await withSaveJson(bytes, 'PlayerFileV2', other))
      expect(kvRows(join(work, 'built.db')).PlayerFileV2!.type).toBe(shape.blob ? 'blob' : 'text')
      expect(textOf(kvRows(join(work, 'built.db')).PlayerFileV2!.value)).toBe(other)
    })
  }
})
