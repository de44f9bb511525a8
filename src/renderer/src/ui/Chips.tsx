import { difficultyShort, difficultyTone, DIFFICULTY_COLOURS, gradeColour } from './palette'

/** A grade (R, M, SS, …) in its colour. */
export function GradeChip({ grade }: { grade: string }) {
  return (
    <span className={`chip grade-chip grade-${grade}`} style={{ background: gradeColour(grade) }}>
      {grade}
    </span>
  )
}

/** A difficulty badge in its colour, with the constant when known; the full name on hover. */
export function DifficultyBadge({ difficulty, constant }: { difficulty: string | null | undefined; constant?: number | null }) {
  const tone = difficultyTone(difficulty)
  return (
    <span className="chip difficulty-chip" style={{ background: DIFFICULTY_COLOURS[tone] }} title={difficulty ?? undefined}>
      {difficultyShort(difficulty)}
      {constant !== null && constant !== undefined && <span className="chip-constant"> {constant.toFixed(1)}</span>}
    </span>
  )
}
