import { InvalidArgumentError } from 'commander'
import type { LocalSession } from '../shared/sessions'
import type { CliLabels } from './labels'
import { table } from './output'

/** `--gap`: whole minutes from 30 to 360 (the app's setting's range). */
export function gapMinutes(value: string): number {
  const n = Number(value)
  if (!Number.isInteger(n) || n < 30 || n > 360) throw new InvalidArgumentError('--gap must be a whole number of minutes from 30 to 360.')
  return n
}

/** A duration as h:mm, from two times as data.db wrote them (read on this computer's clock where they have no offset). */
function duration(start: string, end: string): string {
  const minutes = Math.max(0, Math.round((Date.parse(end) - Date.parse(start)) / 60_000))
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`
}

/**
 * `companion local sessions` as text: the rule, one row per session (oldest first, numbered), then
 * each session's new bests under its number, and how many plays had no usable time.
 */
export function sessionsText(
  result: { file: string; sessions: LocalSession[]; untimed: number },
  gap: number,
  labels: CliLabels,
  chartText: (chartId: string) => string
): string {
  const l = labels.sessions
  const lines = [result.sessions.length ? l.count(l.sessionCount(result.sessions.length), result.file) : l.none, l.rule(gap)]
  if (result.untimed) lines.push(l.untimed(result.untimed))
  if (!result.sessions.length) return lines.join('\n')
  const rows = result.sessions.map((s, k) => [
    k + 1,
    s.start,
    s.end,
    duration(s.start, s.end),
    s.plays,
    s.charts,
    s.touch,
    s.keyboard,
    s.newBests.length,
    s.gradeRaises,
    s.skipped
  ])
  lines.push('', table(['#', ...l.columns], rows))
  result.sessions.forEach((s, k) => {
    for (const b of s.newBests)
      lines.push(`#${k + 1} ${l.newBest}: ${chartText(b.chart_id)} (${labels[b.mode]}) ${b.before} → ${b.after}  ${b.played_at}`)
  })
  return lines.join('\n')
}
