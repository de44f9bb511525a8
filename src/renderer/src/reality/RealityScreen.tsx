import { lazy, Suspense, useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AccountSummary } from '../../../shared/accounts'
import type { AccountData, InsightRow, Insights, RealityPoint } from '../../../shared/data'
import { realityText } from '../../../shared/game-numbers'
import { pointsInRange, type PlayMode } from '../../../shared/player'
import { activeAccount, useAccounts } from '../accounts/store'
import { ChartLink } from '../chart-list/ChartLink'
import { useComboOf } from '../chart-list/useCombo'
import { StaleListNote } from '../chart-list/ChartListNotes'
import { chartLabel } from '../chart-list/names'
import { useChartNames } from '../chart-list/useChartNames'
import { useSync, useInsights, useRealityPoints } from '../sync/store'
import { ComboChip, DifficultyBadge, GradeChip, PlayMarkChips } from '../ui/Chips'
import { Menu } from '../ui/Menu'
import { PanelNotice, ScreenHead, Skeleton, SkippedNote } from '../ui/PanelBadge'
import { formatAccuracy, formatChartReality, formatConstant, formatDateTime, formatNumber, formatReality, formatSigned } from '../ui/format'
import { RealityNumber, useRealityDigits, WeekChange } from '../ui/RealityNumber'
import { useNow } from '../ui/useNow'
import { bestToCsv } from './export'
import { useExports } from '../exports/store'
import { PlannerButtons, PlannerPanels } from './PlannerSection'
import { isHiddenIn } from '../record/PlayMarks'
import { playKey } from '../../../shared/record-keys'
import { useRecordState } from '../record/store'
import { PushNext } from './PushNext'
import { ShareImageButton } from './ShareImageButton'
import { NearMisses } from '../progress/NearMisses'
import { PeakNote, useChartPeak } from '../sessions/ProfileSessions'
import './reality.css'

const RealityChart = lazy(() => import('./RealityChart'))
const RANGES = [30, 90, 365, null] as const

/** The score for +0.01, or why there is none, in words. */
function Target({ row }: { row: InsightRow }) {
  const { t } = useTranslation()
  if (row.targetScore !== null)
    return (
      <span>
        {formatNumber(row.targetScore)} <span className="muted target-gain">({formatSigned(row.targetScore - row.record.score)})</span>
      </span>
    )
  return (
    <span className="muted" title={t(`reality.whyLong_${row.why}`)}>
      {t(`reality.why_${row.why}`)}
    </span>
  )
}

function Rows({ rows, offset = 0, testId, accountId }: { rows: InsightRow[]; offset?: number; testId: string; accountId: string }) {
  const { t } = useTranslation()
  const comboOf = useComboOf(accountId)
  const marks = useRecordState(accountId)
  const combo = { AP: t('display.allPerfect'), FC: t('display.fullCombo') }
  const constantNote = (r: InsightRow) =>
    r.stale
      ? t('reality.staleConstant', { listed: formatConstant(r.listedConstant, 1), recovered: formatConstant(r.constant, 2) })
      : r.constantSource
        ? t(`reality.source_${r.constantSource}`)
        : undefined
  return (
    <div className="table-wrap">
      <table className="data-table static reality-table" data-testid={testId}>
        <thead>
          <tr>
            <th className="col-rank">#</th>
            <th className="col-title">{t('scores.title')}</th>
            <th>{t('scores.difficulty')}</th>
            <th className="col-number">{t('scores.score')}</th>
            <th className="col-p3 col-number">{t('scores.accuracy')}</th>
            <th>{t('scores.grade')}</th>
            <th className="col-number">{t('reality.valueHeader')}</th>
            {/* In a small window the header is the gain alone ("+0.01"); the whole for the eye on hover and for screen readers. */}
            <th className="col-target" title={t('reality.target')} aria-label={t('reality.target')}>
              <span className="target-long">{t('reality.target')}</span>
              <span className="target-short">+{formatNumber(0.01, 2)}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={r.record.chart_id}>
              <td className="col-rank">{i + 1 + offset}</td>
              <td className="col-title">
                <ChartLink chartId={r.record.chart_id} />
              </td>
              <td title={constantNote(r)} className={r.stale ? 'stale-constant' : undefined}>
                <DifficultyBadge difficulty={r.difficulty} constant={r.constant} />
                {r.stale && (
                  <span className="stale-mark" aria-label={constantNote(r)}>
                    {' '}
                    ≠
                  </span>
                )}
              </td>
              <td className="col-number">{formatNumber(r.record.score)}</td>
              <td className="col-p3 col-number">{formatAccuracy(r.record.score_accuracy)}</td>
              <td className="col-grade">
                <GradeChip grade={r.record.grade} />
                <ComboChip mark={comboOf(r)} name={combo[comboOf(r) ?? 'FC']} />
                <PlayMarkChips play={r.record} />
                {/* The service's list, as it is: a play the player hid is only said so here (#55). */}
                {isHiddenIn(marks, r.record) && (
                  <span
                    className="chip mark-chip bg-mark-autoplay hidden-chip"
                    data-testid="hidden-chip"
                    title={t('record.hiddenInService')}
                  >
                    {t('record.hiddenChip')}
                  </span>
                )}
              </td>
              <td className="col-number">{formatChartReality(r.record.reality)}</td>
              <td className="col-target">
                <Target row={r} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

export function RealityScreen() {
  const { t } = useTranslation()
  const account = useAccounts((s) => activeAccount(s.state))
  const data = useSync((s) => (account ? s.byAccount[account.id] : undefined))
  const [mode, setMode] = useState<PlayMode>('touch')
  const insights = useInsights(account?.id)
  const points = useRealityPoints(account?.id)
  const named = useNamedRows(account?.id ?? '')
  const now = useNow()
  if (!account) return null
  const current = insights?.[mode]

  return (
    <section className="screen wide reality-screen" aria-labelledby="reality-title">
      <ScreenHead id="reality-title" title={t('reality.heading')} panel={data?.rank.panel} />
      {data && <PanelNotice panel={data.rank.panel} capability="best" />}
      {data?.rank.data && <SkippedNote count={data.rank.data.skipped} scoreTooHigh={data.rank.data.scoreTooHigh} />}
      {data?.rank.data?.listsReady === false && (
        <p className="note" role="status" data-testid="lists-not-ready">
          {t('reality.listsNotReady')}
        </p>
      )}
      <ModeTabs mode={mode} setMode={setMode} insights={insights} />
      {current && current.autoplay > 0 && (
        <p className="muted" data-testid="autoplay-left-out">
          {t('reality.autoplayLeftOut', { count: current.autoplay })}
        </p>
      )}
      {!current && data?.rank.panel.status === 'refreshing' && <Skeleton lines={6} />}
      {current && <ModePanel account={account} data={data} current={current} mode={mode} points={points} now={now} named={named} />}
      <OverTime accountId={account.id} mode={mode} points={points} now={now} />
      <PeakNote accountId={account.id} mode={mode} />
    </section>
  )
}

/** Rows with the title the reader sees (the share image and the exports have no markup for "unknown chart") and their mark. */
function useNamedRows(accountId: string) {
  const { t } = useTranslation()
  const nameOf = useChartNames()
  const unknownChart = t('charts.unknown')
  const comboOf = useComboOf(accountId)
  return useCallback(
    (rows: InsightRow[]) =>
      rows.map((r) => {
        const name = nameOf(r.record.chart_id)
        return { ...r, title: name.known ? name.title : `${name.title} ${unknownChart}`, combo: comboOf(r) }
      }),
    [nameOf, unknownChart, comboOf]
  )
}

/** The two input modes, each with its Reality. */
function ModeTabs({ mode, setMode, insights }: { mode: PlayMode; setMode(mode: PlayMode): void; insights: Insights | null }) {
  const { t, i18n } = useTranslation()
  const digits = useRealityDigits()
  return (
    <div role="tablist" className="tabs" aria-label={t('reality.modes')}>
      {(['touch', 'keyboard'] as const).map((m) => (
        <button key={m} role="tab" type="button" aria-selected={mode === m} onClick={() => setMode(m)}>
          {t(`reality.mode_${m}`)} {insights && <span className="badge">{realityText(insights[m].reality, digits, i18n.language)}</span>}
        </button>
      ))}
    </div>
  )
}

type ModeInsights = Insights[PlayMode]
type Named = ReturnType<typeof useNamedRows>

/** One mode's Reality, how to share or export it, its best 20, what to push next, near misses and the charts past the 20. */
function ModePanel(props: {
  account: AccountSummary
  data: AccountData | undefined
  current: ModeInsights
  mode: PlayMode
  points: RealityPoint[]
  now: number
  named: Named
}) {
  const { t } = useTranslation()
  const { account, current, mode, named } = props
  const label = t(`reality.mode_${mode}`)
  const fileBase = `reality-${mode}-${account.username ?? account.uid}`
  const hasPlays = current.best.length > 0
  return (
    <div role="tabpanel" className="panel">
      <div className="reality-head">
        <div>
          <div className="muted">{label}</div>
          <div className="reality-value">
            <RealityNumber value={current.reality} testId="reality-value" />
          </div>
          <WeekChange points={props.points} mode={mode} now={props.now} quiet />
        </div>
        <div className="row">
          <ShareImageButton
            account={account}
            data={props.data}
            insights={current}
            modeLabel={label}
            fileBase={fileBase}
            disabled={!hasPlays}
            named={named}
          />
          <ExportMenu current={current} named={named} fileBase={fileBase} disabled={!hasPlays} accountId={account.id} />
          <PlannerButtons />
        </div>
      </div>
      <PlannerPanels accountId={account.id} mode={mode} reality={current.reality} />
      {!hasPlays ? (
        <p className="note" data-testid="no-plays">
          {t('reality.noPlays')}
        </p>
      ) : (
        <>
          <h2>{t('reality.best', { count: current.best.length })}</h2>
          <p className="muted">{t('reality.targetHelp')}</p>
          <StaleListNote rows={[...current.best, ...current.overflow]} />
          <Rows rows={current.best} testId="best-20" accountId={account.id} />
          <PushNext best={current.best} mode={mode} accountId={account.id} />
          <NearMisses accountId={account.id} mode={mode} />
          {current.overflow.length > 0 && (
            <>
              <h2>{t('reality.overflow')}</h2>
              <Rows rows={current.overflow} offset={current.best.length} testId="overflow" accountId={account.id} />
            </>
          )}
        </>
      )}
    </div>
  )
}

/** The mode's best and overflow as a CSV or JSON file. */
function ExportMenu({
  current,
  named,
  fileBase,
  disabled,
  accountId
}: {
  current: ModeInsights
  named: Named
  fileBase: string
  disabled: boolean
  accountId: string
}) {
  const { t } = useTranslation()
  const save = useExports((s) => s.save)
  const marks = useRecordState(accountId)
  const marksOf = (r: InsightRow) => ({
    hidden: isHiddenIn(marks, r.record),
    starred: marks?.plays[playKey(r.record)]?.starred ?? false,
    note: marks?.plays[playKey(r.record)]?.note ?? null
  })
  return (
    <Menu
      label={t('reality.exportData')}
      testId="reality-export"
      items={[
        {
          label: t('reality.exportCsv'),
          disabled,
          onSelect: () => void save(new Blob([bestToCsv(named(current.best), marksOf)], { type: 'text/csv' }), fileBase, 'csv')
        },
        {
          label: t('reality.exportJson'),
          disabled,
          onSelect: () =>
            void save(
              new Blob([JSON.stringify({ ...current, best: named(current.best), overflow: named(current.overflow) }, null, 2)], {
                type: 'application/json'
              }),
              fileBase,
              'json'
            )
        }
      ]}
    />
  )
}

/** Reality over time: a range to show, and the chart of it (or why there is none). */
function OverTime({ accountId, mode, points, now }: { accountId: string; mode: PlayMode; points: RealityPoint[]; now: number }) {
  const { t } = useTranslation()
  const [range, setRange] = useState<(typeof RANGES)[number]>(90)
  const nameOf = useChartNames()
  const unknownChart = t('charts.unknown')
  const titleOf = useCallback((id: string) => chartLabel(nameOf(id), unknownChart), [nameOf, unknownChart])
  const chartLabels = useMemo(
    () => ({
      touch: t('reality.mode_touch'),
      keyboard: t('reality.mode_keyboard'),
      entered: t('reality.entered'),
      left: t('reality.left'),
      aria: t('reality.chartKeys')
    }),
    [t]
  )
  const shownPoints = useMemo(() => pointsInRange(points, now, range), [points, range, now])
  const peak = useChartPeak(accountId, mode)
  return (
    <>
      <div className="screen-head">
        <h2>{t('reality.overTime')}</h2>
        <div role="radiogroup" aria-label={t('reality.range')} className="segmented">
          {RANGES.map((r) => (
            <button key={String(r)} type="button" role="radio" aria-checked={range === r} onClick={() => setRange(r)}>
              {t(`reality.range_${r ?? 'all'}`)}
            </button>
          ))}
        </div>
      </div>
      {points.length < 2 ? (
        <p className="muted">{t('reality.historyGrowing', { count: points.length })}</p>
      ) : shownPoints.length < 2 ? (
        <Unchanged point={shownPoints[0]!} showAll={() => setRange(null)} />
      ) : (
        <Suspense fallback={<Skeleton lines={5} />}>
          <RealityChart points={shownPoints} mode={mode} titleOf={titleOf} labels={chartLabels} peak={peak} />
        </Suspense>
      )}
    </>
  )
}

/** A range with no change in it: its Reality said in words, rather than a chart of one point. */
function Unchanged({ point, showAll }: { point: RealityPoint; showAll(): void }) {
  const { t } = useTranslation()
  return (
    <p className="muted" data-testid="reality-unchanged">
      {t('reality.unchangedInRange', {
        touch: formatReality(point.touch, 'exact'),
        keyboard: formatReality(point.keyboard, 'exact'),
        date: formatDateTime(point.at)
      })}{' '}
      <button type="button" className="link" onClick={showAll}>
        {t('reality.showAllTime')}
      </button>
    </p>
  )
}
