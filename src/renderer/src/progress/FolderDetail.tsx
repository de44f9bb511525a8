import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CLEAR_SCORE, GRADE_MIN } from '../../../shared/grade-lines'
import type { FolderChart, FolderDetail as Detail, ViewMode } from '../../../shared/progress'
import type { AppErrorData } from '../../../shared/errors'
import { GRADES, gradeOf, type Grade } from '../../../shared/reality'
import { isOverloaded } from '../../../shared/play-marks'
import { ChartTitle } from '../chart-list/ChartTitle'
import { useSync } from '../sync/store'
import { DifficultyBadge, GradeChip } from '../ui/Chips'
import { ErrorMessage, toErrorData } from '../ui/ErrorMessage'
import { formatNumber } from '../ui/format'
import { Skeleton } from '../ui/PanelBadge'
import { folderName, modeText } from './goal-text'
import { useProgress } from './store'

export type Mark = 'clear' | 'fullCombo' | 'allPerfect' | 'overloaded'
/** A segment of a folder's bar: a grade (exactly it, or it and better), or a mark (Overloaded: a best above 1,010,000). */
export type Segment = { kind: 'grade'; grade: Grade; atLeast?: boolean } | { kind: 'mark'; mark: Mark }

const MARKS: Mark[] = ['clear', 'fullCombo', 'allPerfect', 'overloaded']

const hasMark = (mark: Mark, best: NonNullable<FolderChart['best']>) =>
  mark === 'clear' ? best.score >= CLEAR_SCORE || best.fullCombo : mark === 'overloaded' ? isOverloaded(best.score) : best[mark]

/** The charts in a segment, the played ones not yet at its level (closest first), and those not played. */
export function splitBySegment(charts: readonly FolderChart[], segment: Segment) {
  const played = charts.filter((c) => c.best !== null)
  const reached = (c: FolderChart) => (segment.kind === 'mark' ? hasMark(segment.mark, c.best!) : c.best!.score >= GRADE_MIN[segment.grade])
  const inIt = played.filter((c) => (segment.kind === 'grade' && !segment.atLeast ? gradeOf(c.best!.score) === segment.grade : reached(c)))
  const notYet = played.filter((c) => !reached(c)).sort((a, b) => b.best!.score - a.best!.score)
  return { inIt, notYet, notPlayed: charts.filter((c) => c.best === null) }
}

function Best({ chart }: { chart: FolderChart }) {
  const { t } = useTranslation()
  const best = chart.best
  if (!best) return <span className="muted">—</span>
  return (
    <span>
      {formatNumber(best.score)} <GradeChip grade={gradeOf(best.score)} />
      {best.allPerfect ? ' AP' : best.fullCombo ? ' FC' : ''}
      {best.fromSave && <span className="muted small"> · {t('progress.fromSave')}</span>}
    </span>
  )
}

function ChartList({ title, charts, needed }: { title: string; charts: FolderChart[]; needed?: number }) {
  const { t } = useTranslation()
  const list = useSync((s) => s.charts)
  return (
    <section className="pg-list">
      <h3>{title}</h3>
      {charts.length === 0 ? (
        <p className="muted">{t('progress.noCharts')}</p>
      ) : (
        <table className="data-table static">
          <thead>
            <tr>
              <th>{t('progress.chart')}</th>
              <th>{t('progress.bestNow')}</th>
              {needed !== undefined && <th>{t('progress.needed')}</th>}
            </tr>
          </thead>
          <tbody>
            {charts.map((c) => {
              const info = list.get(c.chart_id)
              return (
                <tr key={c.chart_id}>
                  <td>
                    <ChartTitle chartId={c.chart_id} /> <DifficultyBadge difficulty={info?.difficulty} constant={info?.constant} />
                  </td>
                  <td>
                    <Best chart={c} />
                  </td>
                  {needed !== undefined && (
                    <td>
                      {c.best && c.best.score < needed
                        ? t('progress.neededValue', { gap: formatNumber(needed - c.best.score), score: formatNumber(needed) })
                        : formatNumber(needed)}
                    </td>
                  )}
                </tr>
              )
            })}
          </tbody>
        </table>
      )}
    </section>
  )
}

const segmentKey = (s: Segment) => (s.kind === 'mark' ? s.mark : `${s.grade}${s.atLeast ? '+' : ''}`)
function segmentOf(key: string): Segment {
  if ((MARKS as string[]).includes(key)) return { kind: 'mark', mark: key as Mark }
  return { kind: 'grade', grade: key.replace('+', '') as Grade, atLeast: key.endsWith('+') }
}

/** A folder's charts at one level: those in it, those not yet there (with the best now and the score needed), those not played. */
export function FolderDetail(props: { accountId: string; folder: string; mode: ViewMode; initial: Segment; onClose(): void }) {
  const { t } = useTranslation()
  const { accountId, folder, mode } = props
  const [segment, setSegment] = useState<Segment>(props.initial)
  const [detail, setDetail] = useState<Detail | null>(null)
  const [error, setError] = useState<AppErrorData | null>(null)
  const version = useProgress((s) => s.byAccount[accountId])
  const load = useProgress((s) => s.folder)
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    let live = true
    load(accountId, folder, mode).then(
      (d) => live && (setDetail(d), setError(null)),
      (e: unknown) => live && setError(toErrorData(e))
    )
    return () => {
      live = false
    }
  }, [accountId, folder, mode, version, load])
  useEffect(() => heading.current?.focus(), [])
  const name = detail ? folderName(t, detail.row) : ''
  const level = segment.kind === 'mark' ? t(`progress.lamp_${segment.mark}`) : t('progress.atLeastHeader', { grade: segment.grade })
  const parts = detail ? splitBySegment(detail.charts, segment) : null
  return (
    <section className="panel pg-detail" aria-labelledby="folder-detail-title" data-testid="folder-detail">
      <div className="screen-head">
        <h2 id="folder-detail-title" ref={heading} tabIndex={-1}>
          {detail ? t('progress.detailTitle', { folder: name, mode: modeText(t, mode) }) : '…'}
        </h2>
        <div className="row">
          <label className="inline-label">
            {t('progress.detailLevel')}{' '}
            <select value={segmentKey(segment)} onChange={(e) => setSegment(segmentOf(e.target.value))}>
              {GRADES.map((g) => (
                <option key={g} value={g}>
                  {g}
                </option>
              ))}
              {GRADES.map((g) => (
                <option key={`${g}+`} value={`${g}+`}>
                  {t('progress.atLeastHeader', { grade: g })}
                </option>
              ))}
              {MARKS.map((m) => (
                <option key={m} value={m}>
                  {t(`progress.lamp_${m}`)}
                </option>
              ))}
            </select>
          </label>
          <button type="button" onClick={props.onClose}>
            {t('progress.closeDetail')}
          </button>
        </div>
      </div>
      <ErrorMessage error={error} />
      {!parts && !error && <Skeleton lines={4} />}
      {parts && (
        <>
          <ChartList
            title={
              segment.kind === 'grade' && !segment.atLeast
                ? t('progress.inGrade', { grade: segment.grade, count: parts.inIt.length })
                : t('progress.atLevel', { level, count: parts.inIt.length })
            }
            charts={parts.inIt}
          />
          <ChartList
            title={t('progress.notYet', { level, count: parts.notYet.length })}
            charts={parts.notYet}
            needed={segment.kind === 'grade' ? GRADE_MIN[segment.grade] : undefined}
          />
          <ChartList title={t('progress.notPlayed', { count: parts.notPlayed.length })} charts={parts.notPlayed} />
        </>
      )}
    </section>
  )
}
