// A folder that is not the game's, chosen in the app: "Choose the game's folder…" on a folder without
// saves.db or data.db, and "Add plays from a data folder…" on one without data.db. Each is refused with
// what is missing and where Milthm keeps its files on this system, and nothing changes: the game's folder
// in use, the app's data folder, the backup library and the play history stay as they were. Through the
// real handlers, with a native dialog (the Electron app: checked after it) and with the page's dialog
// (the web host: checked in the dialog, which stays open).
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startReferenceService, type ReferenceService } from '../../reference-service/src/server'
import type { DialogRequest } from '../../src/shared/dialogs'
import { signedInGameCore } from '../support/game-core'
import { writeDataDb, writeSavesDb } from '../support/game-saves'

let service: ReferenceService
let work: string
beforeAll(async () => {
  service = await startReferenceService({ testControls: true })
  work = mkdtempSync(join(tmpdir(), 'wrong-folders-'))
})
afterAll(async () => {
  await service?.close()
  rmSync(work, { recursive: true, force: true })
})

/** Every file under `root` with the SHA-256 of its bytes. */
function filesUnder(root: string): Record<string, string> {
  const found: Record<string, string> = {}
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) walk(path)
      else found[path] = createHash('sha256').update(readFileSync(path)).digest('hex')
    }
  }
  walk(root)
  return found
}

/** The sentences a player reads, written here from the paths (Linux's place for Unity's data: ~/.config/unity3d/…). */
const usualOf = (home: string) => join(home, '.config', 'unity3d', 'Morizero', 'Milthm', 'data')
const notTheGame = (folder: string, home: string) =>
  `${folder} holds neither saves.db nor data.db, so it is not Milthm's data folder. ` +
  `On this computer Milthm keeps them in ${usualOf(home)}. Nothing was changed.`
const noDataDb = (folder: string, home: string) =>
  `There is no data.db in ${folder}. Choose the folder that holds it: ` +
  `on this computer Milthm keeps it in ${usualOf(home)}. Nothing was added.`

/** A signed-in app whose game is in the usual place (a save and two plays), and a folder of other things beside it. */
async function app(name: string, dialog: { picked?: () => string | null; page?: boolean }) {
  const home = join(work, name)
  const t = await signedInGameCore({
    service,
    home,
    username: 'alice',
    options: { dialogs: { page: dialog.page ?? false } },
    deps: {
      desktop: {
        documentsDir: join(home, 'Documents'),
        ...(dialog.picked ? { chooseFolder: async () => dialog.picked!() } : {})
      }
    }
  })
  writeSavesDb(join(t.game, 'saves.db'), { userId: t.uid, charts: [{ id: 'c0ffee00-0000-4000-8000-000000000001', score: 990_000 }] })
  const plays = [0, 1].map((i) => ({
    chart_id: `c0ffee00-0000-4000-8000-00000000000${i}`,
    score: 900_000 + i,
    played_at: new Date(Date.UTC(2024, 0, 1 + i)).toISOString()
  }))
  writeDataDb(join(t.game, 'data.db'), plays, { username: 'alice', user_id: t.uid })
  const wrong = join(home, 'Downloads')
  mkdirSync(wrong, { recursive: true })
  writeFileSync(join(wrong, 'notes.txt'), 'not the game')
  await t.call('gameFolder:backup', t.id)
  await t.call('gameFolder:load', t.id)
  /** Everything a refusal must leave alone: the app's data folder, the home (game folder, library), the history, the folder in use. */
  const state = async () => ({
    files: { ...filesUnder(t.dataDir), ...filesUnder(home) },
    history: (await t.call('sync:history', t.id)).records.length,
    folder: (await t.call('gameFolder:load', t.id), t.events.latest('gameFolder:changed')!.status)
  })
  return { ...t, home, wrong, state }
}

describe('a folder without the game files, chosen in the app (a native dialog)', () => {
  it('as the game folder: refused, saying what is missing and where Milthm keeps its files; nothing changed', async () => {
    let picked: string | null = null
    const t = await app('native-game', { picked: () => picked })
    const before = await t.state()
    expect(before.folder).toMatchObject({ folder: t.game, chosen: false })
    picked = t.wrong
    const refused = t.call('gameFolder:chooseFolder', { reset: false })
    await expect(refused).rejects.toMatchObject({ code: 'invalid_input', message: notTheGame(t.wrong, t.home) })
    await expect(refused).rejects.toMatchObject({ data: { details: { reason: 'no_game_files', folder: t.wrong, usual: t.game } } })
    expect(await t.state()).toEqual(before)
    // The game's folder in use still backs up, from where it was.
    await expect(t.call('gameFolder:backup', t.id)).resolves.toMatchObject({ status: 'up-to-date' })

    // A folder with only one of the game's files is the game's: chosen.
    const dataOnly = join(t.home, 'copy-of-data')
    mkdirSync(dataOnly)
    writeFileSync(join(dataOnly, 'data.db'), readFileSync(join(t.game, 'data.db')))
    picked = dataOnly
    await expect(t.call('gameFolder:chooseFolder', { reset: false })).resolves.toBe(dataOnly)
    expect(t.events.latest('gameFolder:changed')!.status).toMatchObject({ folder: dataOnly, chosen: true })
  })

  it('for its plays: refused, saying there is no data.db and where Milthm keeps it; nothing added', async () => {
    let picked: string | null = null
    const t = await app('native-plays', { picked: () => picked })
    const before = await t.state()
    picked = t.wrong
    const refused = t.call('gameFolder:importPlays', t.id, { pick: true, anyUser: false })
    await expect(refused).rejects.toMatchObject({ code: 'invalid_input', message: noDataDb(t.wrong, t.home) })
    await expect(refused).rejects.toMatchObject({ data: { details: { reason: 'no_data_db', folder: t.wrong, usual: t.game } } })
    expect(await t.state()).toEqual(before)
    // The game's own folder, picked, gives its plays.
    picked = t.game
    await expect(t.call('gameFolder:importPlays', t.id, { pick: true, anyUser: false })).resolves.toMatchObject({ added: 2 })
  })

  it('chosen before (by an older version): Backups says what is missing there, not that the save was not found', async () => {
    const t = await app('chosen-before', {})
    // The store as an older version left it: an empty folder chosen without a word.
    writeFileSync(join(t.dataDir, 'local-game.json'), JSON.stringify({ gameFolder: t.wrong }))
    await t.call('gameFolder:load', t.id)
    expect(t.events.latest('gameFolder:changed')!.status).toMatchObject({ folder: null, chosen: true, searched: [t.wrong] })
    await expect(t.call('gameFolder:backup', t.id)).rejects.toMatchObject({ code: 'not_found', message: notTheGame(t.wrong, t.home) })
    await expect(t.call('gameFolder:importPlays', t.id, { pick: false, anyUser: false })).rejects.toMatchObject({
      message: notTheGame(t.wrong, t.home)
    })
  })
})

describe("a folder without the game files, typed in the page's dialog (the web host)", () => {
  it('the dialog refuses it with the sentence and stays open; Cancel leaves everything as it was', async () => {
    const t = await app('page', { page: true })
    const asked = () => t.events.latest('dialogs:ask') as DialogRequest
    for (const [purpose, sentence] of [
      ['game', notTheGame(t.wrong, t.home)],
      ['plays', noDataDb(t.wrong, t.home)]
    ] as const) {
      const before = await t.state()
      const question = t.events.log.length
      const choosing =
        purpose === 'game'
          ? t.call('gameFolder:chooseFolder', { reset: false })
          : t.call('gameFolder:importPlays', t.id, { pick: true, anyUser: false })
      await expect.poll(() => t.events.log.slice(question).some((e) => e.event === 'dialogs:ask')).toBe(true)
      expect(asked().purpose).toBe(purpose)
      await expect(t.call('dialogs:answer', asked().id, t.wrong)).rejects.toMatchObject({ message: sentence })
      // Still open: the player can correct it, or cancel.
      await t.call('dialogs:answer', asked().id, null)
      await expect(choosing).resolves.toBeNull()
      expect(await t.state()).toEqual(before)
    }
  })
})
