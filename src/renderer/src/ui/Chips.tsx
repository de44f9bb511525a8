import { difficultyShort, difficultyTone, DIFFICULTY_COLOURS, gradeColour } from './palette'

/** A grade (R, M, SS, …) in its colour. */
export function GradeChip({ grade }: { grade: string }) {
  return (
    <span className={`chip grade-chip grade-${grade}`} style={{ background: gradeColour(grade) }}>
      {grade}
    </span>
  )
}

/**
 * A difficulty badge in its colour, with the constant when known; the full name on hover.
 * `flat`: one element and one text node (a long table lays out less per sort).
 */
export function DifficultyBadge({
  difficulty,
  constant,
  flat = false
}: {
  difficulty: string | null | undefined
  constant?: number | null
  flat?: boolean
}) {
  const tone = difficultyTone(difficulty)
  const known = constant !== null && constant !== undefined
  if (flat)
    return (
      <span className="chip difficulty-chip" style={{ background: DIFFICULTY_COLOURS[tone] }} title={difficulty ?? undefined}>
        {known ? `${difficultyShort(difficulty)} ${constant.toFixed(1)}` : difficultyShort(difficulty)}
      </span>
    )
  return (
    <span className="chip difficulty-chip" style={{ background: DIFFICULTY_COLOURS[tone] }} title={difficulty ?? undefined}>
      {difficultyShort(difficulty)}
      {constant !== null && constant !== undefined && <span className="chip-constant"> {constant.toFixed(1)}</span>}
    </span>
  )
}
