import { useMemo } from 'react'
import { ownEvent, useModal } from '../ui/useModal'
import { CloseRow } from '../ui/CloseRow'
import { useTranslation } from 'react-i18next'
import type { KeptRecord } from '../../../shared/api'
import { parseRfc3339 } from '../../../shared/timestamps'
import { comboMark, modeOf, type PlayMode } from '../../../shared/player'
import { countsAsPlayed } from '../../../shared/play-marks'
import { ChartTitle } from '../chart-list/ChartTitle'
import { useSync } from '../sync/store'
import { activeAccount, useAccounts } from '../accounts/store'
import { isHiddenIn, PlayMarks } from '../record/PlayMarks'
import { useRecordState } from '../record/store'
import type { RecordState } from '../../../shared/record'
import { JUDGEMENTS, judgementsOf, namedJudgementsOf } from './score-rows'
import { ComboChip, DifficultyBadge, GradeChip, PlayMarkChips } from '../ui/Chips'
import { formatAccuracy, formatDate, formatDateTime, formatNumber, formatShortDateTime, formatSigned } from '../ui/format'

interface Play {
  record: KeptRecord
  at: number
  mode: PlayMode
  /** Score against the best of the same mode before this play; null for the first. */
  delta: number | null
  newBest: boolean
}

/**
 * Every kept play on one chart, oldest first, each against the best before it in its mode. A play AutoPlay made is
 * shown against it too, and is never a best (play-marks.ts).
 */
function playsOf(chartId: string, records: readonly KeptRecord[], hidden: (r: KeptRecord) => boolean): Play[] {
  const plays = records
    .filter((r) => r.chart_id === chartId)
    .map((record) => ({ record, at: parseRfc3339(record.played_at), mode: modeOf(record) }))
    .sort((a, b) => a.at - b.at)
  const best: Partial<Record<PlayMode, number>> = {}
  return plays.map((p) => {
    const before = best[p.mode]
    const delta = before === undefined ? null : p.record.score - before
    if (!countsAsPlayed(p.record) || hidden(p.record)) return { ...p, delta, newBest: false }
    best[p.mode] = Math.max(before ?? 0, p.record.score)
    return { ...p, delta, newBest: before === undefined || p.record.score > before }
  })
}

const WIDTH = 640
const HEIGHT = 200
const PAD = { left: 64, right: 12, top: 12, bottom: 28 }

/** Score over time, one line per input mode; personal bests are the filled dots. */
function ScoreChart({ plays, labels }: { plays: Play[]; labels: Record<PlayMode, string> }) {
  const { t } = useTranslation()
  if (plays.length < 2) return <p className="muted">{t('scores.chartOnePlay')}</p>
  const times = plays.map((p) => p.at)
  const scores = plays.map((p) => p.record.score)
  const [t0, t1] = [Math.min(...times), Math.max(...times)]
  const [s0, s1] = [Math.min(...scores), Math.max(...scores)]
  const x = (at: number) => PAD.left + ((at - t0) / Math.max(1, t1 - t0)) * (WIDTH - PAD.left - PAD.right)
  const y = (score: number) => HEIGHT - PAD.bottom - ((score - s0) / Math.max(1, s1 - s0)) * (HEIGHT - PAD.top - PAD.bottom)
  const modes = (['touch', 'keyboard'] as const).filter((m) => plays.some((p) => p.mode === m))
  return (
    <figure className="score-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={t('scores.chartAria', { count: plays.length })}>
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={HEIGHT - PAD.bottom} y2={HEIGHT - PAD.bottom} className="axis" />
        <text x={PAD.left - 6} y={y(s1) + 4} textAnchor="end" className="tick">
          {formatNumber(s1)}
        </text>
        <text x={PAD.left - 6} y={y(s0) + 4} textAnchor="end" className="tick">
          {formatNumber(s0)}
        </text>
        <text x={PAD.left} y={HEIGHT - 8} className="tick">
          {formatDate(t0)}
        </text>
        <text x={WIDTH - PAD.right} y={HEIGHT - 8} textAnchor="end" className="tick">
          {formatDate(t1)}
        </text>
        {modes.map((m) => {
          const own = plays.filter((p) => p.mode === m)
          return (
            <g key={m} className={`series series-${m}`}>
              <polyline points={own.map((p) => `${x(p.at)},${y(p.record.score)}`).join(' ')} />
              {own.map((p) => (
                <circle
                  key={p.record.played_at}
                  cx={x(p.at)}
                  cy={y(p.record.score)}
                  r={p.newBest ? 4 : 2.5}
                  className={p.newBest ? 'best' : undefined}
                >
                  <title>{`${formatDateTime(p.at)} · ${formatNumber(p.record.score)} · ${labels[m]}`}</title>
                </circle>
              ))}
            </g>
          )
        })}
      </svg>
      <figcaption className="legend">
        {modes.map((m) => (
          <span key={m} className={`legend-${m}`}>
            {labels[m]}
          </span>
        ))}
      </figcaption>
    </figure>
  )
}

/** One play of the chart's history: its figures against the best before it, and the player's marks on it. */
function PlayRow({
  play: p,
  accountId,
  marks,
  labels
}: {
  play: Play
  accountId: string | undefined
  marks: RecordState | undefined
  labels: Record<PlayMode, string>
}) {
  const { t } = useTranslation()
  const combo = { AP: t('display.allPerfect'), FC: t('display.fullCombo') }
  const judgementNames = JUDGEMENTS.map((j) => t(`display.judgement_${j}`))
  return (
    <tr className={isHiddenIn(marks, p.record) ? 'hidden-play' : p.newBest ? 'new-best' : undefined}>
      <td title={formatDateTime(p.at)}>{formatShortDateTime(p.at)}</td>
      <td>
        {formatNumber(p.record.score)}{' '}
        {p.newBest && (
          <span className="pb-mark" title={t('scores.newBest')}>
            {t('scores.newBestMark')}
          </span>
        )}
      </td>
      <td className={p.delta === null ? 'muted' : p.delta > 0 ? 'gain' : p.delta < 0 ? 'loss' : 'muted'}>
        {p.delta === null ? t('scores.firstPlay') : formatSigned(p.delta)}
      </td>
      <td className="grade-cell">
        <GradeChip grade={p.record.grade} />
        <ComboChip mark={comboMark(p.record)} name={combo[comboMark(p.record) ?? 'FC']} />
        <PlayMarkChips play={p.record} />
      </td>
      <td>{formatAccuracy(p.record.score_accuracy)}</td>
      <td>{labels[p.mode]}</td>
      <td className="judgement-counts" title={namedJudgementsOf(p.record, judgementNames)}>
        {judgementsOf(p.record)}
      </td>
      {accountId && (
        <td>
          <PlayMarks accountId={accountId} record={p.record} state={marks} />
        </td>
      )}
    </tr>
  )
}

export function ChartHistory({ chartId, records, onClose }: { chartId: string; records: readonly KeptRecord[]; onClose(): void }) {
  const { t } = useTranslation()
  const ref = useModal()
  const chart = useSync((s) => s.charts.get(chartId))
  const accountId = useAccounts((s) => activeAccount(s.state)?.id)
  const marks = useRecordState(accountId)
  // A hidden play is listed (marked) and is never a new best: it counts in no figure.
  const plays = useMemo(() => playsOf(chartId, records, (r) => isHiddenIn(marks, r)), [chartId, records, marks])
  const labels = { touch: t('scores.mode_touch'), keyboard: t('scores.mode_keyboard') }
  const newestFirst = [...plays].reverse()
  return (
    <dialog
      ref={ref}
      className="dialog wide-dialog chart-history"
      aria-labelledby="chart-history-title"
      onClose={ownEvent(onClose)}
      data-testid="chart-history"
    >
      <div className="screen-head">
        <h2 id="chart-history-title">
          <ChartTitle chartId={chartId} />
        </h2>
        <DifficultyBadge difficulty={chart?.difficulty} constant={chart?.constant} />
      </div>
      <p className="muted">{t('scores.chartPlays', { count: plays.length })}</p>
      <ScoreChart plays={plays} labels={labels} />
      {/* Focusable: a long history scrolls, and keyboard users scroll it too. */}
      {/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex */}
      <div className="dialog-scroll" tabIndex={0} role="region" aria-label={t('scores.chartPlays', { count: plays.length })}>
        <table className="data-table static compact-table">
          <thead>
            <tr>
              <th>{t('scores.playedAt')}</th>
              <th>{t('scores.score')}</th>
              <th>{t('scores.vsBefore')}</th>
              <th>{t('scores.grade')}</th>
              <th>{t('scores.accuracy')}</th>
              <th>{t('scores.mode')}</th>
              <th className="judgement-counts" title={t('scores.judgementsFull')}>
                {/* Spelled out, slashes set off by thin spaces: the four names fit beside the other columns. */}
                {t('scores.judgements').replace(/\s*\/\s*/g, '\u2009/\u2009')}
              </th>
              {accountId && <th>{t('record.marks')}</th>}
            </tr>
          </thead>
          <tbody>
            {newestFirst.map((p) => (
              <PlayRow key={`${p.record.played_at}|${p.record.score}`} play={p} accountId={accountId} marks={marks} labels={labels} />
            ))}
          </tbody>
        </table>
      </div>
      <CloseRow dialog={ref} />
    </dialog>
  )
}
