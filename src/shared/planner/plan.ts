import { AppError } from '../errors'
import { ratable } from '../charts'
import { gradeOf } from '../reality'
import { curveOf, effortAt, FLAT_FROM, playValue, STEP_WEIGHT, valueAt, type Curve } from './curve'
import { bestCountOf, chartsOf, levelOf, realityOf, shownHundredths, valueOfBest, type PlannerChart, type PlannerList } from './list'
import { PlanOptions, PlanTarget, REALITY_RULE, type Plan, type PlanStep } from './schema'
import { searchPlan } from './search'

/**
 * The Reality planner (docs/planner.md): which charts to raise, and to which score, so that Reality as the game shows
 * it reaches `target`, at the least effort; with the options, the charts it may raise. Pure: the caller gives the list.
 */
export function planReality(list: PlannerList, target: number, options: PlanOptions = {}): Plan {
  const asked = PlanTarget.safeParse(target)
  const opts = PlanOptions.safeParse(options)
  if (!asked.success) throw AppError.of('invalid_input', 'The target Reality must be a number from 0 to 100.')
  if (!opts.success) throw AppError.of('invalid_input', `Planner options: ${opts.error.issues[0]?.message ?? 'not valid'}.`)
  const N = bestCountOf(list)
  const board = boardOf(list, N, opts.data)
  const targetH = Math.ceil(asked.data * 100 - 1e-7)
  const most = highest(board)
  const reachable = shownHundredths(most.reality) >= targetH
  const goal = reachable ? targetH : shownHundredths(most.reality)
  const found =
    shownHundredths(board.reality) >= goal ? { raises: new Map<number, number>(), lowerBound: 0 } : cheapest(board, goal, most.raises)
  const raises = withoutSpareSteps(board, found.raises, goal)
  const steps = [...raises]
    .map(([i, score]) => stepOf(board, i, score))
    .sort((a, b) => a.effort - b.effort || (a.chart_id < b.chart_id ? -1 : 1))
  const effort = steps.reduce((sum, s) => sum + s.effort, 0)
  // The search's bound is on effort plus STEP_WEIGHT a chart: at most `bestCount` charts are ever worth raising.
  const leastEffort = Math.min(effort, Math.max(0, found.lowerBound - STEP_WEIGHT * N))
  return {
    mode: list.mode,
    rule: REALITY_RULE,
    from: board.reality,
    target: targetH / 100,
    reachable,
    best: most.reality,
    realityAfter: realityWith(board, raises),
    steps,
    effort,
    optimal: leastEffort >= effort - 1e-9,
    leastEffort,
    bestCount: N
  }
}

/** The list as the planner works on it: the charts that count (a value known), their values, and what each may become. */
interface Board {
  charts: PlannerChart[]
  values: number[]
  /** Chart indices by value, highest first. */
  order: number[]
  /**
   * Null: the chart keeps its value (the options, no constant, nothing left to gain, or `bestCount` other charts
   * already worth at least its most: it could only ever take one of their places).
   */
  curves: (Curve | null)[]
  bestCount: number
  maxCharts: number
  reality: number
}

function boardOf(list: PlannerList, bestCount: number, options: PlanOptions): Board {
  const level = playerLevel(list, bestCount)
  const unplayedAllowed = (c: PlannerChart) =>
    !options.playedOnly && options.includeUnplayedAtLevel === true && level !== null && ratable(c.constant) && levelOf(c.constant) <= level
  const rows = chartsOf(list, unplayedAllowed).flatMap(({ chart }) => {
    const value = valueOfBest(chart)
    return value === null ? [] : [{ chart, value }]
  })
  const raisable = (c: PlannerChart) =>
    ratable(c.constant) && (options.maxLevel === null || options.maxLevel === undefined || levelOf(c.constant) <= options.maxLevel)
  const values = rows.map((r) => r.value)
  const order = values.map((_, i) => i).sort((a, b) => values[b]! - values[a]! || a - b)
  const rank = new Int32Array(values.length)
  order.forEach((i, r) => (rank[i] = r))
  /** The value this chart must beat to count: the `bestCount`-th of the others. */
  const toBeat = (i: number) => values[order[rank[i]! < bestCount ? bestCount : bestCount - 1] ?? -1] ?? 0
  const curves = rows.map(({ chart, value }, i) => {
    if (!raisable(chart) || !(playValue(chart.constant!, chart.score < FLAT_FROM ? FLAT_FROM : chart.score + 1) > toBeat(i))) return null
    return curveOf(chart.constant, chart.score, value)
  })
  return {
    charts: rows.map((r) => r.chart),
    values,
    order,
    curves,
    bestCount,
    maxCharts: options.maxCharts ?? Infinity,
    reality: realityOf(values, bestCount)
  }
}

/** The player's level: the highest level among today's best charts with a known constant; null with none. */
function playerLevel(list: PlannerList, bestCount: number): number | null {
  const rated = chartsOf(list, () => false)
    .map(({ chart }) => ({ constant: chart.constant, value: valueOfBest(chart) }))
    .filter((r): r is { constant: number; value: number } => ratable(r.constant) && r.value !== null)
    .sort((a, b) => b.value - a.value)
    .slice(0, bestCount)
  return rated.length ? Math.max(...rated.map((r) => levelOf(r.constant))) : null
}

/** Reality with the raises: the best of the charts left as they are (enough of them) and the raised ones, as the app sums them. */
function realityWith(board: Board, raises: ReadonlyMap<number, number>): number {
  const counted: number[] = []
  for (const i of board.order) {
    if (counted.length >= board.bestCount) break
    if (!raises.has(i)) counted.push(board.values[i]!)
  }
  for (const [i, score] of raises) counted.push(valueAt(board.curves[i]!, score))
  return realityOf(counted, board.bestCount)
}

const reaches = (board: Board, raises: ReadonlyMap<number, number>, goal: number) => shownHundredths(realityWith(board, raises)) >= goal

/**
 * The cheapest plan to `goal` (hundredths as shown). The search's bounds work on sums a hair permissive; every plan it
 * keeps is judged by the app's own computation. `fallback` (every chart of the highest Reality at its most) reaches the
 * goal when the goal is that highest value and the search gives up.
 */
function cheapest(board: Board, goal: number, fallback: ReadonlyMap<number, number>): { raises: Map<number, number>; lowerBound: number } {
  // The charts that can be raised, and enough of the others to make up the best (no other chart can count).
  const items = [
    ...board.order.filter((i) => board.curves[i]),
    ...board.order.filter((i) => !board.curves[i]).slice(0, board.bestCount + 1)
  ]
  const charts = items.map((i) => ({ curve: board.curves[i] ?? null, value: board.values[i]! }))
  const found = searchPlan({
    charts,
    bestCount: board.bestCount,
    needed: (goal / 100) * board.bestCount - 1e-9,
    reaches: (values) => shownHundredths(realityOf(values, board.bestCount)) >= goal,
    maxCharts: board.maxCharts
  })
  const raises = new Map([...(found?.raises ?? [])].map(([k, score]) => [items[k]!, score]))
  return found && reaches(board, raises, goal)
    ? { raises, lowerBound: found.optimal ? Infinity : found.lowerBound }
    : { raises: new Map(fallback), lowerBound: found?.lowerBound ?? 0 }
}

/** No step is unnecessary: a step whose removal still reaches the goal goes (the dearest first). */
function withoutSpareSteps(board: Board, raises: ReadonlyMap<number, number>, goal: number): Map<number, number> {
  const kept = new Map(raises)
  const dearest = [...kept.keys()].sort((a, b) => effortAt(board.curves[b]!, kept.get(b)!) - effortAt(board.curves[a]!, kept.get(a)!))
  for (const i of dearest) {
    const without = new Map(kept)
    without.delete(i)
    if (reaches(board, without, goal)) kept.delete(i)
  }
  return kept
}

function stepOf(board: Board, i: number, score: number): PlanStep {
  const chart = board.charts[i]!
  const curve = board.curves[i]!
  return {
    chart_id: chart.chart_id,
    title: chart.title,
    difficulty: chart.difficulty,
    constant: curve.constant,
    from: curve.score,
    to: score,
    grade: gradeOf(score),
    effort: effortAt(curve, score),
    valueFrom: curve.value,
    valueTo: valueAt(curve, score)
  }
}

/**
 * The highest Reality under the options: every chart allowed at its most (1,000,000, where v3 stops growing), and
 * with at most K charts raised, the K whose raise gives the best set the most (exactly, by counting over the charts:
 * how many are kept as they are and how many raised among the best).
 */
function highest(board: Board): { reality: number; raises: Map<number, number> } {
  const N = board.bestCount
  const most = board.values.map((v, i) => (board.curves[i] ? valueAt(board.curves[i]!, board.curves[i]!.top) : v))
  const K = Math.min(board.maxCharts, N)
  const raised = K >= N ? topRaises(board, most) : limitedRaises(board, most, K)
  const values = board.values.map((v, i) => (raised.has(i) ? most[i]! : v))
  const raises = new Map([...raised].map((i) => [i, board.curves[i]!.top]))
  return { reality: realityOf(values, N), raises }
}

/** Without a limit: the charts whose most is among the best `bestCount` and above their value now. */
function topRaises(board: Board, most: readonly number[]): Set<number> {
  const order = most.map((_, i) => i).sort((a, b) => most[b]! - most[a]! || a - b)
  return new Set(order.slice(0, board.bestCount).filter((i) => board.curves[i] && most[i]! > board.values[i]!))
}

/**
 * At most K raised: the best `bestCount` as kept charts and raised ones, found by counting (kept, raised) pairs over the
 * charts that can be raised and the `bestCount` best of the others (no other chart can be among the best).
 */
function limitedRaises(board: Board, most: readonly number[], K: number): Set<number> {
  const N = board.bestCount
  const kept = board.order.filter((i) => !board.curves[i]).slice(0, N)
  const items = [...board.order.filter((i) => board.curves[i]), ...kept]
  const n = items.length
  const width = K + 1
  const states = (N + 1) * width
  let sums = new Float64Array(states).fill(-Infinity)
  sums[0] = 0
  /** For each chart and state: 0 left out, 1 kept as it is, 2 raised. */
  const choice = new Uint8Array(n * states)
  for (let k = 0; k < n; k++) {
    const i = items[k]!
    const next = sums.slice()
    const canRaise = board.curves[i] !== null && most[i]! > board.values[i]!
    for (let used = 0; used < N; used++) {
      for (let r = 0; r <= Math.min(used, K); r++) {
        const from = sums[used * width + r]!
        if (from === -Infinity) continue
        const keep = (used + 1) * width + r
        if (from + board.values[i]! > next[keep]!) [next[keep], choice[k * states + keep]] = [from + board.values[i]!, 1]
        const raise = keep + 1
        if (canRaise && r < K && from + most[i]! > next[raise]!) [next[raise], choice[k * states + raise]] = [from + most[i]!, 2]
      }
    }
    sums = next
  }
  let state = 0
  for (let s = 0; s < states; s++) if (sums[s]! > sums[state]!) state = s
  const raised = new Set<number>()
  for (let k = n - 1; k >= 0; k--) {
    const c = choice[k * states + state]!
    if (c === 2) raised.add(items[k]!)
    if (c !== 0) state -= width + (c === 2 ? 1 : 0)
  }
  return raised
}
