// Folders and goals (#43): every folder table for 10,000 bests over a 2,000-chart list, and the goal re-check
// after a sync that touches 20 charts, with 200 goals; each against the least such work can cost, timed in the same run.
import type { KeptRecord } from '../../../src/shared/api'
import type { ChartInfo, PersonalBest } from '../../../src/shared/data'
import type { Goal, GoalCriterion, GoalScope, GoalTarget } from '../../../src/shared/progress'
import { bestKey } from '../../../src/shared/player'
import type { SaveBest } from '../../../src/main/backups/save-reader'
import { advance } from '../../../src/main/progress/goals'
import { ProgressModel } from '../../../src/main/progress/model'
import { newGoal } from '../../../test/support/progress-truth'
import { medianTime, type Record } from '../report'

const DIFFICULTIES = ['Drizzle', 'Sprinkle', 'Cloudburst', 'Clear'] as const
const LISTED = 2_000
/** Bests on charts the list knows (both modes) and on charts it does not: 10,000 in all. */
const UNKNOWN = 3_000
const RUNS = 41

const round = (ms: number) => Math.round(ms * 1000) / 1000

const time = (work: () => unknown, runs = RUNS) => medianTime(work, runs)

function list(): Map<string, ChartInfo> {
  const charts = new Map<string, ChartInfo>()
  for (let i = 0; i < LISTED; i++) {
    const difficulty = DIFFICULTIES[i % 4]!
    const constant = Math.round((1 + (i % 4) * 3.5 + ((i * 7919) % 1000) / 250) * 10) / 10
    const id = `chart-${i}`
    charts.set(id, { chart_id: id, title: `Song ${Math.floor(i / 4)}`, difficulty, constant, pack: `chapter${(i % 10) + 1}` })
  }
  return charts
}

function record(chart: string, touch: boolean, score: number, at: number): KeptRecord {
  return {
    chart_id: chart,
    score,
    score_accuracy: score >= 1_005_000 ? 1 : 0.96,
    reality: 10,
    grade: 'S',
    score_bad_count: score % 3 === 0 ? 0 : 1,
    score_miss_count: 0,
    played_at: new Date(Date.UTC(2025, 0, 1) + at * 60_000).toISOString(),
    modifiers: touch ? ['TouchMode'] : []
  }
}

/** 10,000 personal bests: each listed chart in both modes, and 3,000 charts the list does not know. */
function bests(): PersonalBest[] {
  const ids = [...Array.from({ length: LISTED }, (_, i) => `chart-${i}`), ...Array.from({ length: UNKNOWN }, (_, i) => `gone-${i}`)]
  return ids.flatMap((id, i) =>
    (['touch', 'keyboard'] as const).map((mode, m) => {
      const r = record(id, mode === 'touch', 600_000 + ((i * 104_729 + m * 7) % 410_001), i)
      return { mode, record: r, plays: 3, previousScore: null, firstPlayedAt: r.played_at }
    })
  )
}

const save = (): SaveBest[] =>
  Array.from({ length: LISTED }, (_, i) => ({
    chartId: `chart-${i}`,
    score: 650_000 + ((i * 7_919) % 360_000),
    accuracy: 0.97,
    grade: 'S',
    fullCombo: i % 4 === 0,
    allPerfect: false,
    playedAt: null,
    mode: null,
    gameVersion: null,
    legacy: false,
    reality: null
  }))

/** 200 goals: folders (levels, difficulties, packs), lists of charts and single charts, each criterion and target. */
function goals(): Goal[] {
  const criteria: GoalCriterion[] = [
    { kind: 'grade', grade: 'SS' },
    { kind: 'score', min: 980_000 },
    { kind: 'fullCombo' },
    { kind: 'allPerfect' },
    { kind: 'reality', min: 11 }
  ]
  const targets: GoalTarget[] = [{ kind: 'all' }, { kind: 'count', count: 30 }, { kind: 'percent', percent: 80 }]
  return Array.from({ length: 200 }, (_, i): Goal => {
    const scope: GoalScope =
      i % 4 === 0
        ? { kind: 'folder', folder: `level:${1 + (i % 15)}` }
        : i % 4 === 1
          ? { kind: 'folder', folder: i % 8 === 1 ? `difficulty:${DIFFICULTIES[i % 4]}` : `pack:chapter${(i % 10) + 1}` }
          : i % 4 === 2
            ? { kind: 'charts', charts: Array.from({ length: 40 }, (_, k) => `chart-${(i * 13 + k * 17) % LISTED}`) }
            : { kind: 'chart', chart: `chart-${(i * 31) % LISTED}` }
    const criterion = criteria[i % 5]!
    const mode = criterion.kind === 'reality' || i % 3 === 0 ? 'touch' : 'any'
    return newGoal({ id: `goal-${i}`, name: `goal ${i}`, criterion, mode, scope, target: targets[i % 3]! })
  })
}

function fed(charts: Map<string, ChartInfo>, all: PersonalBest[], withGoals: Goal[] = []): ProgressModel {
  const model = new ProgressModel()
  model.setList(charts)
  model.setHistory(all)
  model.setSave(save())
  model.setGoals(withGoals)
  model.goalProgress()
  return model
}

export function progressBench(record: Record, log: (line: string) => void): void {
  log('Folders and goals: 10,000 bests over a 2,000-chart list (plus a save with a best on every listed chart)')
  const charts = list()
  const all = bests()
  const model = fed(charts, all)

  // The least any count over these bests costs: one look at each best, kept in a map by chart and mode.
  const floor = time(() => {
    const byKey = new Map<string, number>()
    for (const b of all) byKey.set(bestKey(b.record.chart_id, b.mode), b.record.score)
    return byKey.size
  })
  const tables = time(() => {
    model.tables()
    model.unknown()
  })
  log(`    ${model.tables().length} folder rows (${model.folders().length} folders × ${model.modes().length} modes)`)
  record({
    name: 'folders-10k-bests',
    value: round(tables),
    unit: 'ms',
    baseline: round(floor),
    baselineLabel: 'one pass over the 10,000 bests into a map',
    target: '≤ 16 ms',
    met: tables <= 16
  })
  const cold = time(() => fed(charts, all).tables(), 9)
  log(`    for the record, from nothing (list, history, save, every table): ${round(cold)} ms`)

  // A sync that touches 20 charts: their bests rise, everything else is as it was.
  const withGoals = fed(charts, all, goals())
  let round_ = 0
  const after = (n: number) =>
    all.map((b, i) =>
      i % 500 === 0
        ? { ...b, record: { ...b.record, score: Math.min(1_010_000, b.record.score + 1 + n), played_at: `2026-01-01T00:00:${n % 60}Z` } }
        : b
    )
  const syncs = Array.from({ length: RUNS + 5 }, (_, n) => after(n + 1))
  const recheck = time(() => {
    const next = syncs[round_++ % syncs.length]!
    withGoals.setHistory(next)
    // As the service settles them: a goal's record changes only when it is met or lost.
    for (const progress of withGoals.goalProgress()) {
      const next = advance(progress, '2026-01-01T00:00:00.000Z')
      if (next.change) withGoals.updateGoal(next.goal)
    }
  })
  const lookups = time(() => {
    const byKey = new Map(all.map((b) => [bestKey(b.record.chart_id, b.mode), b]))
    let same = 0
    for (const b of syncs[0]!) if (byKey.get(bestKey(b.record.chart_id, b.mode))?.record.score === b.record.score) same++
    return same
  })
  record({
    name: 'goal-recheck-20-charts-200-goals',
    value: round(recheck),
    unit: 'ms',
    baseline: round(lookups),
    baselineLabel: 'matching the 10,000 bests against the ones before, by chart and mode',
    target: '≤ 2 ms',
    met: recheck <= 2
  })
  const rebuild = time(() => {
    withGoals.setGoals(goals())
    withGoals.goalProgress()
  }, 9)
  log(`    for the record, re-checking all 200 goals over every chart they cover: ${round(rebuild)} ms`)
}
