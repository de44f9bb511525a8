import { difficultyLabel } from '../../../shared/charts'
import type { ComboMark } from '../../../shared/player'
import { formatConstant } from './format'
import { difficultyClass, difficultyShort, gradeClass, paletteCss } from './palette'

/** Adds the chip colours to the document once (a constructed sheet: allowed by the page's strict CSP). */
export function installChipColours(doc: Document = document): void {
  const sheet = new CSSStyleSheet()
  sheet.replaceSync(paletteCss())
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet]
}

/** A grade (R, M, SS, …) in its colour. */
export function GradeChip({ grade }: { grade: string }) {
  return <span className={`chip grade-chip grade-${grade} ${gradeClass(grade)}`}>{grade}</span>
}

/**
 * A difficulty badge in its colour, with the constant when known; the full name on hover, as the game writes it
 * ("Cloudburst (Story)").
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
  const short = difficultyShort(difficulty)
  const known = constant !== null && constant !== undefined
  const value = known ? formatConstant(constant) : ''
  return (
    <span className={`chip difficulty-chip ${difficultyClass(difficulty)}`} title={difficultyLabel(difficulty) ?? undefined}>
      {flat ? (known ? `${short} ${value}` : short) : short}
      {!flat && known && <span className="chip-constant"> {value}</span>}
    </span>
  )
}

/**
 * A chart's mark, FC or AP as the game writes them, in its colour; its name ("Full Combo") on hover and for screen
 * readers. Nothing for no mark.
 */
export function ComboChip({ mark, name }: { mark: ComboMark; name: string }) {
  if (!mark) return null
  return (
    <span className={`chip combo-chip bg-combo-${mark}`} title={name} aria-label={name} role="img">
      {mark}
    </span>
  )
}
