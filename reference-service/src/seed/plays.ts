import { chartReality, gradeOf } from '../../../src/shared/reality'
import type { Chart } from './catalogue'
import type { Random } from './prng'

/** A score record with the fields observed on the live service. */
export interface PlayRecord {
  chart_id: string
  score: number
  score_accuracy: number
  reality: number
  grade: string
  score_exact_count: number
  score_perfect_count: number
  score_great_count: number
  score_good_count: number
  score_bad_count: number
  score_miss_count: number
  score_fracture_exact_count: number
  score_fracture_miss_count: number
  played_at: string
  game_version: string
  modifiers: string[]
}

const GAME_VERSIONS = ['4.0.3', '4.1.0', '4.1.2', '4.2.0']

/** RFC 3339 with fractional seconds, in UTC or with a fixed offset (both appear live). */
export function rfc3339(ms: number, offsetMinutes = 0): string {
  if (offsetMinutes === 0) return new Date(ms).toISOString()
  const local = new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, -1)
  const sign = offsetMinutes >= 0 ? '+' : '-'
  const abs = Math.abs(offsetMinutes)
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`
}

function judgements(random: Random, notes: number, quality: number) {
  const lost = Math.max(0, Math.round(notes * (1 - quality)))
  const miss = Math.round(lost * 0.3)
  const bad = Math.round(lost * 0.1)
  const good = Math.round(lost * 0.3)
  const great = lost - miss - bad - good
  const clean = notes - lost
  const exact = Math.round(clean * Math.min(1, quality ** 6 + random.next() * 0.05))
  return { exact, perfect: clean - exact, great, good, bad, miss }
}

export function makePlay(random: Random, chart: Chart, skill: number, playedAt: number, offsetMinutes: number, touch: boolean): PlayRecord {
  const gap = skill - chart.constant
  const quality = Math.min(1, Math.max(0.55, random.normal(0.955 + gap * 0.012, 0.03)))
  const j = judgements(random, chart.notes, quality)
  const weighted = j.exact + j.perfect + 0.6 * j.great + 0.2 * j.good
  const score = Math.min(1_010_000, Math.floor((1_000_000 * weighted) / chart.notes + (10_000 * j.exact) / chart.notes))
  const fracture = Math.round(chart.notes * 0.04)
  const fractureMiss = Math.min(fracture, Math.round(j.miss * 0.2))
  return {
    chart_id: chart.chart_id,
    score,
    score_accuracy: Math.round((weighted / chart.notes) * 10_000) / 10_000,
    reality: Math.round(chartReality(chart.constant, score) * 1000) / 1000,
    grade: gradeOf(score),
    score_exact_count: j.exact,
    score_perfect_count: j.perfect,
    score_great_count: j.great,
    score_good_count: j.good,
    score_bad_count: j.bad,
    score_miss_count: j.miss,
    score_fracture_exact_count: fracture - fractureMiss,
    score_fracture_miss_count: fractureMiss,
    played_at: rfc3339(playedAt, offsetMinutes),
    game_version: random.pick(GAME_VERSIONS),
    modifiers: touch ? ['TouchMode'] : []
  }
}

/** `count` plays spread over `days` days before `now`, oldest first. */
export function generatePlays(
  random: Random,
  charts: readonly Chart[],
  skill: number,
  count: number,
  days: number,
  now: number,
  offsetMinutes: number,
  touchShare: number
): PlayRecord[] {
  const suitable = charts.filter((c) => c.constant <= skill + 1.5 && c.constant >= skill - 7)
  const pool = suitable.length > 0 ? suitable : charts
  const times = Array.from({ length: count }, () => now - Math.floor(random.next() * days * 86_400_000)).sort((a, b) => a - b)
  return times.map((t) => makePlay(random, random.pick(pool), skill, t, offsetMinutes, random.next() < touchShare))
}
