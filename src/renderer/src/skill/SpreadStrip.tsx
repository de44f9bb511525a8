import type { SkillSpread } from '../../../shared/skill-profile'

/** Where a score sits on the strip's scale (`from` to 1,010,000), as a share of its width. */
export const placeOn = (from: number, score: number) => `${Math.max(0, Math.min(100, ((score - from) / (1_010_000 - from)) * 100))}%`

/**
 * A level's best scores as a strip: a line from the lowest to the highest, a box over the middle half (the quartiles)
 * and a mark at the median; `label` says the same in words (for screen readers and on hover).
 */
export function SpreadStrip({ spread, from, label }: { spread: SkillSpread; from: number; label: string }) {
  const at = (score: number) => placeOn(from, score)
  const width = (a: number, b: number) => `calc(${at(b)} - ${at(a)})`
  return (
    <div className="spread-strip" role="img" aria-label={label} title={label}>
      <span className="spread-range" style={{ left: at(spread.min), width: width(spread.min, spread.max) }} />
      <span className="spread-box" style={{ left: at(spread.q1), width: width(spread.q1, spread.q3) }} />
      <span className="spread-median" style={{ left: at(spread.median) }} />
    </div>
  )
}
