import { appendFileSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startReferenceService, type ReferenceService } from '../../reference-service/src/server'
import { nodeCipher } from '../../src/main/platform-node/node-cipher'
import type { SecretCipher } from '../../src/main/ports'
import { addUserToken, testCore } from '../support/core'

let service: ReferenceService
const base = () => service.deployments.global.base_url

beforeAll(async () => {
  service = await startReferenceService({ testControls: true })
})
afterAll(async () => {
  await service?.close()
})

const tuning = { sleep: async () => {}, timeoutMs: 2_000, retryAfterMs: null }

/** An account signed in and synced, its files written, the app stopped. */
async function preparedDataDir(cipher: SecretCipher) {
  const t = testCore({ localBaseUrl: base(), cipher, tuning, options: { chartList: { url: service.chartList.url } } })
  const { account } = await addUserToken(
    t.core.handlers,
    'local',
    service.accounts.find((a) => a.username === 'alice' && a.deployment === 'global')!.user_token
  )
  await t.call('sync:run', account.id, {})
  await t.call('chartList:update')
  await expect.poll(() => t.events.latest('chartList:changed')?.count ?? 0).toBeGreaterThan(0)
  const kept = (await t.call('sync:history', account.id)).records.length
  await t.core.dispose()
  return { dataDir: t.dataDir, id: account.id, safe: account.id.replace(/[^A-Za-z0-9_-]/g, '_'), kept }
}

const DAMAGE = {
  truncated: (text: string) => text.slice(0, Math.floor(text.length / 2)),
  garbage: () => '\u0000\u0001 not json at all {{{',
  null: () => 'null',
  'wrong shape': (_: string, file: string) =>
    file.startsWith('history')
      ? '{"schemaVersion":1,"charts":"x"}'
      : file.startsWith('cache')
        ? '{"doc":{"schemaVersion":1,"profile":5}}'
        : '["an array, not an object"]'
} as const

const FILES = ['app.json', 'secrets.json', 'catalogue.json', 'chart-list.json', 'cache-{id}.json', 'history-{id}.json']

describe('damaged or missing local files never stop the app', () => {
  for (const pattern of FILES) {
    for (const [kind, damage] of Object.entries(DAMAGE)) {
      it(`${pattern}: ${kind} — moved aside, said once, the app starts with what it can read`, async () => {
        const cipher = nodeCipher()
        const prepared = await preparedDataDir(cipher)
        const file = pattern.replace('{id}', prepared.safe)
        const path = join(prepared.dataDir, file)
        const damaged = damage(readFileSync(path, 'utf8'), file)
        writeFileSync(path, damaged)
        const t = testCore({ localBaseUrl: base(), cipher, dataDir: prepared.dataDir, tuning })
        const accounts = await t.accounts()
        const notices = t.events.latest('app:notices') ?? []
        expect(notices).toEqual([
          expect.objectContaining({
            file,
            problem: 'damaged',
            movedTo: expect.stringMatching(new RegExp(`^${file.replace(/[.]/g, '\\.')}\\.corrupt-`))
          })
        ])
        // Nothing is lost: the damaged content is kept beside the original name.
        expect(readFileSync(join(prepared.dataDir, notices[0]!.movedTo!), 'utf8')).toBe(damaged)
        // The app works on: an account it could read syncs and shows its data.
        if (accounts.accounts.length) {
          const data = await t.sync(prepared.id)
          expect(data.profile.data?.username).toBe('alice')
        }
        await t.core.dispose()
      })
    }
    it(`${pattern}: deleted — the app starts without it, no alarm`, async () => {
      const cipher = nodeCipher()
      const prepared = await preparedDataDir(cipher)
      rmSync(join(prepared.dataDir, pattern.replace('{id}', prepared.safe)))
      const t = testCore({ localBaseUrl: base(), cipher, dataDir: prepared.dataDir, tuning })
      await t.accounts()
      expect(t.events.latest('app:notices')).toEqual([])
      await t.core.dispose()
    })
  }

  it('a settings file the app cannot read is never written over (it stays as it is)', async () => {
    if (process.getuid?.() === 0) return // root reads anything: the permission case needs an ordinary user
    const cipher = nodeCipher()
    const prepared = await preparedDataDir(cipher)
    const path = join(prepared.dataDir, 'app.json')
    const before = readFileSync(path, 'utf8')
    const { chmodSync } = await import('node:fs')
    chmodSync(path, 0o000)
    try {
      const t = testCore({ localBaseUrl: base(), cipher, dataDir: prepared.dataDir, tuning })
      await t.call('settings:update', { theme: 'dark' })
      expect(t.events.latest('app:notices')).toMatchObject([{ file: 'app.json', problem: 'unreadable' }])
    } finally {
      chmodSync(path, 0o600)
    }
    expect(readFileSync(path, 'utf8')).toBe(before)
  })

  it('kept plays that could not be read are never replaced by the next sync', async () => {
    const cipher = nodeCipher()
    const prepared = await preparedDataDir(cipher)
    const log = join(prepared.dataDir, `records-${prepared.safe}.jsonl`)
    const lines = readFileSync(log, 'utf8').trimEnd().split('\n')
    expect(lines.length).toBe(prepared.kept)
    // Two lines damaged in the middle, a torn line at the end (a crash mid-append).
    lines[3] = 'garbage'
    lines[7] = '{"chart_id":'
    writeFileSync(log, `${lines.join('\n')}\n{"chart_id":"torn`)
    const damagedCopy = readFileSync(log, 'utf8')
    const t = testCore({ localBaseUrl: base(), cipher, dataDir: prepared.dataDir, tuning })
    const played = service.controls.addPlays('global', 'alice', 5)
    await t.sync(prepared.id)
    const history = await t.call('sync:history', prepared.id)
    // Independent truth: the lines still readable in the damaged file, and the plays the service just made.
    const keyOf = (r: { chart_id: string; played_at: string; score: number }) => `${r.chart_id}|${Date.parse(r.played_at)}|${r.score}`
    const shown = new Set(history.records.map(keyOf))
    const readable = lines
      .filter((_, i) => i !== 3 && i !== 7)
      .map((line) => JSON.parse(line) as { chart_id: string; played_at: string; score: number })
    for (const r of readable) expect(shown.has(keyOf(r))).toBe(true)
    for (const p of played) expect(shown.has(keyOf(p))).toBe(true)
    expect(history.unreadable).toBe(3)
    expect(t.events.latest('app:notices')).toEqual([
      expect.objectContaining({ file: `records-${prepared.safe}.jsonl`, problem: 'lines_unreadable', count: 3 })
    ])
    // What was there is still there, byte for byte; the sync only added after it.
    expect(readFileSync(log, 'utf8').startsWith(damagedCopy)).toBe(true)
    await t.core.dispose()
  })

  it('plays kept by earlier builds (one JSON file) move into the log once, and a damaged one is kept aside', async () => {
    const cipher = nodeCipher()
    const prepared = await preparedDataDir(cipher)
    const legacy = join(prepared.dataDir, `records-${prepared.safe}.json`)
    const old = (await import('../../src/shared/api')).ScoreRecord
    const record = old.parse({
      chart_id: 'legacy-chart',
      score: 900_000,
      score_accuracy: 0.9,
      reality: 10,
      grade: 'S',
      played_at: '2020-01-01T00:00:00Z',
      modifiers: []
    })
    writeFileSync(legacy, JSON.stringify({ schemaVersion: 1, records: [record] }))
    const t = testCore({ localBaseUrl: base(), cipher, dataDir: prepared.dataDir, tuning })
    await t.sync(prepared.id)
    const history = await t.call('sync:history', prepared.id)
    expect(history.records.some((r) => r.chart_id === 'legacy-chart')).toBe(true)
    expect(existsSync(legacy)).toBe(false)
    expect(existsSync(`${legacy}.imported`)).toBe(true)
    await t.core.dispose()
    appendFileSync(join(prepared.dataDir, `records-${prepared.safe}.idx`), 'xyz')
    const again = testCore({ localBaseUrl: base(), cipher, dataDir: prepared.dataDir, tuning })
    expect((await again.call('sync:history', prepared.id)).records.length).toBe(history.records.length)
    await again.core.dispose()
  })

  it.skipIf(process.platform === 'win32')("the data folder is this user's only: folder 0700, files 0600", async () => {
    const prepared = await preparedDataDir(nodeCipher())
    expect(statSync(prepared.dataDir).mode & 0o777).toBe(0o700)
    for (const name of readdirSync(prepared.dataDir)) {
      const stats = statSync(join(prepared.dataDir, name))
      if (stats.isFile()) expect(stats.mode & 0o077, name).toBe(0)
    }
  })
})
