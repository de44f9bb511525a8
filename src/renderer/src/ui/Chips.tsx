import { useTranslation } from 'react-i18next'
import { difficultyLabel } from '../../../shared/charts'
import type { ComboMark } from '../../../shared/player'
import { MAX_SCORE, OVERLOADED, playMarks } from '../../../shared/play-marks'
import { formatConstant, formatNumber } from './format'
import { difficultyClass, difficultyShort, gradeClass, paletteCss } from './palette'

/** Adds the chip colours to the document once (a constructed sheet: allowed by the page's strict CSP). */
export function installChipColours(doc: Document = document): void {
  const sheet = new CSSStyleSheet()
  sheet.replaceSync(paletteCss())
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet]
}

/** A grade (R, M, SS, …) in its colour; a score above 1,010,000 shows the game's Overloaded, never R (play-marks.ts). */
export function GradeChip({ grade }: { grade: string }) {
  if (grade === OVERLOADED) return <OverloadedChip />
  return <span className={`chip grade-chip grade-${grade} ${gradeClass(grade)}`}>{grade}</span>
}

/** Overloaded where a grade goes, saying on hover and to screen readers what the app computes from it. */
function OverloadedChip() {
  const { t } = useTranslation()
  const help = t('display.overloadedHelp', { max: formatNumber(MAX_SCORE) })
  return (
    <span className={`chip grade-chip grade-overloaded ${gradeClass(OVERLOADED)}`} title={help} aria-label={help} role="img">
      {t('display.overloaded')}
    </span>
  )
}

/**
 * What else a play is marked with (play-marks.ts): AutoPlay, and its modifiers other than TouchMode as the game wrote
 * them, each saying on hover what it means here. Nothing for a plain play.
 */
export function PlayMarkChips({ play }: { play: { score: number; modifiers?: readonly string[] | undefined } }) {
  const marks = playMarks(play)
  if (!marks.autoplay && marks.modifiers.length === 0) return null
  return <MarkChips autoplay={marks.autoplay} modifiers={marks.modifiers} />
}

/** A modifier's name as a service wrote it can be any length: the chip shows this much, the whole name on hover. */
const MODIFIER_SHOWN = 24

function MarkChips({ autoplay, modifiers }: { autoplay: boolean; modifiers: readonly string[] }) {
  const { t } = useTranslation()
  return (
    <>
      {autoplay && (
        <span
          className="chip mark-chip bg-mark-autoplay"
          title={t('display.autoplayHelp')}
          aria-label={t('display.autoplayHelp')}
          role="img"
        >
          {t('display.autoplay')}
        </span>
      )}
      {modifiers.map((name, i) => (
        <span key={i} className="chip mark-chip bg-mark-modifier" title={t('display.modifierHelp', { name })}>
          {name.length > MODIFIER_SHOWN ? `${name.slice(0, MODIFIER_SHOWN - 1)}…` : name}
        </span>
      ))}
    </>
  )
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
