// What to play next (#54): a Reality plan over 3,000 bests to a target 0.50 above today's, and a what-if on one chart;
// each against rating the same list once (the app's rule on every best, the best 20 summed), timed in the same run.
import type { PlannerChart, PlannerList } from '../../../src/shared/planner/list'
import { realityOf, shownHundredths, valueOfBest } from '../../../src/shared/planner/list'
import { planReality } from '../../../src/shared/planner/plan'
import { whatIf } from '../../../src/shared/planner/what-if'
import { medianTime, type Record } from '../report'

const BESTS = 3_000
const DIFFICULTIES = ['Drizzle', 'Sprinkle', 'Cloudburst', 'Clear'] as const

const round = (ms: number) => Math.round(ms * 1000) / 1000

/** Untimed runs before each figure (the JIT's): a plan takes tens of milliseconds. */
const WARM = 5

/** A repeatable stream of numbers in [0, 1). */
function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0
    return state / 2 ** 32
  }
}

/**
 * 3,000 bests of one input mode, as a player of level `skill` plays them: constants 1.0–13.9 (one decimal, the lists'
 * way), scores near the top on charts below the player's level and falling off above it (about 60,000 a level), with
 * scatter; some far lower (charts played once). A tenth all-perfect where the score allows, a tenth from before 4.0;
 * half carry the service's own Reality (to four decimals), the rest are rated from the constant.
 */
export function plannerList(seed = 54, count = BESTS, skill = 11.5): PlannerList {
  const next = random(seed)
  const bests = Array.from({ length: count }, (_, i): PlannerChart => {
    const constant = Math.round((1 + next() * 12.9) * 10) / 10
    const expected = 1_000_000 - Math.max(0, constant - skill + 1) * 60_000 - next() * 40_000
    const score = Math.max(0, Math.min(1_010_000, Math.round(next() < 0.1 ? 500_000 + next() * 400_000 : expected + next() * 15_000)))
    const allPerfect = score >= 1_000_000 && next() < 0.1
    const gameVersion = next() < 0.1 ? '3.2.0' : 'v4.4.2+--1da9fc23'
    const chart: PlannerChart = {
      chart_id: `chart-${i}`,
      title: `Song ${Math.floor(i / 4)}`,
      difficulty: DIFFICULTIES[i % 4]!,
      constant,
      score,
      allPerfect,
      gameVersion
    }
    const rated = valueOfBest(chart)!
    return next() < 0.5 ? { ...chart, reality: Math.round(rated * 10_000) / 10_000 } : chart
  })
  return { mode: 'touch', bests }
}

export function plannerBench(record: Record, log: (line: string) => void, runs: number): void {
  const list = plannerList()
  // The least any plan costs: the list rated once by the app's rule, its Reality as the game shows it.
  const rate = () =>
    shownHundredths(
      realityOf(
        list.bests.map((b) => valueOfBest(b) ?? 0),
        20
      )
    )
  const baseline = medianTime(rate, 41, WARM)
  const now = rate()
  const target = (now + 50) / 100
  log(`Planner: ${BESTS} bests, Reality ${(now / 100).toFixed(2)} as shown, target ${target.toFixed(2)}`)
  const plan = planReality(list, target)
  const after = plan.realityAfter.toFixed(4)
  log(`    ${plan.steps.length} steps, effort ${plan.effort.toFixed(4)}, Reality after ${after}, proven optimal: ${plan.optimal}`)
  const planned = medianTime(() => planReality(list, target), Math.max(runs, 15), WARM)
  record({
    name: 'plan-3000-bests',
    value: round(planned),
    unit: 'ms',
    baseline: round(baseline),
    baselineLabel: 'rating the 3,000 bests once (Reality as shown)',
    target: '≤ 200 ms',
    met: planned <= 200
  })
  for (const [label, other] of [
    ['a weaker player (level 8: more charts worth raising), +0.50', plannerList(7, BESTS, 8)],
    ['a stronger one (level 13), +0.50', plannerList(9, BESTS, 13)],
    ['a real-size list (400 bests), +0.50', plannerList(11, 400)]
  ] as const) {
    const from = shownHundredths(planReality(other, 0).from)
    const ms = medianTime(() => planReality(other, (from + 50) / 100), 9, 2)
    const p = planReality(other, (from + 50) / 100)
    log(`    for the record, ${label}: ${round(ms)} ms (${p.steps.length} steps, proven optimal: ${p.optimal})`)
  }

  // A chart among the best 20 with room for 5,000 more: Reality moves, and the best is re-ranked.
  const counted = new Set(plan.steps.map((s) => s.chart_id))
  const chart = list.bests
    .filter((b) => b.score < 1_000_000 && !counted.has(b.chart_id))
    .sort((a, b) => valueOfBest(b)! - valueOfBest(a)!)[0]!.chart_id
  const tried = whatIf(list, [{ chart_id: chart, preset: 'best+5000' }])
  const moved = `entered ${tried.entered.length}, left ${tried.left.length}`
  log(`    what-if on ${chart}: ${tried.from.toFixed(4)} → ${tried.to.toFixed(4)}, ${moved}`)
  const one = medianTime(() => whatIf(list, [{ chart_id: chart, preset: 'best+5000' }]), 41, WARM)
  record({
    name: 'whatif-1-chart',
    value: round(one),
    unit: 'ms',
    baseline: round(baseline),
    baselineLabel: 'rating the 3,000 bests once (Reality as shown)',
    target: '≤ 5 ms',
    met: one <= 5
  })
}
