import { ratable } from '../charts'
import type { ChartInfo } from '../data'
import {
  bestCountOf,
  chartsOf,
  levelOf,
  realityOf,
  shownHundredths,
  valueOfBest,
  type PlannerChart,
  type PlannerList
} from '../planner/list'
import { planReality } from '../planner/plan'
import type { NearMissKind } from '../progress'
import { nextGrade } from '../push-next'
import { GRADE_MIN } from '../grade-lines'
import { gradeOf, MAX_SCORE, type Grade } from '../reality'
import { parseRfc3339 } from '../timestamps'
import type { Pick, PickTarget, PickWhy, RandomFilter, RandomPick } from './schema'

/**
 * "Play next" (docs/picks.md): a short list mixing the four kinds of chart worth playing tonight (near misses, the
 * planner's cheapest steps toward the next 0.01 and 0.05, charts not played for a long time, charts not played yet at
 * the player's level), each with why and a target; and a random pick by a seed. Pure: the caller gives the bests, the
 * near misses and the chart list; the same input (and seed) gives the same picks.
 */

/** A best as the picks read it: the planner's, with the latest play of the chart in its mode. */
export interface PickBest extends PlannerChart {
  /** The latest play of this chart in this mode (ISO); null or absent: not known. */
  lastPlayedAt?: string | null
}

export interface PickList extends PlannerList {
  bests: readonly PickBest[]
}

/** A near miss as the picks read it (progress's, or one worked out from a list of plays). */
export interface PickNearMiss {
  chart_id: string
  mode: 'touch' | 'keyboard'
  kind: NearMissKind
  grade: Grade | null
  gap: number
}

export interface PicksInput {
  charts: ReadonlyMap<string, ChartInfo>
  /** One list per input mode (or a save's one list), the mode to favour first. */
  lists: readonly PickList[]
  /** In the order they are worth trying (progress's: All Perfect, Full Combo, then grades by how near). */
  nearMisses: readonly PickNearMiss[]
  now: number
}

export const DEFAULT_PICKS = 5
export const MAX_PICKS = 50
/** A chart not played for this many days counts as not played for a long time. */
export const STALE_DAYS = 30
/** How far below the player's level a chart not played for long is still worth picking. */
const STALE_LEVELS_BELOW = 1
const DAY = 86_400_000
/** The kinds in the order the list takes them, one of each in turn. */
const ROUND = ['nearMiss', 'plan', 'stale', 'unplayed'] as const

interface Candidate {
  list: PickList
  chart: PlannerChart
  played: boolean
  why: PickWhy
  /** Worked out when the candidate is taken (the planner runs only for the few shown). */
  target: () => PickTarget | null
}

/** The player's level in a list: the highest level among its best charts with a known constant; null with none. */
export function playerLevelOf(list: PlannerList): number | null {
  const rated = chartsOf(list, () => false)
    .map(({ chart }) => ({ constant: chart.constant, value: valueOfBest(chart) }))
    .filter((r): r is { constant: number; value: number } => ratable(r.constant) && r.value !== null)
    .sort((a, b) => b.value - a.value)
    .slice(0, bestCountOf(list))
  return rated.length ? Math.max(...rated.map((r) => levelOf(r.constant))) : null
}

/**
 * Up to `count` picks, one kind after the other in turn (near miss, plan, not played for long, not played yet), no chart
 * twice in a mode; with a filter, only charts it keeps (as the random pick's).
 */
export function picksFor(input: PicksInput, count = DEFAULT_PICKS, filter: RandomFilter = {}): Pick[] {
  const wanted = Math.max(0, Math.min(MAX_PICKS, Math.floor(count)))
  const queues: Record<(typeof ROUND)[number], Iterator<Candidate>> = {
    nearMiss: nearMissCandidates(input),
    plan: planCandidates(input),
    stale: staleCandidates(input),
    unplayed: unplayedCandidates(input)
  }
  const open = new Set<(typeof ROUND)[number]>(ROUND)
  const played = playedIn(input)
  const passes = (c: Candidate) => matchesRandomFilter(input.charts.get(c.chart.chart_id) ?? infoOf(c.chart), filter, played)
  const taken = new Set<string>()
  const picks: Pick[] = []
  // Each turn takes one candidate of each kind still open; a kind with none left closes.
  for (let turn = 0; picks.length < wanted && open.size > 0 && turn < MAX_PICKS * 4; turn++) {
    for (const kind of ROUND) {
      if (picks.length >= wanted || !open.has(kind)) continue
      const pick = nextPick(queues[kind], taken, input.charts, passes)
      if (pick) picks.push(pick)
      else open.delete(kind)
    }
  }
  return picks
}

/** The next candidate of a kind not taken yet (a chart in a mode once) and with a target, as a pick; null when none is left. */
function nextPick(
  queue: Iterator<Candidate>,
  taken: Set<string>,
  charts: ReadonlyMap<string, ChartInfo>,
  passes: (c: Candidate) => boolean
): Pick | null {
  for (let next = queue.next(); !next.done; next = queue.next()) {
    const c = next.value
    const key = `${c.chart.chart_id}|${c.list.mode}`
    if (taken.has(key) || !passes(c)) continue
    const target = c.target()
    if (!target) continue
    taken.add(key)
    return pickOf(c, target, charts)
  }
  return null
}

function pickOf(c: Candidate, target: PickTarget | null, charts: ReadonlyMap<string, ChartInfo>): Pick {
  const info = charts.get(c.chart.chart_id)
  return {
    chart_id: c.chart.chart_id,
    title: info?.title ?? c.chart.title,
    difficulty: info?.difficulty ?? c.chart.difficulty,
    constant: info?.constant ?? c.chart.constant,
    mode: c.list.mode,
    best: c.played ? c.chart.score : null,
    why: c.why,
    target
  }
}

/** Charts played in any list (the filter's "not played"). */
const playedIn = (input: PicksInput) => new Set(input.lists.flatMap((l) => l.bests.map((b) => b.chart_id)))

/** A chart the list does not know, as the filter reads it (from the best's own facts). */
const infoOf = (chart: PlannerChart): ChartInfo => ({
  chart_id: chart.chart_id,
  title: chart.title ?? chart.chart_id,
  ...(chart.difficulty ? { difficulty: chart.difficulty } : {}),
  ...(chart.constant !== null ? { constant: chart.constant } : {})
})

/** A list's bests by chart (the better where a chart is named twice). */
const bestsOf = (list: PickList) => new Map(chartsOf(list, () => false).map(({ chart }) => [chart.chart_id, chart as PickBest]))

function* nearMissCandidates(input: PicksInput): Generator<Candidate> {
  for (const list of input.lists) {
    const bests = bestsOf(list)
    for (const miss of input.nearMisses) {
      const chart = bests.get(miss.chart_id)
      if (miss.mode !== list.mode || !chart) continue
      const target: PickTarget =
        miss.kind === 'allPerfect'
          ? { score: MAX_SCORE, grade: 'R', mark: 'AP' }
          : miss.kind === 'fullCombo'
            ? { score: null, grade: null, mark: 'FC' }
            : { score: GRADE_MIN[miss.grade ?? 'F'], grade: miss.grade, mark: null }
      yield { list, chart, played: true, why: { kind: 'nearMiss', miss: miss.kind, gap: miss.gap }, target: () => target }
    }
  }
}

/** The steps of the cheapest plans to the next 0.01 and the next 0.05 (as the game shows Reality), cheapest first, per list. */
function* planCandidates(input: PicksInput): Generator<Candidate> {
  for (const list of input.lists) {
    const bests = bestsOf(list)
    const shown = shownHundredths(realityOf(valuesOf([...bests.values()]), bestCountOf(list)))
    for (const step of [1, 5]) {
      const plan = planOrNull(list, (shown + step) / 100)
      if (!plan?.reachable) continue
      for (const s of plan.steps) {
        const chart = bests.get(s.chart_id)
        if (!chart) continue
        const target: PickTarget = { score: s.to, grade: s.grade, mark: null }
        yield { list, chart, played: true, why: { kind: 'plan', toward: plan.target, effort: s.effort }, target: () => target }
      }
    }
  }
}

/** Charts of the player's level or one below not played in this mode for STALE_DAYS or more, the longest first. */
function* staleCandidates(input: PicksInput): Generator<Candidate> {
  for (const list of input.lists) {
    const level = playerLevelOf(list)
    const stale = [...bestsOf(list).values()]
      .map((chart) => ({ chart, at: chart.lastPlayedAt ? parseRfc3339(chart.lastPlayedAt) : Number.NaN }))
      .filter(({ chart, at }) => {
        if (!Number.isFinite(at) || input.now - at < STALE_DAYS * DAY || !ratable(chart.constant)) return false
        return level === null || levelOf(chart.constant) >= level - STALE_LEVELS_BELOW
      })
      .sort((a, b) => a.at - b.at || (a.chart.chart_id < b.chart.chart_id ? -1 : 1))
    for (const { chart, at } of stale) {
      const why: PickWhy = { kind: 'stale', lastPlayedAt: chart.lastPlayedAt!, days: Math.floor((input.now - at) / DAY) }
      yield { list, chart, played: true, why, target: () => targetFor(list, chart, true) }
    }
  }
}

/** Charts of the chart list at the player's level not played in this mode, the lowest constant first. */
function* unplayedCandidates(input: PicksInput): Generator<Candidate> {
  for (const list of input.lists) {
    const level = playerLevelOf(list)
    if (level === null) continue
    const played = bestsOf(list)
    const charts = [...input.charts.values()]
      .filter((c) => !played.has(c.chart_id) && ratable(c.constant) && levelOf(c.constant) === level)
      .sort((a, b) => a.constant! - b.constant! || (a.chart_id < b.chart_id ? -1 : 1))
    for (const info of charts) {
      const chart = unplayedChart(info)
      yield { list, chart, played: false, why: { kind: 'unplayed', level }, target: () => targetFor(list, chart, false) }
    }
  }
}

const unplayedChart = (info: ChartInfo): PlannerChart => ({
  chart_id: info.chart_id,
  title: info.title,
  difficulty: info.difficulty ?? null,
  constant: info.constant ?? null,
  score: 0,
  reality: null
})

const valuesOf = (charts: readonly PlannerChart[]) => charts.map(valueOfBest).filter((v): v is number => v !== null)

function planOrNull(list: PlannerList, target: number) {
  try {
    return planReality(list, target, { playedOnly: true })
  } catch {
    // A list the planner refuses (a count out of range) has no plan: the other kinds still pick.
    return null
  }
}

/**
 * What to aim for on one chart: the lowest score that raises Reality as the game shows it by 0.01 (this chart alone
 * raised, as the planner works it out), else the next grade above the best, else nothing.
 */
export function targetFor(list: PlannerList, chart: PlannerChart, played: boolean): PickTarget | null {
  const score = scoreForNextHundredth(list, chart, played)
  if (score !== null) return { score, grade: gradeOf(score), mark: null }
  const next = nextGrade(played ? chart.score : 0)
  return next ? { score: next.score, grade: next.grade, mark: null } : null
}

function scoreForNextHundredth(list: PlannerList, chart: PlannerChart, played: boolean): number | null {
  if (!ratable(chart.constant)) return null
  const N = bestCountOf(list)
  // Every other chart keeps its value (no constant: never raised); this one alone may be.
  const others = chartsOf(list, () => false).flatMap(({ chart: c }) => {
    const value = c.chart_id === chart.chart_id ? null : valueOfBest(c)
    return value === null ? [] : [{ ...c, constant: null, reality: value }]
  })
  const me: PlannerChart = played ? chart : { ...chart, score: 0, reality: null, allPerfect: false, gameVersion: null, legacy: false }
  const bests = [...others, me]
  const now = shownHundredths(realityOf(valuesOf(bests), N))
  const plan = planOrNull({ mode: list.mode, bests, bestCount: N }, (now + 1) / 100)
  const step = plan?.reachable ? plan.steps.find((s) => s.chart_id === chart.chart_id) : undefined
  return step ? step.to : null
}

/** mulberry32: a small, well-spread generator; the same seed gives the same numbers everywhere. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 0x1_0000_0000
  }
}

/** Whether a chart of the list passes the random pick's filter. */
export function matchesRandomFilter(chart: ChartInfo, filter: RandomFilter, played: ReadonlySet<string>): boolean {
  if (filter.level !== undefined && !(ratable(chart.constant) && levelOf(chart.constant) === filter.level)) return false
  if (filter.difficulty !== undefined && chart.difficulty !== filter.difficulty) return false
  if (filter.pack !== undefined && chart.pack !== filter.pack) return false
  return !filter.unplayed || !played.has(chart.chart_id)
}

/**
 * One chart of the list drawn at random among those the filter keeps (in chart id order, the seed's first number
 * choosing), picked for the first list's mode with a target; the same seed, filter and data draw the same chart.
 */
export function randomPick(input: PicksInput, filter: RandomFilter, seed: number): RandomPick {
  const played = playedIn(input)
  const among = [...input.charts.values()]
    .filter((c) => matchesRandomFilter(c, filter, played))
    .sort((a, b) => (a.chart_id < b.chart_id ? -1 : a.chart_id > b.chart_id ? 1 : 0))
  const info = among[Math.floor(seededRandom(seed)() * among.length)]
  if (!info) return { seed, among: 0, pick: null }
  const list: PickList = input.lists[0] ?? { mode: 'touch', bests: [] }
  const best = bestsOf(list).get(info.chart_id)
  const chart = best ?? unplayedChart(info)
  const why: PickWhy = { kind: 'random', seed, among: among.length }
  const candidate = { list, chart, played: best !== undefined, why, target: () => null }
  return { seed, among: among.length, pick: pickOf(candidate, targetFor(list, chart, best !== undefined), input.charts) }
}
