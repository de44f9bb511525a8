import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AppErrorData } from '../../../shared/errors'
import { gradeOf } from '../../../shared/reality'
import type { SessionMode, SessionSummary } from '../../../shared/sessions'
import { ChartLink } from '../chart-list/ChartLink'
import { useSync } from '../sync/store'
import { ComboChip, DifficultyBadge, GradeChip } from '../ui/Chips'
import { ErrorMessage, toErrorData } from '../ui/ErrorMessage'
import { Skeleton } from '../ui/PanelBadge'
import { formatAccuracy, formatNumber, formatSigned } from '../ui/format'
import { MoveText } from './MoveText'
import { SessionMarks } from '../record/SessionMarks'
import { ShareSessionButton } from './ShareSessionButton'
import { useSessions } from './store'
import { dateFormat } from './date-format'
import { sessionWhen, useSessionLength } from './text'

const MODES = ['touch', 'keyboard'] as const

/** What one session did: its figures, Reality before and after, new bests, raises, best 20 changes and every play. */
export function SessionSummaryView({ accountId, id, version, onBack }: { accountId: string; id: string; version: number; onBack(): void }) {
  const { t, i18n } = useTranslation()
  const [summary, setSummary] = useState<SessionSummary | null>(null)
  const [error, setError] = useState<AppErrorData | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const sessionLength = useSessionLength()
  const load = useSessions((s) => s.summary)
  useEffect(() => {
    let live = true
    void load(accountId, id).then(
      (value) => live && (setSummary(value), setError(null)),
      (e: unknown) => live && setError(toErrorData(e))
    )
    return () => {
      live = false
    }
  }, [accountId, id, version, load])
  const loaded = summary !== null
  useEffect(() => {
    if (loaded) heading.current?.focus()
  }, [loaded])
  const back = (
    <button type="button" className="link" onClick={onBack}>
      ← {t('sessions.back')}
    </button>
  )
  if (!summary)
    return (
      <section className="session-summary">
        {back}
        {error ? <ErrorMessage error={error} /> : <Skeleton lines={6} />}
      </section>
    )
  const { card } = summary
  const date = dateFormat(i18n.language, { dateStyle: 'full' }).format(card.start)
  const time = dateFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <section className="session-summary" aria-labelledby="session-title" data-testid="session-summary">
      {back}
      <div className="screen-head">
        <h2 id="session-title" ref={heading} tabIndex={-1}>
          {t('sessions.summary', { date })}
        </h2>
        <ShareSessionButton accountId={accountId} summary={summary} />
      </div>
      <SessionMarks accountId={accountId} sessionId={id} />
      <dl className="facts compact-facts">
        <Fact label={t('sessions.start')} value={time.format(card.start)} />
        <Fact label={t('sessions.end')} value={time.format(card.end)} />
        <Fact label={t('sessions.duration')} value={sessionLength(card)} />
        <Fact label={t('sessions.playsLabel')} value={formatNumber(card.plays)} />
        <Fact label={t('sessions.chartsLabel')} value={formatNumber(card.charts)} />
        <Fact label={t('sessions.inputs')} value={`${formatNumber(card.touch)} / ${formatNumber(card.keyboard)}`} />
      </dl>
      <h3>{t('sessions.reality')}</h3>
      <ul className="session-reality" data-testid="session-reality">
        {MODES.map((mode) => (
          <li key={mode}>
            <MoveText mode={mode} move={mode === 'touch' ? card.touchMove : card.keyboardMove} />
          </li>
        ))}
      </ul>
      <NewBests summary={summary} />
      <Changes summary={summary} />
      <Plays summary={summary} when={sessionWhen(i18n.language, card.start, card.end)} />
    </section>
  )
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="fact">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  )
}

/** A grade with its FC/AP mark, as in the Scores table. */
function GradeWithMark({ grade, combo }: { grade: string; combo: 'FC' | 'AP' | null }) {
  const { t } = useTranslation()
  return (
    <>
      <GradeChip grade={grade} />
      {combo && <ComboChip mark={combo} name={t(combo === 'AP' ? 'display.allPerfect' : 'display.fullCombo')} />}
    </>
  )
}

/** A chart's title, then its difficulty and constant from the chart list in the badge the Scores table shows. */
/** A chart's title opens its history (where a play is hidden, starred or noted), with its difficulty beside it. */
function ChartWithDifficulty({ chartId }: { chartId: string }) {
  const chart = useSync((s) => s.charts.get(chartId))
  return (
    <>
      <ChartLink chartId={chartId} /> <DifficultyBadge difficulty={chart?.difficulty} constant={chart?.constant} flat />
    </>
  )
}

const ModeName = ({ mode }: { mode: SessionMode }) => {
  const { t } = useTranslation()
  return <span className="muted">{t(`sessions.mode_${mode}`)}</span>
}

function NewBests({ summary }: { summary: SessionSummary }) {
  const { t } = useTranslation()
  return (
    <>
      <h3>{t('sessions.newBestsTitle')}</h3>
      <p className="muted">{t('sessions.newBestsHelp')}</p>
      {summary.newBests.length === 0 ? (
        <p className="note">{t('sessions.noNewBests')}</p>
      ) : (
        <table className="data-table static" data-testid="session-new-bests">
          <thead>
            <tr>
              <th scope="col">{t('sessions.chart')}</th>
              <th scope="col">{t('sessions.mode')}</th>
              <th scope="col">{t('sessions.before')}</th>
              <th scope="col">{t('sessions.after')}</th>
              <th scope="col">{t('sessions.change')}</th>
              <th scope="col">{t('sessions.grade')}</th>
            </tr>
          </thead>
          <tbody>
            {summary.newBests.map((b) => (
              <tr key={`${b.chart_id}|${b.mode}`}>
                <td className="col-title">
                  <ChartWithDifficulty chartId={b.chart_id} />
                </td>
                <td>
                  <ModeName mode={b.mode} />
                </td>
                <td>{formatNumber(b.before)}</td>
                <td>{formatNumber(b.after)}</td>
                <td className="gain">{formatSigned(b.after - b.before)}</td>
                <td className="grade-cell">
                  <GradeWithMark grade={gradeOf(b.after)} combo={b.combo} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  )
}

/** Grades raised, first Full Combos and All Perfects, and what entered and left each best 20. */
function Changes({ summary }: { summary: SessionSummary }) {
  const { t } = useTranslation()
  const combos = [
    ...summary.fullCombos.map((c) => ({ ...c, what: 'FC' as const })),
    ...summary.allPerfects.map((c) => ({ ...c, what: 'AP' as const }))
  ]
  const moved = MODES.flatMap((mode) => [
    ...summary.best20[mode].entered.map((id) => ({ id, mode, label: t('sessions.best20Entered', { mode: t(`sessions.mode_${mode}`) }) })),
    ...summary.best20[mode].left.map((id) => ({ id, mode, label: t('sessions.best20Left', { mode: t(`sessions.mode_${mode}`) }) }))
  ])
  return (
    <>
      {summary.gradeRaises.length > 0 && (
        <>
          <h3>{t('sessions.gradeRaisesTitle')}</h3>
          <ul className="session-changes" data-testid="session-grade-raises">
            {summary.gradeRaises.map((g) => (
              <li key={`${g.chart_id}|${g.mode}`}>
                <ChartWithDifficulty chartId={g.chart_id} /> <ModeName mode={g.mode} /> <GradeChip grade={g.before} /> →{' '}
                <GradeChip grade={g.after} />
              </li>
            ))}
          </ul>
        </>
      )}
      {combos.length > 0 && (
        <>
          <h3>{t('sessions.combosTitle')}</h3>
          <p className="muted">{t('sessions.combosHelp')}</p>
          <ul className="session-changes" data-testid="session-combos">
            {combos.map((c) => (
              <li key={`${c.chart_id}|${c.mode}|${c.what}`}>
                <ComboChip mark={c.what} name={t(c.what === 'AP' ? 'display.allPerfect' : 'display.fullCombo')} />{' '}
                <ChartWithDifficulty chartId={c.chart_id} /> <ModeName mode={c.mode} />
              </li>
            ))}
          </ul>
        </>
      )}
      <h3>{t('sessions.best20Title')}</h3>
      {moved.length === 0 ? (
        <p className="muted">{t('sessions.best20None')}</p>
      ) : (
        <ul className="session-changes" data-testid="session-best20">
          {moved.map((m) => (
            <li key={`${m.label}|${m.id}`}>
              <span className="muted">{m.label}:</span> <ChartWithDifficulty chartId={m.id} />
            </li>
          ))}
        </ul>
      )}
    </>
  )
}

/** Every play of the session, with its gain against the best before it. */
function Plays({ summary, when }: { summary: SessionSummary; when: string }) {
  const { t, i18n } = useTranslation()
  const time = dateFormat(i18n.language, { hour: 'numeric', minute: '2-digit' })
  return (
    <>
      <h3>{t('sessions.playsTitle')}</h3>
      <div className="table-wrap">
        <table className="data-table static" data-testid="session-plays" aria-label={`${t('sessions.playsTitle')}: ${when}`}>
          <thead>
            <tr>
              <th scope="col">{t('sessions.time')}</th>
              <th scope="col">{t('sessions.chart')}</th>
              <th scope="col">{t('sessions.mode')}</th>
              <th scope="col">{t('sessions.score')}</th>
              <th scope="col">{t('sessions.grade')}</th>
              <th scope="col">{t('sessions.accuracy')}</th>
              <th scope="col">{t('sessions.gain')}</th>
            </tr>
          </thead>
          <tbody>
            {summary.plays.map((p, i) => (
              <tr key={i} className={p.newBest ? 'new-best' : undefined}>
                <td>{time.format(Date.parse(p.played_at))}</td>
                <td className="col-title">
                  <ChartWithDifficulty chartId={p.chart_id} />
                </td>
                <td>
                  <ModeName mode={p.mode} />
                </td>
                <td>{formatNumber(p.score)}</td>
                <td className="grade-cell">
                  <GradeWithMark grade={p.grade} combo={p.combo} />
                </td>
                <td>{formatAccuracy(p.accuracy / 100)}</td>
                <td>
                  {p.gain === null ? (
                    <span className="muted">{t('sessions.firstPlay')}</span>
                  ) : (
                    <span className={p.gain > 0 ? 'gain' : p.gain < 0 ? 'loss' : 'muted'}>
                      {formatSigned(p.gain)}
                      {p.newBest && ` · ${t('sessions.newBest')}`}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}
