import { describe, expect, it } from 'vitest'
import { ServiceHttp } from '../../../src/main/api/http'
import { RankResponse, RecentData, ScoreRecord } from '../../../src/shared/api'
import { isTouchPlay, saveMetaOf } from '../../../src/shared/records'
import { AppError } from '../../../src/shared/errors'

/**
 * Many backends write an absent list or optional value as JSON `null` (Go's nil slices, nullable
 * columns). The spec shows neither form, so a record with `null` where a value is optional must read
 * like one where it is absent, not be thrown away.
 */
const base = {
  chart_id: '5a1c0e1e-4f0b-4a57-9c1e-3d2b7f2a9a10',
  score: 987_654,
  score_accuracy: 0.9812,
  reality: 14.2765,
  grade: 'SS',
  played_at: '2026-11-20T12:34:56+08:00'
}

const nulls = {
  score_exact_count: null,
  score_perfect_count: null,
  score_great_count: null,
  score_good_count: null,
  score_bad_count: null,
  score_miss_count: null,
  score_fracture_exact_count: null,
  score_fracture_miss_count: null,
  game_version: null,
  modifiers: null
}

describe('records and lists with null where the value is optional', () => {
  it('a record whose optional fields are all null reads like one where they are absent', () => {
    const parsed = ScoreRecord.parse({ ...base, ...nulls })
    expect(parsed).toEqual(ScoreRecord.parse(base))
    expect(parsed.modifiers).toEqual([])
    expect(parsed.score_miss_count).toBeUndefined()
    expect(parsed.game_version).toBeUndefined()
  })

  it('a record with no grade (or a null one) gets the grade its score earns', () => {
    // 987,654 is at least 950,000 and under 1,000,000: SS in the published grade table.
    expect(ScoreRecord.parse({ ...base, grade: null }).grade).toBe('SS')
    const { grade: _grade, ...noGrade } = base
    expect(ScoreRecord.parse({ ...noGrade, score: 1_010_000 }).grade).toBe('R')
    expect(ScoreRecord.parse({ ...noGrade, score: 849_999 }).grade).toBe('A')
  })

  it('null where a value is required still rejects the record', () => {
    for (const key of ['chart_id', 'score', 'score_accuracy', 'reality', 'played_at'] as const) {
      expect(ScoreRecord.safeParse({ ...base, [key]: null }).success, key).toBe(false)
    }
  })

  it('recent plays: a null list is an empty list; a bare list (not wrapped in data.data) is read', () => {
    expect(RecentData.parse({ data: null })).toEqual({ data: [], skipped: 0 })
    expect(RecentData.parse(null)).toEqual({ data: [], skipped: 0 })
    expect(RecentData.parse([base, { chart_id: 'x' }])).toEqual({ data: [ScoreRecord.parse(base)], skipped: 1 })
    const withNulls = RecentData.parse({ data: [{ ...base, ...nulls }] })
    expect(withNulls.skipped).toBe(0)
    expect(withNulls.data).toHaveLength(1)
  })

  it('rank: null lists are empty and a null Reality is 0 (no plays in that mode), the other mode still reads', () => {
    const rank = RankResponse.parse({
      touch_reality: null,
      keyboard_reality: 12.5,
      touch_ranks: null,
      keyboard_ranks: [{ ...base, ...nulls }]
    })
    expect(rank.touch_reality).toBe(0)
    expect(rank.touch_ranks).toEqual([])
    expect(rank.keyboard_reality).toBe(12.5)
    expect(rank.keyboard_ranks).toHaveLength(1)
    expect(rank.skipped).toBe(0)
  })

  it('a Reality that is not a number at all still fails the answer (not silently 0)', () => {
    expect(RankResponse.safeParse({ touch_reality: 'high', keyboard_reality: 1, touch_ranks: [], keyboard_ranks: [] }).success).toBe(false)
  })
})

describe('other shapes a backend may write (Go omitempty, decimal columns, text lists)', () => {
  it('rank: a mode left out altogether reads as no plays in that mode; the other mode still reads', () => {
    const rank = RankResponse.parse({ keyboard_reality: 12.5, keyboard_ranks: [base] })
    expect(rank).toMatchObject({ touch_reality: 0, touch_ranks: [], keyboard_reality: 12.5, skipped: 0 })
    expect(rank.keyboard_ranks.map((r) => r.chart_id)).toEqual([base.chart_id])
  })

  it('rank: an empty answer is no plays, but an answer with none of its keys is another shape and fails', () => {
    expect(RankResponse.parse({})).toEqual({
      touch_reality: 0,
      keyboard_reality: 0,
      touch_ranks: [],
      keyboard_ranks: [],
      skipped: 0,
      listsReady: true
    })
    expect(RankResponse.safeParse({ reality: 14.1, bests: [base] }).success).toBe(false)
  })

  it('numbers written as decimal strings read as those numbers; other text still fails', () => {
    const record = ScoreRecord.parse({ ...base, score: '987654', score_accuracy: '0.9812', reality: '14.2765', score_miss_count: '0' })
    expect(record).toEqual(ScoreRecord.parse({ ...base, score_miss_count: 0 }))
    expect(RankResponse.parse({ touch_reality: '13.8057', touch_ranks: [] }).touch_reality).toBe(13.8057)
    expect(ScoreRecord.safeParse({ ...base, score: '987,654' }).success).toBe(false)
  })

  it('every judgement count written as a decimal string reads as that number', () => {
    const counts = {
      score_exact_count: 3,
      score_perfect_count: 5,
      score_great_count: 7,
      score_good_count: 11,
      score_bad_count: 13,
      score_miss_count: 17,
      score_fracture_exact_count: 19,
      score_fracture_miss_count: 23
    }
    const asText = Object.fromEntries(Object.entries(counts).map(([key, n]) => [key, String(n)]))
    expect(ScoreRecord.parse({ ...base, ...asText })).toEqual(ScoreRecord.parse({ ...base, ...counts }))
  })

  it('modifiers written as text are a list', () => {
    for (const modifiers of ['TouchMode', 'Mirror, TouchMode', '["Mirror","TouchMode"]']) {
      const record = ScoreRecord.parse({ ...base, modifiers })
      expect(isTouchPlay(record), modifiers).toBe(true)
      expect(record.modifiers.length, modifiers).toBe(modifiers.includes('Mirror') ? 2 : 1)
    }
  })

  it('a grade in another case is that grade; one outside the table is the grade the score earns', () => {
    expect(ScoreRecord.parse({ ...base, grade: 'ss' }).grade).toBe('SS')
    expect(ScoreRecord.parse({ ...base, grade: ' m ' }).grade).toBe('M')
    // 987,654: at least 950,000 and under 1,000,000, SS in the published table.
    expect(ScoreRecord.parse({ ...base, grade: 'EX' }).grade).toBe('SS')
  })

  it("save/info's meta: numbers as text are numbers, and a value of another kind is absent, never shown as NaN", () => {
    expect(saveMetaOf({ reality_value: '13.8057', ap_count: 12, date: '2026-11-20' })).toEqual({
      reality_value: 13.8057,
      ap_count: 12,
      fc_count: undefined,
      date: '2026-11-20'
    })
    expect(saveMetaOf({ reality_value: { v: 1 }, fc_count: 'many', date: 7 })).toEqual({
      reality_value: undefined,
      ap_count: undefined,
      fc_count: undefined,
      date: undefined
    })
    expect(saveMetaOf(undefined).reality_value).toBeUndefined()
  })

  it('recent plays: the one list under another name, or an empty answer; two lists are another shape and fail', () => {
    expect(RecentData.parse({ list: [base], total: 1 }).data.map((r) => r.chart_id)).toEqual([base.chart_id])
    expect(RecentData.parse({})).toEqual({ data: [], skipped: 0 })
    expect(RecentData.safeParse({ touch: [base], keyboard: [base] }).success).toBe(false)
  })
})

describe('the envelope', () => {
  const http = (body: unknown) =>
    new ServiceHttp({
      fetch: async () => new Response(JSON.stringify(body), { status: 200 }),
      userAgent: 'test',
      language: () => 'en',
      retries: 0,
      sleep: async () => {}
    })

  it('a null or absent message does not fail an answer whose code is OK', async () => {
    for (const envelope of [{ code: 'OK', message: null }, { code: 'OK' }]) {
      const recent = await http({ ...envelope, data: { data: [base] } }).request('http://127.0.0.1:1', {
        method: 'GET',
        path: '/x',
        schema: RecentData
      })
      expect(recent.data.map((r) => r.chart_id)).toEqual([base.chart_id])
    }
  })

  it('an error code with a null message is still that error', async () => {
    const error = await http({ code: 'TokenExpireError', message: null })
      .request('http://127.0.0.1:1', { method: 'GET', path: '/x', schema: RecentData })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).data.serviceCode).toBe('TokenExpireError')
  })
})
