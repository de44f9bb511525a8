// A sample game folder (the demo's) is the app's game folder until the player chooses one, and only
// once: a player who goes back to the usual place keeps it across restarts. What a folder choice offers
// (the sample folder and the usual places, with whether the game's files are in each) comes from main.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startReferenceService, type ReferenceService } from '../../reference-service/src/server'
import { addUserToken, testCore } from '../support/core'
import { writeSavesDb } from '../support/game-saves'

let service: ReferenceService
const work = mkdtempSync(join(tmpdir(), 'sample-folder-'))
beforeAll(async () => {
  service = await startReferenceService({ testControls: true })
})
afterAll(async () => {
  await service?.close()
  rmSync(work, { recursive: true, force: true })
})

describe('the sample game folder', () => {
  it('is chosen at first, offered beside the usual place, and not chosen again once the player went back to the usual place', async () => {
    const home = join(work, 'home')
    const sample = join(work, 'sample')
    writeSavesDb(join(sample, 'saves.db'), { userId: '10000001', charts: [] })
    const dataDir = join(work, 'data')
    const start = () =>
      testCore({
        localBaseUrl: service.deployments.global.base_url,
        dataDir,
        options: { gameFolder: { system: { platform: 'linux', home, env: {} }, pollMs: null, sampleFolder: sample } }
      })
    const usual = join(home, '.config', 'unity3d', 'Morizero', 'Milthm', 'data')

    const first = start()
    const token = service.accounts.find((a) => a.username === 'alice' && a.deployment === 'global')!.user_token
    const { account } = await addUserToken(first.core.handlers, 'local', token)
    await first.call('gameFolder:load', account.id)
    expect(first.events.latest('gameFolder:changed')!.status).toMatchObject({ folder: sample, chosen: true })
    expect(await first.call('gameFolder:folderChoices')).toEqual([
      { path: sample, kind: 'sample', found: true },
      { path: usual, kind: 'usual', found: false }
    ])
    await first.call('gameFolder:chooseFolder', { reset: true })
    await first.call('gameFolder:load', account.id)
    expect(first.events.latest('gameFolder:changed')!.status).toMatchObject({ folder: null, chosen: false, searched: [usual] })
    await first.core.dispose()

    const again = start()
    await again.call('gameFolder:load', account.id)
    expect(again.events.latest('gameFolder:changed')!.status).toMatchObject({ folder: null, chosen: false })
    await again.core.dispose()
  })
})
