import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { AccountCache } from '../../../src/main/cache/account-cache'
import { nodeFiles } from '../../../src/main/platform-node/files'
import { LocalDataHealth } from '../../../src/main/storage/local-data'
import { playKey } from '../../../src/shared/record-keys'

/**
 * The player's record and marks across an upgrade (#55): the files as version 0.1.0 wrote them (data-0.1.0/), opened by
 * this version. The hidden play stays hidden, the note and star stay on their play, the session keeps its name, and the
 * bests are worked out again from the plays.
 */
const FIXTURE = join(__dirname, 'data-0.1.0')
const ACCOUNT = 'local-alice-10000001'

describe('an upgrade keeps the record and its marks', () => {
  let dir = ''
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('reads 0.1.0’s files: the same marks on the same plays, the hidden play in no best', async () => {
    dir = mkdtempSync(join(tmpdir(), 'upgrade-'))
    cpSync(FIXTURE, dir, { recursive: true })
    const health = new LocalDataHealth()
    const cache = new AccountCache(nodeFiles, dir, ACCOUNT, health)

    const plays = readFileSync(join(FIXTURE, `records-${ACCOUNT}.jsonl`), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as never)
    const [hiddenPlay, noted] = plays as { chart_id: string; played_at: string; score: number }[]
    const state = cache.marks.state(ACCOUNT, 1)
    // The keys the app finds a play's marks by, for the plays as 0.1.0 kept them.
    expect(state.hidden[playKey(hiddenPlay!)]).toEqual({ at: '2026-11-02T10:00:00.000Z', why: 'a friend played' })
    expect(state.plays[playKey(noted!)]).toMatchObject({ note: 'tournament set\nround 2', starred: true })
    expect(state.sessions['1793563200000']).toEqual({ name: 'tournament practice', note: null, starred: true })

    // The bests by hand from the three plays: chart-a in touch without its hidden 991,234; chart-b in keyboard.
    const stats = await cache.player(ACCOUNT)
    const bests = Object.fromEntries(stats.bests.map((b) => [`${b.record.chart_id}|${b.mode}`, [b.record.score, b.plays]]))
    expect(bests).toEqual({ 'chart-a|touch': [951_234, 1], 'chart-b|keyboard': [930_000, 1] })
    // Nothing the player made was set aside as unreadable.
    expect(health.notices()).toEqual([])
    await cache.flush()
  })
})
