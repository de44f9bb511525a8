// One truth for one player's data: the player card (the app's kept plays) and the summary of a backup
// of the same player's cloud save count the same charts, grades, full combos and all perfects; and where
// the card's Reality (the service's ranking) and the save's differ, the app says why. The truth is
// computed here from the reference service's own plays and save file, with the notes' grade thresholds.
import { mkdtempSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startReferenceService, type ReferenceService } from '../../reference-service/src/server'
import { seedDemoHistory } from '../../scripts/demo-seed'
import { chartCounts, recordMarks } from '../../src/shared/chart-counts'
import { realityGap } from '../../src/shared/reality-sources'
import { saveMetaOf } from '../../src/shared/records'
import { addUserToken, testCore } from '../support/core'
import { NOTES_GRADES } from '../support/progress-truth'

let service: ReferenceService
beforeAll(async () => {
  service = await startReferenceService({ testControls: true, dailyDownloadLimit: 100_000 })
})
afterAll(async () => {
  await service?.close()
})

const gradeOf = (score: number) => NOTES_GRADES.find(([, floor]) => score >= floor)![0]

/** Counts from the save file as the game wrote it: one `SongRecordsV3` entry per chart, marks from `AchievedStatus`. */
function countsOfSaveFile(save: { SongRecordsV3: { BeatmapID: string; BestScore: number; AchievedStatus: number[] }[] }) {
  const grades: Record<string, number> = {}
  for (const r of save.SongRecordsV3) grades[gradeOf(r.BestScore)] = (grades[gradeOf(r.BestScore)] ?? 0) + 1
  return {
    charts: new Set(save.SongRecordsV3.map((r) => r.BeatmapID)).size,
    grades,
    fullCombos: save.SongRecordsV3.filter((r) => r.AchievedStatus.includes(4)).length,
    allPerfects: save.SongRecordsV3.filter((r) => r.AchievedStatus.includes(5)).length
  }
}
const nonZero = (grades: Record<string, number>) => Object.fromEntries(Object.entries(grades).filter(([, n]) => n > 0))

describe('the same data gives the same counts', () => {
  for (const username of ['alice', 'night owl/夜猫']) {
    it(`${username}: card, backup summary and the save file agree; charts, not plays`, async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'one-truth-'))
      // Every play the service has for the player, kept as the demo keeps them (the service itself returns only 20 recent).
      await seedDemoHistory(service, dataDir)
      const t = testCore({ localBaseUrl: service.deployments.global.base_url, dataDir })
      await t.call('settings:update', { backupFolder: join(dataDir, 'backups') })
      const token = service.accounts.find((a) => a.username === username && a.deployment === 'global')!.user_token
      const { account } = await addUserToken(t.core.handlers, 'local', token)
      const data = await t.sync(account.id)
      const player = t.events.latest('sync:player', (p) => p.accountId === account.id)!
      const card = chartCounts(player.bests.map((b) => recordMarks(b.record)))

      const saved = await t.call('backups:run', account.id, { force: false })
      const summary = await t.call('backups:summary', saved.entryId!)
      // The backup is the service's file byte for byte (its SHA-256); read here with the test's own code.
      expect(saved.sha256).toBe((await service.controls.saveFile('global', username)).sha256)
      const truth = countsOfSaveFile(JSON.parse(await readSaveJson(saved.path!)))

      // The charts the service has plays on, touch and keyboard together.
      const charted = new Set(service.controls.plays('global', username).map((p) => p.chart_id)).size
      expect(saved.status).toBe('downloaded')
      expect(truth.charts).toBe(charted)
      expect(card.charts).toBe(charted)
      expect(nonZero(card.grades)).toEqual(truth.grades)
      expect(nonZero(summary.grades)).toEqual(truth.grades)
      expect(Object.values(card.grades).reduce((a, b) => a + b, 0)).toBe(card.charts)
      expect([card.fullCombos, summary.fullCombos]).toEqual([truth.fullCombos, truth.fullCombos])
      expect([card.allPerfects, summary.allPerfects]).toEqual([truth.allPerfects, truth.allPerfects])
      expect(summary.charts).toBe(truth.charts)

      // The card's Reality is the service's per mode; the save's counts both modes together: said, with nothing else.
      const gap = realityGap({
        rank: data.rank.data,
        rankAt: data.rank.panel.fetchedAt,
        save: { value: saveMetaOf(data.save.data!.meta).reality_value, updatedAt: data.save.data!.updated_at },
        bests: player.bests
      })
      if (username === 'alice') {
        expect(gap).toMatchObject({ reasons: ['modes'], newerBests: 0 })
        expect(gap!.together).toBeCloseTo(saveMetaOf(data.save.data!.meta).reality_value!, 3)
      }
      await t.core.dispose()
    })
  }
})

/** The save JSON inside the service's file: the file itself, or the `kv` row of the SQLite form. */
async function readSaveJson(path: string): Promise<string> {
  const bytes = await readFile(path)
  if (bytes[0] === 0x7b) return bytes.toString('utf8')
  const { loadSqlJs } = await import('../../src/main/platform-node/sqljs')
  const db = new (await loadSqlJs()).Database(bytes)
  try {
    const rows = db.exec("SELECT value FROM kv WHERE key IN ('PlayerFileV2', 'PlayerFile')")
    return String(rows[0]!.values[0]![0])
  } finally {
    db.close()
  }
}
