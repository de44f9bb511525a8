import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { RestoreStep } from '../../src/shared/restore'
import { allRows, inspect, writeDataDb, writeSavesDb } from '../support/game-saves'
import { libraryOf, request, restoreFixture, sha256Of } from '../support/restore'

const work = mkdtempSync(join(tmpdir(), 'restore-kill-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

const chart = (n: number) => `c0ffee00-0000-4000-8000-${String(n).padStart(12, '0')}`

/** A restore in a child process, killed (SIGKILL) as `step` starts; resolves once the child is gone. */
function killedAt(dir: string, backupId: string, game: string, step: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/restore-child.ts', dir, backupId, game], {
      // The put-back runs only after a failure past the rename: the read-back fails there.
      env: { ...process.env, RESTORE_PAUSE_AT: step, RESTORE_FAIL_READ_BACK: step === 'putting-back' ? '1' : '' },
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let out = ''
    let err = ''
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000)
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString()
      if (out.includes(`paused ${step}\n`)) child.kill('SIGKILL')
    })
    child.stderr.on('data', (d: Buffer) => (err += d.toString()))
    child.on('error', reject)
    child.on('close', () => {
      clearTimeout(timer)
      if (!out.includes(`paused ${step}`)) reject(new Error(`the child never reached ${step}: ${out}${err}`))
      else resolve(out)
    })
  })
}

describe('a restore killed at any step', () => {
  const steps = RestoreStep.options
  for (const step of steps) {
    it(`at "${step}": saves.db and data.db are each the old or the new file, whole; the snapshot is in the library`, async () => {
      const dir = join(work, step)
      const game = join(dir, 'home', '.config', 'unity3d', 'Morizero', 'Milthm', 'data')
      const fixture = restoreFixture(dir, { platform: 'linux', home: join(dir, 'home'), env: {} })
      writeSavesDb(join(game, 'saves.db'), { charts: [{ id: chart(1), score: 1_000_000 }], lastSaveTime: '2026-11-01T10:00:00' })
      writeDataDb(join(game, 'data.db'), [{ chart_id: chart(1), score: 1_000_000, played_at: '2026-11-01T09:00:00Z' }])
      const version = await fixture.local.backup(game)
      const restored = { save: sha256Of(version.path!), data: sha256Of(join(version.folder, version.parts[0]!.file)) }
      rmSync(join(game, 'saves.db'))
      rmSync(join(game, 'data.db'))
      writeSavesDb(join(game, 'saves.db'), { charts: [{ id: chart(2), score: 990_000 }], lastSaveTime: '2026-11-20T10:00:00' })
      writeDataDb(join(game, 'data.db'), [{ chart_id: chart(2), score: 990_000, played_at: '2026-11-20T09:00:00Z' }])
      const old = { save: sha256Of(join(game, 'saves.db')), data: sha256Of(join(game, 'data.db')), rows: allRows(join(game, 'saves.db')) }

      await killedAt(dir, version.entryId!, game, step)

      const now = { save: sha256Of(join(game, 'saves.db')), data: sha256Of(join(game, 'data.db')) }
      expect([old.save, restored.save]).toContain(now.save)
      expect([old.data, restored.data]).toContain(now.data)
      expect(inspect(join(game, 'saves.db')).integrity).toBe('ok')
      const snapshots = (await libraryOf(fixture.root).entries('this-computer-10000001')).filter((e) => e.pinned)
      const snapshotTaken = steps.indexOf(step) > steps.indexOf('snapshot')
      expect(snapshots.length).toBe(snapshotTaken ? 1 : 0)
      if (snapshotTaken) expect(allRows(snapshots[0]!.path!)).toEqual(old.rows)
      // Past the rename the new save is in place (also when a failed read-back is about to put the old one back); before it, the old one.
      expect(now.save).toBe(steps.indexOf(step) > steps.indexOf('replacing') ? restored.save : old.save)

      // The next restore finishes: the dead run's lock and temp files are tidied, and only the game's files remain.
      const again = await fixture.restore.apply(
        await fixture.restore.plan(request(version.entryId!, { gameFolder: game, withPlays: true, allowDowngrade: true }))
      )
      expect(again.status).toBe('restored')
      expect(sha256Of(join(game, 'saves.db'))).toBe(restored.save)
      expect(readdirSync(game).sort()).toEqual(['data.db', 'saves.db'])
    }, 120_000)
  }
})
