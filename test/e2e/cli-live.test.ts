// The built CLI against the reference service answering as the live one does: an account with no
// cloud save, the daily limit on the file URL, rank lists that come late or hold a chart twice.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startReferenceService, type ReferenceService } from '../../reference-service/src/server'
import { runCli, type CliRun } from '../support/cli-run'
import { filesUnder } from '../support/files'

let service: ReferenceService
const tokenOf = (username: string) => service.accounts.find((a) => a.username === username && a.deployment === 'global')!.user_token

beforeAll(async () => {
  service = await startReferenceService({ testControls: true, dailyDownloadLimit: 100_000 })
})
afterEach(() => service.controls.resetFaults())
afterAll(async () => {
  await service?.close()
})

function cli(username: string, args: string[]): Promise<CliRun> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cli-live-data-'))
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, COMPANION_USER_TOKEN: tokenOf(username) }
  return runCli(['--base-url', service.deployments.global.base_url, '--data-dir', dataDir, ...args], env, 40_000)
}

const urlsIssued = () => service.controls.counters('global').downloadUrlsIssued
const rankRequests = () => service.controls.counters('global').requestsPerRoute['GET /global/api/v1/user/:username/rank'] ?? 0

describe('companion CLI and the live service as it really answers', () => {
  it('backup of an account with no cloud save: exit 1, no_cloud_save, how to upload, nothing written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-live-'))
    const before = urlsIssued()
    const r = await cli('newbie', ['backup', '--dir', dir, '--json'])
    expect(r.code).toBe(1)
    expect(r.json).toMatchObject({ error: { code: 'no_cloud_save', status: 400 } })
    expect(r.stderr).toMatch(/No cloud save yet: in Milthm, upload your save to the cloud/)
    expect(filesUnder(dir)).toEqual([])
    expect(urlsIssued()).toBe(before)
  })

  it('a 429 on the file URL: exit 1, quota_exceeded, said plainly, the one spent URL counted, no retry', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-live-'))
    service.controls.fileLimitNext('429')
    const before = urlsIssued()
    const r = await cli('alice', ['backup', '--dir', dir, '--json'])
    expect(r.code).toBe(1)
    expect(r.json).toEqual({
      error: {
        code: 'quota_exceeded',
        status: 429,
        message: "Today's cloud-save downloads are used up; the next backup can run tomorrow.",
        downloadsSpent: 1
      }
    })
    expect(urlsIssued() - before).toBe(1)
    expect(filesUnder(dir).filter((f) => f.endsWith('.json') || f.endsWith('.sqlite'))).toEqual([])
  })

  it('rank not ready twice, then ready: the lists, after three requests (exit 0)', async () => {
    const usual = (await cli('alice', ['rank', '--json'])).json as { touch_ranks: { chart_id: string }[] }
    service.controls.rankNotReady(2)
    const before = rankRequests()
    const r = await cli('alice', ['rank', '--json'])
    expect(r.code).toBe(0)
    expect(rankRequests() - before).toBe(3)
    expect(r.json).toMatchObject({ listsReady: true, touch_ranks: usual.touch_ranks })
  })

  it('rank never ready: the Reality values, lists not known (null, never empty), said, exit 1', async () => {
    service.controls.rankNotReady(10)
    const r = await cli('alice', ['rank'])
    expect(r.code).toBe(1)
    expect(r.stdout).toMatch(
      /^Touch Reality \d+\.\d{2}\nKeyboard Reality \d+\.\d{2}\nThe service has not finished the best-performance lists yet/
    )
    service.controls.rankNotReady(10)
    const json = await cli('alice', ['rank', '--json'])
    expect(json.json).toMatchObject({ listsReady: false, touch_ranks: null, keyboard_ranks: null, touch_reality: expect.any(Number) })
  }, 40_000)

  it('rank with a chart listed twice: shown once, with its best score', async () => {
    const usual = (await cli('alice', ['rank', '--json'])).json as { touch_ranks: { chart_id: string; score: number }[] }
    service.controls.duplicateRankEntries()
    const r = (await cli('alice', ['rank', '--json'])).json as typeof usual
    expect(r.touch_ranks.map((x) => [x.chart_id, x.score])).toEqual(usual.touch_ranks.map((x) => [x.chart_id, x.score]))
  })
})
