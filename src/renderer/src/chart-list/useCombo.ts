import { useCallback } from 'react'
import type { InsightRow } from '../../../shared/data'
import { bestCombo, bestKey, betterCombo, comboMark, modeOf, type ComboMark } from '../../../shared/player'
import { usePlayer } from '../sync/store'

/**
 * A best-20 row's FC/AP mark: the best reached on its chart in its mode by any kept play (as the game keeps it),
 * else the record's own.
 */
export function useComboOf(accountId: string): (row: InsightRow) => ComboMark {
  const player = usePlayer(accountId)
  return useCallback(
    (r: InsightRow) => {
      const best = player?.byKey.get(bestKey(r.record.chart_id, modeOf(r.record)))
      return betterCombo(best ? bestCombo(best) : null, comboMark(r.record))
    },
    [player]
  )
}
