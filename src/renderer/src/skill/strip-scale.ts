import type { SkillLevel } from '../../../shared/skill-profile'

/** The strips' scale starts at the lowest best of the rows, rounded down to 100,000 (at most 900,000). */
export const stripFrom = (levels: readonly Pick<SkillLevel, 'spread'>[]) =>
  Math.min(900_000, Math.floor(Math.min(1_010_000, ...levels.flatMap((l) => (l.spread ? [l.spread.min] : []))) / 100_000) * 100_000)
