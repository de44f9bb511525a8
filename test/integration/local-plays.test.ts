import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startReferenceService, type ReferenceService } from '../../reference-service/src/server'
import { ServiceHttp, staticCredentials } from '../../src/main/api/http'
import { ServiceClient } from '../../src/main/api/service-client'
import { AccountCache } from '../../src/main/cache/account-cache'
import { importPlays, ownerAmong } from '../../src/main/game-folder/import-plays'
import { readPlays } from '../../src/main/game-folder/plays'
import { runtimeSqlite } from '../../src/main/platform-node/sqlite'
import { nodeFiles } from '../../src/main/platform-node/files'
import { LocalDataHealth } from '../../src/main/storage/local-data'
import { AppError } from '../../src/shared/errors'
import { writeDataDb, type TestPlay } from '../support/game-saves'
import { historyOf } from '../support/plays-worker'

let service: ReferenceService
let work: string
beforeAll(async () => {
  service = await startReferenceService({ testControls: true })
  work = mkdtempSync(join(tmpdir(), 'local-plays-'))
})
afterAll(async () => {
  await service?.close()
  rmSync(work, { recursive: true, force: true })
})

function cacheIn(dir: string): AccountCache {
  mkdirSync(dir, { recursive: true })
  return new AccountCache(nodeFiles, dir, 'alice-account', new LocalDataHealth())
}

const tokenOf = (username: string) => service.accounts.find((a) => a.username === username && a.deployment === 'global')!.user_token
const client = () =>
  new ServiceClient(
    new ServiceHttp({ fetch, userAgent: 'test', language: () => 'en', sleep: async () => {} }),
    service.deployments.global.base_url
  )

/** A few thousand plays the test makes up: distinct chart, time and score each, spread over a year. */
function madeUpPlays(count: number): TestPlay[] {
  const start = Date.UTC(2025, 10, 1)
  return Array.from({ length: count }, (_, i) => ({
    chart_id: `c0ffee00-0000-4000-8000-${String(i % 40).padStart(12, '0')}`,
    score: 700_000 + ((i * 7919) % 300_000),
    played_at: new Date(start + i * 3 * 3_600_000 + 17_000).toISOString().replace('.000Z', 'Z')
  }))
}

describe('every play the game kept, into the account history', () => {
  it('a data.db of thousands of plays overlapping the service’s recent plays: each play kept once', async () => {
    const recent = (await client().recent(staticCredentials(tokenOf('alice')), 'alice')).data
    expect(recent.length).toBeGreaterThan(5)
    const cache = cacheIn(join(work, 'data'))
    await cache.remember(recent)

    // The game's own copies of the recent plays: its clock 0.9 s off the service's, another offset spelling; plus 3,000 older plays.
    const local = madeUpPlays(3_000)
    const overlap = recent.map((r) => ({
      chart_id: r.chart_id,
      score: r.score,
      played_at: new Date(Date.parse(r.played_at) + 900).toISOString().replace('Z', '+00:00')
    }))
    const file = join(work, 'data.db')
    writeDataDb(file, [...local, ...overlap], { username: 'alice', user_id: '10000001' })

    const read = await readPlays(readFileSync(file))
    expect(read.plays).toHaveLength(3_000 + overlap.length)
    expect(read.skipped).toBe(0)
    // The runtime's own SQLite reads the same plays as sql.js.
    const native = await readPlays(readFileSync(file), { open: runtimeSqlite()!.open!, files: nodeFiles, tempDir: work })
    expect(native).toEqual(read)
    expect(Date.parse(read.plays[0]!.record.played_at)).toBeGreaterThanOrEqual(Date.parse(read.plays.at(-1)!.record.played_at))
    const history = historyOf(cache)
    const account = { id: 'alice-account', uid: '10000001', username: 'alice' }
    expect(ownerAmong(read, [{ id: 'bob', uid: '10000002', username: 'bob' }, account])).toBe(account)

    const first = await importPlays(read, account, history)
    const independent = new Set([...local, ...recent].map((p) => `${p.chart_id}|${Date.parse(p.played_at)}|${p.score}`)).size
    expect(independent).toBe(3_000 + recent.length)
    expect(first).toEqual({ added: 3_000, alreadyKept: overlap.length, otherUsers: 0, untimed: 0, unreadable: 0, scoreTooHigh: 0 })
    expect((await cache.records()).records).toHaveLength(independent)

    const again = await importPlays(read, account, history)
    expect(again.added).toBe(0)
    expect((await cache.records()).records).toHaveLength(independent)
    const oldest = Math.min(...(await cache.records()).records.map((r) => Date.parse(r.played_at)))
    expect(oldest).toBe(Date.parse(local[0]!.played_at))
  })

  it('never mixes another player’s plays in silently', async () => {
    const file = join(work, 'bob.db')
    writeDataDb(file, madeUpPlays(50), { username: 'bob', user_id: '10000002' }, 'Score')
    const read = await readPlays(readFileSync(file))
    expect(read.userIds).toEqual(['10000002'])
    const cache = cacheIn(join(work, 'data2'))
    const history = historyOf(cache)
    const error = await importPlays(read, { id: 'alice-account', uid: '10000001', username: 'alice' }, history).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).message).toContain('bob')
    expect((await cache.records()).records).toHaveLength(0)
    const chosen = await importPlays(read, { id: 'alice-account', uid: '10000001', username: 'alice' }, history, { anyUser: true })
    expect(chosen.added).toBe(50)
  })
})
