import { randomBytes } from 'node:crypto'
import type { KeptRecord } from '../../shared/api'
import { AppError } from '../../shared/errors'
import { isAutoPlay } from '../../shared/play-marks'
import type { PlayPointer } from '../../shared/record'
import { parseRfc3339 } from '../../shared/timestamps'
import type { CountedChange } from './bests'

/**
 * The kept plays the pointers name (a chart, an instant and a score when given), from the plays of those charts.
 * A pointer that names no kept play refuses the whole change: nothing is hidden, noted or starred then.
 */
export function resolvePlays(pointers: readonly PlayPointer[], kept: readonly KeptRecord[]): KeptRecord[] {
  const byChart = new Map<string, KeptRecord[]>()
  for (const r of kept) {
    const list = byChart.get(r.chart_id)
    if (list) list.push(r)
    else byChart.set(r.chart_id, [r])
  }
  const found: KeptRecord[] = []
  for (const p of pointers) {
    const at = parseRfc3339(p.played_at)
    const matches = (byChart.get(p.chart_id) ?? []).filter(
      (r) => parseRfc3339(r.played_at) === at && (p.score === undefined || r.score === p.score)
    )
    if (matches.length === 0)
      throw AppError.of(
        'not_found',
        `No kept play of ${p.chart_id} at ${p.played_at}${p.score === undefined ? '' : ` scored ${p.score}`}.`,
        {
          details: { field: 'play' }
        }
      )
    for (const r of matches) if (!found.includes(r)) found.push(r)
  }
  return found
}

/** What hiding (`hidden`) or showing again plays that count no more (or count again) moves in the bests' counts. */
export function countedChange(plays: readonly KeptRecord[], hidden: boolean): CountedChange {
  const sign = hidden ? -1 : 1
  return {
    autoplay: sign * plays.filter((r) => isAutoPlay(r.modifiers)).length,
    hidden: -sign * plays.length,
    gone: hidden ? plays : [],
    shown: hidden ? [] : plays
  }
}

/** A new import's id: its time and a few random letters (`lz3k9a1c-4f2e`). */
export const importId = (at: number) => `${at.toString(36)}-${randomBytes(2).toString('hex')}`
