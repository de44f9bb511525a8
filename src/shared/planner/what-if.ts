import { ratable } from '../charts'
import { AppError } from '../errors'
import { chartValue, gradeOf, MAX_SCORE } from '../reality'
import { bestCountOf, realityOf, valueOfBest, type PlannerChart, type PlannerList } from './list'
import { REALITY_RULE, WhatIfScore, type WhatIf, type WhatIfChange } from './schema'

/** "SS": the grade's lowest score. */
const SS_SCORE = 950_000
const PLUS = 5_000

/** A chart among the best: its id and value. A tie at the edge of the best goes to the chart id first in order. */
interface Counted {
  id: string
  value: number
}
const ahead = (a: Counted, b: Counted) => a.value > b.value || (a.value === b.value && a.id < b.id)

/**
 * What-if (docs/planner.md): new scores on some charts (typed, or "my best + 5,000", "SS", "AP") and what Reality
 * becomes, with the charts that enter or leave the best 20. A score is a new play on today's game, rated by the app's
 * rule; a chart keeps its best when the new score is not higher (the game keeps the best). "AP" is 1,010,000 played
 * all-perfect. Any chart of the list can be tried, and a chart not yet played from `unplayed`.
 */
export function whatIf(list: PlannerList, scores: readonly WhatIfScore[]): WhatIf {
  const asked = scores.map((s) => {
    const parsed = WhatIfScore.safeParse(s)
    if (!parsed.success) throw AppError.of('invalid_input', `What-if: ${parsed.error.issues[0]?.message ?? 'a score is not valid'}.`)
    return parsed.data
  })
  const N = bestCountOf(list)
  const { best, charts } = bestAndAsked(list, N, new Set(asked.map((a) => a.chart_id)))
  const raised = new Map<string, { chart: PlannerChart; played: boolean; to: number; allPerfect: boolean }>()
  const skipped: string[] = []
  for (const a of asked) {
    const found = charts.get(a.chart_id)
    if (!found || found.chart.constant === null) {
      skipped.push(a.chart_id)
      continue
    }
    const next = scoreOf(found.chart, a)
    const now = raised.get(a.chart_id)
    if (next.to > found.chart.score && (!now || next.to > now.to)) raised.set(a.chart_id, { ...found, ...next })
  }
  const changes = [...raised.values()].map(({ chart, played, to, allPerfect }) => {
    const valueTo = ratable(chart.constant) ? chartValue({ constant: chart.constant, score: to, allPerfect }) : 0
    return { chart, to, valueFrom: played ? valueOfBest(chart) : null, valueTo }
  })
  // Values only rise, so a raised chart among the best stays there: the best after is among the best before and the raised.
  const after = [...best.filter((c) => !raised.has(c.id)), ...changes.map((c) => ({ id: c.chart.chart_id, value: c.valueTo }))]
    .sort((a, b) => (ahead(a, b) ? -1 : 1))
    .slice(0, N)
  const inBefore = new Set(best.map((c) => c.id))
  const inAfter = new Set(after.map((c) => c.id))
  return {
    mode: list.mode,
    rule: REALITY_RULE,
    from: realityOf(
      best.map((c) => c.value),
      N
    ),
    to: realityOf(
      after.map((c) => c.value),
      N
    ),
    entered: after.filter((c) => !inBefore.has(c.id)).map((c) => c.id),
    left: best.filter((c) => !inAfter.has(c.id)).map((c) => c.id),
    changes: changes.map(({ chart, to, valueFrom, valueTo }): WhatIfChange => ({
      chart_id: chart.chart_id,
      title: chart.title,
      difficulty: chart.difficulty,
      constant: chart.constant,
      from: chart.score,
      to,
      grade: gradeOf(to),
      valueFrom,
      valueTo,
      inBestBefore: inBefore.has(chart.chart_id),
      inBestAfter: inAfter.has(chart.chart_id)
    })),
    skipped
  }
}

/**
 * In one pass over the bests: the best `count` charts (a chart named twice counts once, at its higher value), and the
 * asked charts as the list holds them (the best with the higher value, then score; else a chart not yet played, at 0).
 */
function bestAndAsked(
  list: PlannerList,
  count: number,
  ids: ReadonlySet<string>
): { best: Counted[]; charts: Map<string, { chart: PlannerChart; played: boolean }> } {
  const best: Counted[] = []
  const charts = new Map<string, { chart: PlannerChart; played: boolean }>()
  const values = new Map<string, number>()
  for (const chart of list.bests) {
    const value = valueOfBest(chart)
    if (ids.has(chart.chart_id)) {
      const kept = charts.get(chart.chart_id)
      const keptValue = values.get(chart.chart_id) ?? -1
      if (!kept || (value ?? -1) > keptValue || ((value ?? -1) === keptValue && chart.score > kept.chart.score)) {
        charts.set(chart.chart_id, { chart, played: true })
        values.set(chart.chart_id, value ?? -1)
      }
    }
    if (value === null) continue
    const entry = { id: chart.chart_id, value }
    if (best.length >= count && !ahead(entry, best[best.length - 1]!)) continue
    const twice = best.findIndex((c) => c.id === entry.id)
    if (twice >= 0) {
      if (!ahead(entry, best[twice]!)) continue
      best.splice(twice, 1)
    }
    let at = best.length
    while (at > 0 && ahead(entry, best[at - 1]!)) at--
    best.splice(at, 0, entry)
    if (best.length > count) best.pop()
  }
  for (const chart of list.unplayed ?? []) {
    if (ids.has(chart.chart_id) && !charts.has(chart.chart_id))
      charts.set(chart.chart_id, { chart: { ...chart, score: 0, reality: null }, played: false })
  }
  return { best, charts }
}

function scoreOf(chart: PlannerChart, asked: WhatIfScore): { to: number; allPerfect: boolean } {
  switch (asked.preset) {
    case 'best+5000':
      return { to: Math.min(MAX_SCORE, chart.score + PLUS), allPerfect: chart.score + PLUS >= MAX_SCORE }
    case 'SS':
      return { to: SS_SCORE, allPerfect: false }
    case 'AP':
      return { to: MAX_SCORE, allPerfect: true }
    default:
      return { to: asked.score!, allPerfect: asked.score! >= MAX_SCORE }
  }
}
