import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { AccountCache } from '../../src/main/cache/account-cache'
import { nodeFiles } from '../../src/main/platform-node/files'
import { RecordService } from '../../src/main/record/record-service'
import { LocalDataHealth } from '../../src/main/storage/local-data'
import type { AccountRecord } from '../../src/main/accounts/account-registry'
import type { KeptRecord } from '../../src/shared/api'
import { DOOR_TIMEOUT_MS, fuzz, outcomeOf } from './fuzz'

/**
 * The doors of the player's marks (#55), as the window and the CLI reach them: a hide or show, a play's note and star,
 * a session's name and note, taking an import back, a history file read back. Hostile input (notes of megabytes,
 * control and reordering characters, ids that name nothing, values of any shape) gets a typed refusal and changes
 * nothing kept; what is accepted leaves a marks file that reads back the same.
 */
const root = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'fuzz-record-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

const ID = 'local:fuzz'
const PLAYS: KeptRecord[] = [0, 1, 2].map((i) => ({
  chart_id: `chart-${i}`,
  score: 900_000 + i,
  score_accuracy: 0.98,
  reality: 10,
  grade: 'S',
  played_at: `2025-01-0${i + 1}T10:00:00Z`,
  modifiers: []
}))

async function door() {
  const dir = mkdtempSync(join(root, 'case-'))
  const cache = new AccountCache(nodeFiles, dir, ID, new LocalDataHealth())
  await cache.remember(PLAYS)
  await cache.flush()
  const service = new RecordService({
    sync: {
      cache: () => cache,
      hide: (_id, plays, hidden, why) => cache.hide(plays, hidden, why),
      undoImport: (_id, importId) => cache.undoImport(importId),
      redoImport: (_id, importId) => cache.redoImport(importId),
      remember: (_id, records, origin) => cache.remember(records, origin),
      restoreMarks: (_id, marks) => cache.restoreMarks(marks)
    },
    accounts: { get: (id) => (id === ID ? ({ id: ID, uid: '10000001' } as AccountRecord) : undefined) },
    hasSession: async () => true,
    guard: (change) => change(),
    emit: () => {},
    now: () => Date.UTC(2025, 5, 1)
  })
  /** What is kept: the marks and every kept play. */
  const state = async () => JSON.stringify([cache.marks.file(), (await cache.records()).records])
  return { cache, service, state, dir }
}

/** Text a player could never mean: control characters, marks that reorder text, megabytes, lone surrogates. */
const hostileText = fc.oneof(
  fc.string({ maxLength: 30 }).map((s) => `${s}\u0000${s}`),
  fc.constantFrom('\u202e gnp.exe', 'a\u2066b', '\u001b[31mred', 'line\u0085break', '\ud800'),
  fc.integer({ min: 2_001, max: 3_000_000 }).map((n) => 'x'.repeat(n)),
  fc.anything()
)
const pointer = fc.oneof(
  fc.record({
    chart_id: fc.oneof(fc.constantFrom(...PLAYS.map((p) => p.chart_id)), fc.string({ maxLength: 300 })),
    played_at: fc.oneof(fc.constantFrom(...PLAYS.map((p) => p.played_at)), fc.string({ maxLength: 50 })),
    score: fc.oneof(fc.constant(undefined), fc.integer(), fc.double())
  }),
  fc.anything()
)

describe('the doors of the player’s marks, fed hostile input', () => {
  it(
    'a play’s note and star, hiding, a session’s name, an import id: each refused with a typed error, nothing changed',
    async () => {
      const { service, state } = await door()
      const kinds = fc.constantFrom('note', 'hide', 'session', 'undo', 'history' as const)
      await fuzz(
        [kinds, pointer, hostileText],
        async (kind, play, text) => {
          const before = await state()
          const outcome = await outcomeOf<unknown>(() => {
            if (kind === 'note') return service.setPlay(ID, play, { note: text, starred: typeof text === 'string' ? undefined : text })
            if (kind === 'hide') return service.hide(ID, [play], true, text)
            if (kind === 'session') return service.setSession(ID, '1735725600000', { name: text, note: text })
            if (kind === 'undo') return service.undoImport(ID, typeof text === 'string' ? text.slice(0, 100) : 'nothing')
            return service.importHistory(ID, typeof text === 'string' ? text : (JSON.stringify(text) ?? 'null'), 'history.json')
          })
          if (outcome !== 'read') expect(await state()).toBe(before)
        },
        { cases: 120 }
      )
    },
    DOOR_TIMEOUT_MS
  )

  it('a megabyte note, a note with a NUL, and a play that does not exist: refused, and the marks file unchanged on disk', async () => {
    const { service, state, cache } = await door()
    const before = await state()
    await expect(service.setPlay(ID, PLAYS[0], { note: 'x'.repeat(1_000_000) })).rejects.toMatchObject({ code: 'invalid_input' })
    await expect(service.setPlay(ID, PLAYS[0], { note: 'a\u0000b' })).rejects.toMatchObject({ code: 'invalid_input' })
    await expect(service.setPlay(ID, { ...PLAYS[0], chart_id: 'no-such-chart' }, { starred: true })).rejects.toMatchObject({
      code: 'not_found'
    })
    await expect(service.hide('local:someone-else', [PLAYS[0]], true)).rejects.toMatchObject({ code: 'not_found' })
    await expect(service.undoImport(ID, 'no-such-import')).rejects.toMatchObject({ code: 'not_found' })
    await cache.flush()
    expect(await state()).toBe(before)
  })
})
