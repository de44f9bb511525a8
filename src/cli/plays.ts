import type { ScoreRecord } from '../shared/api'
import { realityText } from '../shared/game-numbers'
import { accuracyPercent, isTouchPlay } from '../shared/records'
import type { Language } from '../shared/settings'
import { parseRfc3339 } from '../shared/timestamps'
import { cliNumbers, type CliLabels } from './labels'
import { table } from './output'

/**
 * How `rank` and `recent` print for people: Reality as the game shows it (two decimals, cut, never
 * rounded) and times in this computer's time zone, written the way the app writes them; `exact`: the
 * service's values to 4 decimals and times in UTC to the millisecond. `--json` never passes here.
 */
export interface PlayFormat {
  exact: boolean
  language: Language
  /** The time zone of the local times (default: this computer's, from TZ). */
  timeZone?: string
}

/** The command a reader of the CLI's messages can run from the project folder (see docs/cli.md). */
export const CLI_COMMAND = 'npx companion'

export const realityCell = (value: number, f: Pick<PlayFormat, 'exact' | 'language'>) =>
  realityText(value, f.exact ? 'exact' : 'game', f.language)

/** A play time: local, medium date and short time in the --lang language (as the app shows it), or UTC to the millisecond. */
export function timeCell(playedAt: string, f: PlayFormat): string {
  const ms = parseRfc3339(playedAt)
  if (!Number.isFinite(ms)) return playedAt
  if (f.exact) return new Date(ms).toISOString()
  return new Intl.DateTimeFormat(f.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: f.timeZone }).format(ms)
}

export function playTable(records: readonly ScoreRecord[], chartText: (chartId: string) => string, labels: CliLabels, f: PlayFormat) {
  return table(
    labels.columns,
    records.map((r) => [
      timeCell(r.played_at, f),
      chartText(r.chart_id),
      r.grade,
      r.score,
      cliNumbers(f.language).percent(accuracyPercent(r.score_accuracy)),
      realityCell(r.reality, f),
      isTouchPlay(r) ? labels.touch : labels.keyboard
    ])
  )
}

/** The two Reality lines of `rank`. */
export const realityLines = (rank: { touch_reality: number; keyboard_reality: number }, labels: CliLabels, f: PlayFormat) => [
  `${labels.touchReality} ${realityCell(rank.touch_reality, f)}`,
  `${labels.keyboardReality} ${realityCell(rank.keyboard_reality, f)}`
]
