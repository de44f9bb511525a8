import type { KeptRecord } from '../../src/shared/api'
import type { ChartInfo } from '../../src/shared/data'
import type { Goal } from '../../src/shared/progress'
import type { SaveBest } from '../../src/main/backups/save-reader'

/**
 * Independent truth for folders and goals: plain loops over the plays, the save and the chart list,
 * written from the notes (shared/notes/real-service.md) and the issue, without the app's code.
 */

export type Mode = 'touch' | 'keyboard' | 'any'

/** The grade table as the notes give it, written out again here. */
export const NOTES_GRADES: [string, number][] = [
  ['R', 1_010_000],
  ['M', 1_000_000],
  ['SS', 950_000],
  ['S', 850_000],
  ['A', 750_000],
  ['B', 650_000],
  ['C', 600_000],
  ['F', 0]
]

export const gradeByNotes = (score: number) => NOTES_GRADES.find(([, min]) => score >= min)![0]

export function play(
  chart: string,
  mode: 'touch' | 'keyboard',
  score: number,
  extra: Partial<KeptRecord> & { at?: number } = {}
): KeptRecord {
  const { at = 0, ...rest } = extra
  return {
    chart_id: chart,
    score,
    score_accuracy: 0.95,
    reality: 0,
    grade: gradeByNotes(score),
    score_bad_count: 1,
    score_miss_count: 1,
    played_at: new Date(Date.UTC(2025, 0, 1) + at * 60_000).toISOString(),
    modifiers: mode === 'touch' ? ['TouchMode'] : [],
    ...rest
  }
}

export function saveBest(
  chartId: string,
  score: number,
  marks: { fc?: boolean; ap?: boolean; mode?: 'touch' | 'keyboard' } = {}
): SaveBest {
  return {
    chartId,
    score,
    accuracy: marks.ap ? 1 : 0.97,
    grade: gradeByNotes(score) as SaveBest['grade'],
    fullCombo: marks.fc ?? false,
    allPerfect: marks.ap ?? false,
    playedAt: null,
    mode: marks.mode ?? null,
    gameVersion: null,
    legacy: false,
    reality: null
  }
}

export const chart = (id: string, constant: number | undefined, difficulty: string, extra: Partial<ChartInfo> = {}): ChartInfo => ({
  chart_id: id,
  title: `Song ${id}`,
  difficulty,
  ...(constant === undefined ? {} : { constant }),
  ...extra
})

interface Truth {
  score: number
  fc: boolean
  ap: boolean
  fromSave: boolean
}

/** A play's marks, from its judgements: AP no bad, no miss and an accuracy of 1 (100 %); FC no bad and no miss. */
const playFc = (p: KeptRecord) => p.score_bad_count === 0 && p.score_miss_count === 0
const playAp = (p: KeptRecord) => playFc(p) && p.score_accuracy >= 1

/**
 * A chart's best in a mode: the highest score among the plays of that mode, with the best marks any play of it had
 * (as the game keeps them),
 * then the save's bests (mode-less ones only under "any"); marks from either.
 */
export function truthOf(chartId: string, mode: Mode, plays: readonly KeptRecord[], save: readonly SaveBest[]): Truth | null {
  const mine = plays.filter((p) => p.chart_id === chartId && (mode === 'any' || (mode === 'touch') === p.modifiers.includes('TouchMode')))
  let best: Truth | null = null
  for (const m of ['touch', 'keyboard'] as const) {
    if (mode !== 'any' && m !== mode) continue
    const ofMode = mine.filter((p) => (m === 'touch') === p.modifiers.includes('TouchMode'))
    if (ofMode.length === 0) continue
    // The first play of the highest score holds the best.
    const top = ofMode.reduce((a, b) => (b.score > a.score || (b.score === a.score && b.played_at < a.played_at) ? b : a))
    const t = { score: top.score, fc: ofMode.some(playFc), ap: ofMode.some(playAp), fromSave: false }
    best = best ? { score: Math.max(best.score, t.score), fc: best.fc || t.fc, ap: best.ap || t.ap, fromSave: false } : t
  }
  for (const s of save) {
    if (s.chartId !== chartId || (mode !== 'any' && s.mode !== mode)) continue
    const fc = s.fullCombo === true || s.allPerfect
    if (!best) best = { score: s.score, fc, ap: s.allPerfect, fromSave: true }
    else
      best = {
        score: Math.max(best.score, s.score),
        fc: best.fc || fc,
        ap: best.ap || s.allPerfect,
        fromSave: s.score > best.score || best.fromSave
      }
  }
  return best
}

/** The charts of a level folder, by the rule: the constant's whole part; N+ where the list marks it. */
export function levelCharts(list: readonly ChartInfo[], key: string): string[] {
  return list
    .filter((c) => c.constant !== undefined && c.constant >= 0.001)
    .filter((c) => {
      const whole = Math.floor(c.constant!)
      const plus = c.level === `${whole}+`
      return key === (plus ? `${whole}+` : `${whole}`)
    })
    .map((c) => c.chart_id)
}

/** A goal as it is kept, never met yet. */
export const newGoal = (goal: Pick<Goal, 'id' | 'name' | 'criterion' | 'mode' | 'scope' | 'target'>): Goal => ({
  ...goal,
  createdAt: '2025-01-01T00:00:00.000Z',
  metAt: null,
  lostAt: null,
  lostReason: null,
  metTotal: null,
  notified: false
})
