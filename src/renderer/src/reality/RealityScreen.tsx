import { lazy, Suspense, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { InsightRow, RealityPoint } from '../../../shared/data'
import { activeAccount, useAccounts } from '../accounts/store'
import { useData, useInsights } from '../data/store'
import { ScreenHead, PanelNotice, Skeleton, SkippedNote } from '../ui/PanelBadge'
import { formatAccuracy, formatNumber } from '../ui/format'
import { bestToCsv, bestToPng, downloadBlob } from './export'

const RealityChart = lazy(() => import('./RealityChart'))

function Rows({ rows, offset = 0, testId }: { rows: InsightRow[]; offset?: number; testId: string }) {
  const { t } = useTranslation()
  return (
    <table className="data-table static" data-testid={testId}>
      <thead>
        <tr>
          <th>#</th>
          <th>{t('scores.title')}</th>
          <th>{t('scores.difficulty')}</th>
          <th>{t('reality.constant')}</th>
          <th>{t('scores.score')}</th>
          <th>{t('scores.accuracy')}</th>
          <th>{t('scores.grade')}</th>
          <th>{t('reality.value')}</th>
          <th>{t('reality.target')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={r.record.chart_id}>
            <td>{i + 1 + offset}</td>
            <td>
              {r.title ?? (
                <span className="muted" title={r.record.chart_id}>
                  {r.record.chart_id.slice(0, 8)}…
                </span>
              )}
            </td>
            <td>{r.difficulty ?? '—'}</td>
            <td title={r.constantSource ? t(`reality.source_${r.constantSource}`) : undefined}>
              {r.constant === null ? '?' : formatNumber(r.constant, 1)}
            </td>
            <td>{formatNumber(r.record.score)}</td>
            <td>{formatAccuracy(r.record.score_accuracy)}</td>
            <td>
              <span className={`grade grade-${r.record.grade}`}>{r.record.grade}</span>
            </td>
            <td>{formatNumber(r.record.reality, 3)}</td>
            <td>{r.targetScore !== null ? formatNumber(r.targetScore) : <span className="muted">{t(`reality.why_${r.why}`)}</span>}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

export function RealityScreen() {
  const { t } = useTranslation()
  const account = useAccounts((s) => activeAccount(s.state))
  const data = useData((s) => (account ? s.byAccount[account.id] : undefined))
  const realityHistory = useData((s) => s.realityHistory)
  const [mode, setMode] = useState<'touch' | 'keyboard'>('touch')
  const insights = useInsights(account?.id)
  const [points, setPoints] = useState<RealityPoint[]>([])
  const snapshots = data?.history.snapshots

  useEffect(() => {
    if (!account) return
    let live = true
    void realityHistory(account.id).then((value) => live && setPoints(value))
    return () => {
      live = false
    }
  }, [account, snapshots, realityHistory])

  if (!account) return null
  const current = insights?.[mode]
  const label = t(`reality.mode_${mode}`)
  const fileBase = `reality-${mode}-${account.username ?? account.uid}`
  const dark = document.documentElement.dataset.theme === 'dark'
  return (
    <section className="screen wide" aria-labelledby="reality-title">
      <ScreenHead id="reality-title" title={t('reality.heading')} panel={data?.rank.panel} />
      {data && <PanelNotice panel={data.rank.panel} capability="best" />}
      {data?.rank.data && <SkippedNote count={data.rank.data.skipped} />}
      <div role="tablist" className="tabs" aria-label={t('reality.modes')}>
        {(['touch', 'keyboard'] as const).map((m) => (
          <button key={m} role="tab" type="button" aria-selected={mode === m} onClick={() => setMode(m)}>
            {t(`reality.mode_${m}`)} {insights && <span className="badge">{formatNumber(insights[m].reality, 4)}</span>}
          </button>
        ))}
      </div>
      {!current && data?.rank.panel.status === 'refreshing' && <Skeleton lines={6} />}
      {current && (
        <div role="tabpanel" className="panel">
          <div className="reality-head">
            <div>
              <div className="muted">{label}</div>
              <div className="reality-value" data-testid="reality-value">
                {formatNumber(current.reality, 4)}
              </div>
            </div>
            <div className="row">
              <button
                type="button"
                onClick={() =>
                  void bestToPng(
                    current.best,
                    `${account.nickname ?? account.username} · ${label}`,
                    `Reality ${formatNumber(current.reality, 4)}`,
                    dark
                  ).then((b) => downloadBlob(b, `${fileBase}.png`))
                }
              >
                {t('reality.exportPng')}
              </button>
              <button
                type="button"
                onClick={() => downloadBlob(new Blob([bestToCsv(current.best)], { type: 'text/csv' }), `${fileBase}.csv`)}
              >
                {t('reality.exportCsv')}
              </button>
              <button
                type="button"
                onClick={() => downloadBlob(new Blob([JSON.stringify(current, null, 2)], { type: 'application/json' }), `${fileBase}.json`)}
              >
                {t('reality.exportJson')}
              </button>
            </div>
          </div>
          <h2>{t('reality.best', { count: current.best.length })}</h2>
          <p className="muted">{t('reality.targetHelp')}</p>
          {current.best.length === 0 ? <p className="muted">{t('reality.noPlays')}</p> : <Rows rows={current.best} testId="best-20" />}
          {current.overflow.length > 0 && (
            <>
              <h2>{t('reality.overflow')}</h2>
              <Rows rows={current.overflow} offset={current.best.length} testId="overflow" />
            </>
          )}
        </div>
      )}
      <h2>{t('reality.overTime')}</h2>
      {points.length < 2 ? (
        <p className="muted">{t('reality.historyGrowing', { count: points.length })}</p>
      ) : (
        <Suspense fallback={<Skeleton lines={5} />}>
          <RealityChart points={points} labels={{ touch: t('reality.mode_touch'), keyboard: t('reality.mode_keyboard') }} />
        </Suspense>
      )}
    </section>
  )
}
