import { useTranslation } from 'react-i18next'
import { difficultyLabel } from '../../../shared/charts'
import type { ChartMove, RestorePreview, RestoreReport, SavePlayer } from '../../../shared/restore'
import { ChartTitle } from '../chart-list/ChartTitle'
import { formatNumber, formatReality, formatSaveTime } from '../ui/format'
import { useRealityDigits } from '../ui/RealityNumber'

/** How many charts of each list are shown; the rest are counted. */
const SHOWN = 15

/**
 * Who a save belongs to and when the game last wrote it, the same two lines on both sides (the time in the UI
 * language's format, as the game wrote it).
 */
function Side({ title, player, testId }: { title: string; player: SavePlayer | null; testId: string }) {
  const { t } = useTranslation()
  return (
    <div className="restore-side" data-testid={testId}>
      <h3>{title}</h3>
      {player ? (
        <>
          <p className="restore-player">{player.player ?? t('restore.unknown')}</p>
          <p className="muted">
            {t('restore.lastSaved', { when: player.lastSaveTime ? formatSaveTime(player.lastSaveTime) : t('restore.unknown') })}
          </p>
        </>
      ) : (
        <p className="muted">{t('restore.noSave')}</p>
      )}
    </div>
  )
}

function Moves({ title, moves, testId }: { title: string; moves: ChartMove[]; testId: string }) {
  const { t } = useTranslation()
  if (moves.length === 0) return null
  const score = (value: number | null, missing: string) => (value === null ? t(missing) : formatNumber(value))
  return (
    <section data-testid={testId}>
      <h4>{title}</h4>
      <ul className="compact change-list">
        {moves.slice(0, SHOWN).map((m) => (
          <li key={m.chart_id}>
            <span className="chart-name">
              <ChartTitle chartId={m.chart_id} />
            </span>
            {m.difficulty && ` [${difficultyLabel(m.difficulty)}]`}:{' '}
            {t('restore.move', { before: score(m.before, 'restore.new'), after: score(m.after, 'restore.gone') })}
          </li>
        ))}
      </ul>
      {moves.length > SHOWN && <p className="muted">{t('restore.more', { count: moves.length - SHOWN })}</p>}
    </section>
  )
}

/** The texts that say "after restoring" in a restore and an export, "after undoing" in an undo. */
const AFTER = {
  restore: {
    side: 'restore.sideAfter',
    lowered: 'restore.lowered',
    lost: 'restore.lost',
    raised: 'restore.raised',
    reality: 'restore.reality'
  },
  export: {
    side: 'restore.sideExport',
    lowered: 'restore.lowered',
    lost: 'restore.lost',
    raised: 'restore.raised',
    reality: 'restore.reality'
  },
  undo: {
    side: 'restore.sideUndo',
    lowered: 'restore.loweredUndo',
    lost: 'restore.lostUndo',
    raised: 'restore.raisedUndo',
    reality: 'restore.realityUndo'
  }
} as const

/**
 * What a restore (or an undo) would change: both players, the charts whose best moves, and the Reality each side
 * implies, said in one line with how it is computed on demand.
 */
export function PreviewView({ report, preview }: { report: RestoreReport; preview: RestorePreview }) {
  const { t } = useTranslation()
  const digits = useRealityDigits()
  const reality = (value: number | null) => (value === null ? t('restore.realityUnknown') : formatReality(value, digits))
  const after = AFTER[report.mode]
  return (
    <div className="restore-preview" data-testid="restore-preview">
      <div className="restore-sides">
        <Side title={t('restore.sideNow')} player={preview.current} testId="restore-side-now" />
        <Side title={t(after.side)} player={preview.restored} testId="restore-side-after" />
      </div>
      {preview.currentProblem && <p className="note warning-text">{t('restore.damagedHere', { problem: preview.currentProblem })}</p>}
      {preview.otherPlayer && (
        <p className="note warning-text" data-testid="restore-other-player">
          {t('restore.otherPlayer', { restored: preview.restored.player ?? '?', current: preview.current?.player ?? '?' })}
        </p>
      )}
      {preview.olderSave && <p className="note warning-text">{t('restore.olderSave')}</p>}
      <Moves title={t(after.lowered, { count: preview.lowered.length })} moves={preview.lowered} testId="restore-lowered" />
      <Moves title={t(after.lost, { count: preview.lost.length })} moves={preview.lost} testId="restore-lost" />
      <Moves title={t(after.raised, { count: preview.raised.length })} moves={preview.raised} testId="restore-raised" />
      {preview.unchanged > 0 && <p className="muted">{t('restore.unchanged', { count: preview.unchanged })}</p>}
      <p data-testid="restore-reality">
        {t(after.reality, { before: reality(preview.realityBefore), after: reality(preview.realityAfter) })}
      </p>
      <details className="restore-rule" data-testid="restore-reality-rule">
        <summary className="muted">{t('restore.realityHow')}</summary>
        <p className="muted">{t('restore.realityRule')}</p>
      </details>
    </div>
  )
}
