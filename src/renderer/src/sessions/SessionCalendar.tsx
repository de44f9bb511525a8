import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { SessionCard, SessionMode } from '../../../shared/sessions'
import { formatNumber, formatSigned } from '../ui/format'
import { addDays, dayAfterKey, dayFigures, dayOf, shade, weeksBetween, type DayFigures } from './calendar'
import { calendarMonth, dateFormat } from './date-format'

type Shade = 'plays' | 'gain'

/**
 * The last 12 months, one cell a day (weeks as columns, Monday on top), shaded by plays or by Reality
 * gained. A grid for the keyboard (one cell takes focus; arrows move; Enter picks the day); every cell
 * says its day in words, and the months are also given as a table.
 */
export function SessionCalendar({
  cards,
  mode,
  now,
  onPick
}: {
  cards: readonly SessionCard[]
  mode: SessionMode | null
  now: number
  onPick(day: number): void
}) {
  const { t } = useTranslation()
  const [by, setBy] = useState<Shade>('plays')
  const last = dayOf(now)
  const first = addDays(last, -364)
  const days = useMemo(() => dayFigures(cards, mode), [cards, mode])

  return (
    <section className="session-calendar" aria-labelledby="calendar-title">
      <div className="screen-head">
        <h2 id="calendar-title">{t('sessions.calendar')}</h2>
        <div role="radiogroup" aria-label={t('sessions.shadeBy')} className="segmented">
          {(['plays', 'gain'] as const).map((s) => (
            <button key={s} type="button" role="radio" aria-checked={by === s} onClick={() => setBy(s)}>
              {t(`sessions.shade_${s}`)}
            </button>
          ))}
        </div>
      </div>
      <p className="muted" id="calendar-help">
        {t('sessions.calendarHelp')}
      </p>
      <div className="calendar-box">
        <CalendarGrid days={days} first={first} last={last} by={by} onPick={onPick} />
      </div>
      <p className="calendar-legend muted" aria-hidden="true">
        {t('sessions.less')}{' '}
        {[0, 1, 2, 3, 4].map((level) => (
          <span key={level} className="calendar-swatch" data-level={level} />
        ))}{' '}
        {t('sessions.more')}
      </p>
      <CalendarText days={days} first={first} last={last} />
    </section>
  )
}

/** The grid's one focusable day, moved by the keys (and the focus with it), and Enter or Space to pick it. */
function useCalendarFocus(first: number, last: number, onPick: (day: number) => void) {
  const [focus, setFocus] = useState(last)
  const moved = useRef(false)
  const grid = useRef<HTMLTableElement>(null)
  const focused = Math.min(last, Math.max(first, focus))

  useEffect(() => {
    if (!moved.current) return
    moved.current = false
    grid.current?.querySelector<HTMLElement>(`[data-day="${focused}"]`)?.focus()
  }, [focused])

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      onPick(focused)
      return
    }
    const next = dayAfterKey(event.key, focused, first, last)
    if (next === null) return
    event.preventDefault()
    moved.current = true
    setFocus(next)
  }
  const pick = (day: number) => {
    setFocus(day)
    onPick(day)
  }
  return { grid, focused, onKeyDown, pick }
}

/** A day in words: its date, and its sessions, plays and gain when it has any. */
function useDayLabel(days: ReadonlyMap<number, DayFigures>) {
  const { t, i18n } = useTranslation()
  const long = dateFormat(i18n.language, { dateStyle: 'full' })
  return (day: number) => {
    const f = days.get(day)
    const date = long.format(day)
    if (!f) return t('sessions.dayNone', { date })
    return t('sessions.day', {
      date,
      sessions: t('sessions.count', { count: f.sessions }),
      plays: t('sessions.plays', { count: f.plays }),
      gain: formatSigned(f.gain, 4)
    })
  }
}

/** The calendar itself: a column a week under its month, a row a weekday, a cell a day shaded by its share of the busiest. */
function CalendarGrid(props: { days: ReadonlyMap<number, DayFigures>; first: number; last: number; by: Shade; onPick(day: number): void }) {
  const { i18n } = useTranslation()
  const { days, first, last, by } = props
  const weeks = useMemo(() => weeksBetween(first, last), [first, last])
  const { grid, focused, onKeyDown, pick } = useCalendarFocus(first, last, props.onPick)
  const label = useDayLabel(days)
  const valueOf = (f: DayFigures | undefined) => (f ? (by === 'plays' ? f.plays : Math.max(0, f.gain)) : 0)
  let max = 0
  for (const f of days.values()) if (f.day >= first) max = Math.max(max, valueOf(f))
  const weekday = dateFormat(i18n.language, { weekday: 'short' })
  const weekdayLong = dateFormat(i18n.language, { weekday: 'long' })
  return (
    <table
      ref={grid}
      role="grid"
      className="calendar-grid"
      aria-labelledby="calendar-title"
      aria-describedby="calendar-help"
      data-testid="session-calendar"
    >
      <colgroup>
        <col className="calendar-weekday-col" />
        <col span={weeks.length} />
      </colgroup>
      <MonthHeads weeks={weeks} first={first} />
      <tbody>
        {[0, 1, 2, 3, 4, 5, 6].map((row) => (
          <tr key={row}>
            <th scope="row" className="calendar-weekday">
              <span className="visually-hidden">{weekdayLong.format(weeks[0]![row]!)}</span>
              <span aria-hidden="true">{row % 2 === 0 ? weekday.format(weeks[0]![row]!) : ''}</span>
            </th>
            {weeks.map((week) => {
              const day = week[row]!
              if (day < first || day > last) return <td key={day} className="calendar-out" />
              return (
                <td
                  key={day}
                  role="gridcell"
                  data-day={day}
                  data-level={shade(valueOf(days.get(day)), max)}
                  className="calendar-day"
                  tabIndex={day === focused ? 0 : -1}
                  aria-label={label(day)}
                  aria-selected={day === focused}
                  title={label(day)}
                  onKeyDown={onKeyDown}
                  onClick={() => pick(day)}
                />
              )
            })}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** The month over its weeks: a short name where three weeks or more give it room, the whole name on hover and to screen readers. */
function MonthHeads({ weeks, first }: { weeks: readonly number[][]; first: number }) {
  const { i18n } = useTranslation()
  const monthLong = dateFormat(i18n.language, { year: 'numeric', month: 'long' })
  return (
    <thead>
      <tr>
        <td />
        {monthsOf(weeks, first).map((m) => (
          <th key={m.start} scope="colgroup" colSpan={m.weeks} className="calendar-month" title={monthLong.format(m.start)}>
            <span className="visually-hidden">{monthLong.format(m.start)}</span>
            <span aria-hidden="true">{m.weeks >= 3 ? calendarMonth(i18n.language, m.start) : ''}</span>
          </th>
        ))}
      </tr>
    </thead>
  )
}

/** The weeks grouped by the month their first day (in the range) falls in: the calendar's column headers. */
function monthsOf(weeks: readonly number[][], first: number): { start: number; weeks: number }[] {
  const months: { key: string; start: number; weeks: number }[] = []
  for (const week of weeks) {
    const day = new Date(Math.max(week[0]!, first))
    const key = `${day.getFullYear()}-${day.getMonth()}`
    const last = months.at(-1)
    if (last?.key === key) last.weeks++
    else months.push({ key, start: day.getTime(), weeks: 1 })
  }
  return months
}

/** The calendar as a table of months: sessions, plays, days played and Reality gained. */
function CalendarText({ days, first, last }: { days: ReadonlyMap<number, DayFigures>; first: number; last: number }) {
  const { t, i18n } = useTranslation()
  const month = dateFormat(i18n.language, { year: 'numeric', month: 'long' })
  const rows = new Map<string, { sessions: number; plays: number; days: number; gain: number }>()
  for (let day = first; day <= last; day = addDays(day, 1)) {
    const key = month.format(day)
    const row = rows.get(key) ?? { sessions: 0, plays: 0, days: 0, gain: 0 }
    const f = days.get(day)
    if (f) {
      row.sessions += f.sessions
      row.plays += f.plays
      row.days++
      row.gain += f.gain
    }
    rows.set(key, row)
  }
  return (
    <details className="calendar-text">
      <summary>{t('sessions.calendarText')}</summary>
      <table className="data-table static" data-testid="calendar-text">
        <thead>
          <tr>
            <th scope="col">{t('sessions.month')}</th>
            <th scope="col">{t('sessions.heading')}</th>
            <th scope="col">{t('sessions.playsLabel')}</th>
            <th scope="col">{t('sessions.daysPlayed')}</th>
            <th scope="col">{t('sessions.shade_gain')}</th>
          </tr>
        </thead>
        <tbody>
          {[...rows].map(([name, row]) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              <td>{formatNumber(row.sessions)}</td>
              <td>{formatNumber(row.plays)}</td>
              <td>{formatNumber(row.days)}</td>
              <td>{row.plays ? formatSigned(row.gain, 4) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  )
}
