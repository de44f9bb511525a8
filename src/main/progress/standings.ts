import type { ChartInfo, PersonalBest } from '../../shared/data'
import type { Standing, ViewMode } from '../../shared/progress'
import { bestCombo, comboMark, type ComboFacts } from '../../shared/player'
import { chartValue, type ChartPlay } from '../../shared/reality'
import type { SaveBest } from '../backups/save-reader'

/**
 * A chart's best in each view: touch and keyboard from the play history (and from a save's bests
 * where the save knows the mode: legacy score tables), `any` from every source, the save's
 * mode-less bests (`SongRecordsV3`) included. A full combo or all perfect counts wherever any
 * source has it: the save keeps the best marks ever, not only those of the best score.
 */
export interface ChartStandings {
  touch: Standing | null
  keyboard: Standing | null
  any: Standing | null
}

/** What one chart's standings are made of. */
export interface ChartSources {
  touch: PersonalBest | null
  keyboard: PersonalBest | null
  save: readonly SaveBest[]
}

export const NO_STANDINGS: ChartStandings = { touch: null, keyboard: null, any: null }

/** A play's marks, read the one way the app reads them (`comboMark`): an all perfect is a full combo too. */
export function recordMarks(record: ComboFacts): { fullCombo: boolean; allPerfect: boolean } {
  const mark = comboMark(record)
  return { fullCombo: mark !== null, allPerfect: mark === 'AP' }
}

/** A chart's value from its constant, by the rules of the play (null when the list gives no constant). */
function realityFrom(chart: ChartInfo | undefined, play: Omit<ChartPlay, 'constant'>): number | null {
  const constant = chart?.constant
  return constant === undefined ? null : chartValue({ ...play, constant })
}

function fromPlay(best: PersonalBest, chart: ChartInfo | undefined): Standing {
  const r = best.record
  // The marks: the best its chart ever had in this mode (as the game keeps them), not only the best score's.
  const mark = bestCombo(best)
  const marks = { fullCombo: mark !== null, allPerfect: mark === 'AP' }
  // The record's own Reality is authoritative; a best a save added (dated at its backup) may carry none.
  const ownAp = recordMarks(r).allPerfect
  const computed = r.reality > 0 ? null : realityFrom(chart, { score: r.score, allPerfect: ownAp, gameVersion: r.game_version })
  return {
    score: r.score,
    accuracy: r.score_accuracy,
    ...marks,
    reality: r.reality > 0 ? r.reality : (computed ?? r.reality),
    fromSave: false,
    playedAt: r.played_at
  }
}

function fromSave(best: SaveBest, chart: ChartInfo | undefined): Standing {
  const rules = { score: best.score, allPerfect: best.allPerfect, gameVersion: best.gameVersion, legacy: best.legacy }
  return {
    score: best.score,
    accuracy: best.accuracy,
    fullCombo: best.fullCombo === true || best.allPerfect,
    allPerfect: best.allPerfect,
    reality: best.reality ?? realityFrom(chart, rules),
    fromSave: true,
    playedAt: best.playedAt
  }
}

/** The better of two: the higher score (a play before the save on a tie), the marks and the Reality of either. */
function merge(a: Standing | null, b: Standing | null): Standing | null {
  if (!a || !b) return a ?? b
  const top = b.score > a.score || (b.score === a.score && a.fromSave && !b.fromSave) ? b : a
  const reality = a.reality === null ? b.reality : b.reality === null ? a.reality : Math.max(a.reality, b.reality)
  return { ...top, fullCombo: a.fullCombo || b.fullCombo, allPerfect: a.allPerfect || b.allPerfect, reality }
}

/** One chart's standings from its sources. */
export function standingsOf(sources: ChartSources, chart: ChartInfo | undefined): ChartStandings {
  let touch = sources.touch ? fromPlay(sources.touch, chart) : null
  let keyboard = sources.keyboard ? fromPlay(sources.keyboard, chart) : null
  let any = merge(touch, keyboard)
  for (const best of sources.save) {
    const standing = fromSave(best, chart)
    if (best.mode === 'touch') touch = merge(touch, standing)
    else if (best.mode === 'keyboard') keyboard = merge(keyboard, standing)
    any = merge(any, standing)
  }
  return { touch, keyboard, any }
}

/** Two standings read the same (a chart whose sources changed without changing what it shows is not touched). */
export function sameStanding(a: Standing | null, b: Standing | null): boolean {
  if (a === null || b === null) return a === b
  return (
    a.score === b.score &&
    a.fullCombo === b.fullCombo &&
    a.allPerfect === b.allPerfect &&
    a.reality === b.reality &&
    a.fromSave === b.fromSave &&
    a.accuracy === b.accuracy &&
    a.playedAt === b.playedAt
  )
}

export const VIEWS: readonly ViewMode[] = ['touch', 'keyboard', 'any']

export function sameStandings(a: ChartStandings, b: ChartStandings): boolean {
  return VIEWS.every((mode) => sameStanding(a[mode], b[mode]))
}
