import { ChartLink } from '../chart-list/ChartLink'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ChartChange, SaveDiff, SaveSummary } from '../../../shared/backups'
import type { AppErrorData } from '../../../shared/errors'
import { MAX_READ_SCORE, OVERLOADED } from '../../../shared/play-marks'
import { ComboChip, DifficultyBadge, GradeChip } from '../ui/Chips'
import { ErrorMessage, toErrorData } from '../ui/ErrorMessage'
import { formatChartReality, formatDateTime, formatNumber, formatReality, formatRealityChange, formatSaveTime } from '../ui/format'
import { useRealityDigits } from '../ui/RealityNumber'
import { Skeleton } from '../ui/PanelBadge'
import { useAction } from '../ui/useAction'
import { PlanPanel } from '../reality/PlanPanel'
import { WhatIfPanel } from '../reality/WhatIfPanel'
import { useBackups } from './store'

export type Detail = { kind: 'summary'; id: string } | { kind: 'diff'; id: string; from: string | null }

/** Loads once per key; what was loaded for another key is never shown. */
function useLoaded<T>(load: () => Promise<T>, key: string) {
  const [state, setState] = useState<{ key: string; value: T | null; error: AppErrorData | null } | null>(null)
  useEffect(() => {
    let live = true
    load().then(
      (value) => live && setState({ key, value, error: null }),
      (e: unknown) => live && setState({ key, value: null, error: toErrorData(e) })
    )
    return () => {
      live = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reloads when the backup changes
  }, [key])
  return state?.key === key ? state : { value: null, error: null }
}

/**
 * A panel opened from a backup's menu. It opens below the library, often out of view: it scrolls
 * into view and takes the focus, and gives the focus back to what opened it when it closes.
 */
export function Panel({ title, onClose, children, testId }: { title: string; onClose(): void; children: React.ReactNode; testId: string }) {
  const { t } = useTranslation()
  const section = useRef<HTMLElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    section.current?.scrollIntoView({ block: 'nearest' })
    heading.current?.focus({ preventScroll: true })
    return () => {
      if (opener?.isConnected && (!document.activeElement || document.activeElement === document.body)) opener.focus()
    }
  }, [])
  return (
    <section ref={section} className="card detail-card" aria-label={title} data-testid={testId}>
      <div className="screen-head">
        <h3 ref={heading} tabIndex={-1}>
          {title}
        </h3>
        <button type="button" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
      {children}
    </section>
  )
}

export function SummaryView({ id, onClose }: { id: string; onClose(): void }) {
  const { t } = useTranslation()
  const summary = useBackups((s) => s.summary)
  const addPlays = useBackups((s) => s.backfill)
  const { value, error } = useLoaded<SaveSummary>(() => summary(id), id)
  const digits = useRealityDigits()
  const backfilling = useAction()
  const backfill = () =>
    backfilling.run(async () => {
      const { added } = await addPlays(id)
      return t('backups.backfilled', { count: added })
    })
  const { message: added, error: backfillError } = backfilling
  // The planner on this save: Plan or What if, one at a time.
  const [planner, setPlanner] = useState<'plan' | 'whatIf' | null>(null)
  const toggle = (panel: 'plan' | 'whatIf') => setPlanner(planner === panel ? null : panel)
  return (
    <Panel title={t('backups.summaryTitle')} onClose={onClose} testId="save-summary">
      {!value && !error && <Skeleton lines={3} />}
      <ErrorMessage error={error} />
      {value && (
        <>
          <p>
            {t('backups.summaryLine', {
              count: value.charts,
              layout: t(`backups.layout_${value.layout}`),
              reality: value.reality === null ? '—' : formatReality(value.reality, digits)
            })}
            {value.ratedCharts < value.charts && ` ${t('backups.summaryUnrated', { count: value.charts - value.ratedCharts })}`}
            {value.skipped > 0 && ` ${t('backups.summarySkipped', { count: value.skipped })}`}
            {value.scoreTooHigh > 0 &&
              ` ${t('backups.summaryScoreTooHigh', { count: value.scoreTooHigh, max: formatNumber(MAX_READ_SCORE) })}`}
            {value.levelDisagreements > 0 && ` ${t('backups.summaryLevels', { count: value.levelDisagreements })}`}
          </p>
          {value.lastSaveTime && (
            // Written by the game in a local time of unknown zone: the time as written, never converted.
            <p className="muted" data-testid="last-save-time">
              {t('backups.lastSaveTime', { time: formatSaveTime(value.lastSaveTime) })}
            </p>
          )}
          <SummaryCounts value={value} />
          <ol className="compact summary-best">
            {value.best.slice(0, 10).map((b) => (
              <li key={`${b.chart_id}${b.mode ?? ''}`}>
                <ChartLink chartId={b.chart_id} /> <DifficultyBadge difficulty={b.difficulty} constant={b.constant} />{' '}
                {formatNumber(b.score)} <GradeChip grade={b.grade} />
                <ComboChip
                  mark={b.allPerfect ? 'AP' : b.fullCombo ? 'FC' : null}
                  name={t(b.allPerfect ? 'display.allPerfect' : 'display.fullCombo')}
                />
                {b.reality !== null && <span className="muted"> {formatChartReality(b.reality)}</span>}
              </li>
            ))}
          </ol>
          <div className="row">
            <button type="button" onClick={() => void backfill()}>
              {t('backups.backfill')}
            </button>
            <button type="button" aria-expanded={planner === 'plan'} onClick={() => toggle('plan')} data-testid="backup-plan">
              {t('planner.openPlan')}
            </button>
            <button type="button" aria-expanded={planner === 'whatIf'} onClick={() => toggle('whatIf')} data-testid="backup-what-if">
              {t('planner.openWhatIf')}
            </button>
          </div>
          {added && (
            <p className="note success" role="status">
              {added}
            </p>
          )}
          <ErrorMessage error={backfillError} />
          {planner === 'plan' && <PlanPanel source={{ kind: 'backup', backupId: id }} reality={value.reality ?? 0} headingLevel={4} />}
          {planner === 'whatIf' && <WhatIfPanel source={{ kind: 'backup', backupId: id }} headingLevel={4} />}
        </>
      )}
    </Panel>
  )
}

/** A save's charts by grade (Overloaded apart from R), and its FC and AP counts. */
function SummaryCounts({ value }: { value: SaveSummary }) {
  const { t } = useTranslation()
  return (
    <ul className="grade-counts summary-counts" data-testid="summary-grades">
      {value.overloaded > 0 && (
        <li>
          <GradeChip grade={OVERLOADED} /> <span className="count">{formatNumber(value.overloaded)}</span>
        </li>
      )}
      {Object.entries(value.grades)
        .filter(([, n]) => n > 0)
        .map(([g, n]) => (
          <li key={g}>
            <GradeChip grade={g} /> <span className="count">{formatNumber(n)}</span>
          </li>
        ))}
      {value.fullCombos !== null && (
        <li>
          <ComboChip mark="FC" name={t('display.fullCombo')} /> <span className="count">{formatNumber(value.fullCombos)}</span>
        </li>
      )}
      <li>
        <ComboChip mark="AP" name={t('display.allPerfect')} /> <span className="count">{formatNumber(value.allPerfects)}</span>
      </li>
    </ul>
  )
}

export function ChangeList({ title, changes }: { title: string; changes: ChartChange[] }) {
  const { t } = useTranslation()
  if (changes.length === 0) return null
  return (
    <>
      <h4>
        {title} ({formatNumber(changes.length)})
      </h4>
      <ul className="compact change-list">
        {changes.map((c) => (
          <li key={`${c.chart_id}${c.mode ?? ''}`}>
            <ChartLink chartId={c.chart_id} /> <DifficultyBadge difficulty={c.difficulty} />{' '}
            {c.before && (
              <>
                {formatNumber(c.before.score)} <GradeChip grade={c.before.grade} /> →{' '}
              </>
            )}
            {formatNumber(c.after.score)} <GradeChip grade={c.after.grade} />
            {c.after.fullCombo && !c.before?.fullCombo && <span className="badge">{t('backups.fcGained')}</span>}
            {c.after.allPerfect && !c.before?.allPerfect && <span className="badge">{t('backups.apGained')}</span>}
          </li>
        ))}
      </ul>
    </>
  )
}

export function DiffView({ detail, onClose }: { detail: Extract<Detail, { kind: 'diff' }>; onClose(): void }) {
  const { t } = useTranslation()
  const diff = useBackups((s) => s.diff)
  const { value, error } = useLoaded<SaveDiff>(() => diff(detail.from, detail.id), `${detail.from}>${detail.id}`)
  const digits = useRealityDigits()
  return (
    <Panel title={t('backups.whatChanged')} onClose={onClose} testId="save-diff">
      {!value && !error && <Skeleton lines={3} />}
      <ErrorMessage error={error} />
      {value && (
        <>
          <p className="muted">
            {t('backups.diffRange', { from: formatDateTime(value.from.backedUpAt), to: formatDateTime(value.to.backedUpAt) })}
          </p>
          {value.reality.change !== null && (
            <p>
              {t('backups.diffReality', {
                before: formatReality(value.reality.before, digits),
                after: formatReality(value.reality.after, digits)
              })}{' '}
              <strong className={value.reality.change >= 0 ? 'gain' : 'loss'}>
                {formatRealityChange(value.reality.before, value.reality.after, digits)}
              </strong>
            </p>
          )}
          {value.added.length + value.improved.length + value.lowered.length === 0 && <p>{t('backups.diffNothing')}</p>}
          <ChangeList title={t('backups.diffAdded')} changes={value.added} />
          <ChangeList title={t('backups.diffImproved')} changes={value.improved} />
          <ChangeList title={t('backups.diffLowered')} changes={value.lowered} />
        </>
      )}
    </Panel>
  )
}
