import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { BackupEntry } from '../../../shared/backups'
import type { AppErrorData } from '../../../shared/errors'
import { RestoreStep, type RestorePreview, type RestoreReport } from '../../../shared/restore'
import { useVersionNote } from '../backups/version-note'
import { useConfirm, type ConfirmRequest } from '../ui/ConfirmDialog'
import { ErrorMessage, toErrorData } from '../ui/ErrorMessage'
import { ChartTitle } from '../chart-list/ChartTitle'
import { formatDateTime, formatNumber } from '../ui/format'
import { ownEvent, useModal } from '../ui/useModal'
import { PreviewView } from './PreviewView'
import { useRestore } from './store'
import './restore.css'
import { BreakableText } from '../ui/BreakableText'

export type RestoreMode = 'restore' | 'export' | 'undo'

type Phase =
  | { kind: 'loading' }
  | { kind: 'preview'; report: RestoreReport }
  | { kind: 'working'; key: string }
  | { kind: 'result'; report: RestoreReport }
  | { kind: 'error'; error: AppErrorData }

/** Refusals the player answers in this dialog (a second confirmation, a checkbox); any other must be fixed first. */
const ANSWERABLE = new Set(['downgrade', 'other-player'])

/**
 * The dialog's steps, from the preview to the result: the mode (Undo from a result switches to it), the options, the
 * preview asked again after each change, and the restore, export or undo itself (a downgrade confirmed first).
 */
function useRestoreFlow(entry: BackupEntry | null, initial: RestoreMode, ask: (request: ConfirmRequest) => Promise<boolean>) {
  const { t } = useTranslation()
  const [mode, setMode] = useState<RestoreMode>(initial)
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' })
  const [withPlays, setWithPlays] = useState(false)
  const [allowOtherPlayer, setAllowOtherPlayer] = useState(false)
  const { preview: previewOf, undoPreview, restore, export: exportSave, undo } = useRestore.getState()

  /** Asked again after each change: a checkbox, "Check again", or Undo from the result. */
  const [round, setRound] = useState(0)
  const fetchPreview = useCallback(
    () => (mode === 'undo' ? undoPreview() : previewOf(entry!.id, { withPlays, export: mode === 'export' })),
    [entry, mode, withPlays, undoPreview, previewOf]
  )
  useEffect(() => {
    let live = true
    fetchPreview().then(
      (report) => live && setPhase({ kind: 'preview', report }),
      (error: unknown) => live && setPhase({ kind: 'error', error: toErrorData(error) })
    )
    return () => {
      live = false
    }
  }, [fetchPreview, round])
  const again = (change: () => void = () => setRound((n) => n + 1)) => {
    setPhase({ kind: 'loading' })
    change()
  }

  const run = async (report: RestoreReport, preview: RestorePreview) => {
    if (mode === 'restore' && preview.downgrade && !(await ask(downgradeQuestion(preview, t)))) return
    setPhase({ kind: 'working', key: report.from?.id ?? '' })
    try {
      const result =
        mode === 'undo'
          ? await undo({ expectCurrent: preview.currentSha256 })
          : mode === 'export'
            ? await exportSave(entry!.id, { withPlays })
            : await restore(entry!.id, {
                withPlays,
                allowDowngrade: preview.downgrade,
                allowOtherPlayer,
                expectCurrent: preview.currentSha256
              })
      setPhase(result ? { kind: 'result', report: result } : { kind: 'preview', report })
    } catch (error) {
      setPhase({ kind: 'error', error: toErrorData(error) })
    }
  }
  const options = {
    withPlays,
    onWithPlays: (on: boolean) => again(() => setWithPlays(on)),
    allowOtherPlayer,
    onAllowOtherPlayer: setAllowOtherPlayer
  }
  return { mode, phase, options, again, run, undoLast: () => again(() => setMode('undo')) }
}

/**
 * Restore a version to this computer (or export it, or undo the last restore): the preview, a second
 * confirmation naming what is lost for a downgrade, progress, and the result with Undo. A modal dialog:
 * the page behind is inert, Escape cancels (not while the restore runs), the focus starts on Cancel.
 */
export function RestoreDialog({ entry, mode: initial, onClose }: { entry: BackupEntry | null; mode: RestoreMode; onClose(): void }) {
  const { t } = useTranslation()
  const ref = useModal()
  const cancel = useRef<HTMLButtonElement>(null)
  const { ask, dialog } = useConfirm()
  const noteOf = useVersionNote()
  const { mode, phase, options, again, run, undoLast } = useRestoreFlow(entry, initial, ask)
  useEffect(() => {
    // The focus goes back to what opened the dialog (the version's menu button) when it closes.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    cancel.current?.focus()
    return () => opener?.focus()
  }, [])

  const working = phase.kind === 'working'
  const title = t(mode === 'undo' ? 'restore.titleUndo' : mode === 'export' ? 'restore.titleExport' : 'restore.titleRestore')
  return (
    <dialog
      ref={ref}
      className="dialog restore-dialog"
      aria-labelledby="restore-title"
      aria-busy={working || phase.kind === 'loading'}
      onCancel={ownEvent((e) => {
        e.preventDefault()
        if (!working) onClose()
      })}
      data-testid="restore-dialog"
    >
      <h2 id="restore-title">{title}</h2>
      {/* The buttons below stay in view: only this part scrolls in a short window. */}
      <div className="dialog-body">
        {entry && mode !== 'undo' && (
          <p className="muted">
            {t(entry.source === 'computer' ? 'restore.fromComputer' : 'restore.fromCloud', { when: formatDateTime(entry.backedUpAt) })}
            {noteOf(entry) && ` · ${noteOf(entry)}`}
          </p>
        )}
        {phase.kind === 'loading' && <p aria-live="polite">{t('restore.loading')}</p>}
        {phase.kind === 'error' && <ErrorMessage error={phase.error} />}
        {phase.kind === 'preview' && <PreviewPhase report={phase.report} {...options} />}
        {working && <Progress backupId={phase.key} />}
        {phase.kind === 'result' && <Result report={phase.report} />}
      </div>
      <div className="row end">
        <button ref={cancel} type="button" disabled={working} onClick={onClose}>
          {phase.kind === 'result' ? t('common.close') : t('common.cancel')}
        </button>
        {phase.kind === 'preview' && (
          <PrimaryAction
            mode={mode}
            report={phase.report}
            allowOtherPlayer={options.allowOtherPlayer}
            onRun={(preview) => void run(phase.report, preview)}
            onCheckAgain={() => again()}
          />
        )}
        {phase.kind === 'result' && <ResultActions report={phase.report} onUndo={undoLast} onCheckAgain={() => again()} />}
      </div>
      {dialog}
    </dialog>
  )
}

/** After a restore, its Undo; after a refusal, "Check again". */
function ResultActions({ report, onUndo, onCheckAgain }: { report: RestoreReport; onUndo(): void; onCheckAgain(): void }) {
  const { t } = useTranslation()
  if (report.status === 'restored' && report.undoAvailable !== false)
    return (
      <button type="button" data-testid="restore-undo" onClick={onUndo}>
        {t('restore.undo')}
      </button>
    )
  if (report.status === 'refused')
    return (
      <button type="button" onClick={onCheckAgain}>
        {t('restore.checkAgain')}
      </button>
    )
  return null
}

function PreviewPhase(props: {
  report: RestoreReport
  withPlays: boolean
  onWithPlays(on: boolean): void
  allowOtherPlayer: boolean
  onAllowOtherPlayer(on: boolean): void
}) {
  const { t } = useTranslation()
  const { report } = props
  const preview = report.preview
  const restoring = report.mode !== 'export'
  return (
    <>
      {report.mode === 'undo' && report.from && (
        <p data-testid="restore-undo-what">{t('restore.undoWhat', { when: formatDateTime(report.from.backedUpAt) })}</p>
      )}
      {restoring && report.target && <p className="muted">{t('restore.target', { folder: report.target })}</p>}
      {!restoring && <p className="muted">{t('restore.exportWhere')}</p>}
      {preview && <PreviewView report={report} preview={preview} />}
      {preview?.playsAvailable && report.mode !== 'undo' ? (
        <label className="check">
          <input type="checkbox" checked={props.withPlays} onChange={(e) => props.onWithPlays(e.target.checked)} /> {t('restore.withPlays')}
        </label>
      ) : (
        preview && report.mode !== 'undo' && <p className="muted">{t('restore.noPlays')}</p>
      )}
      {preview?.otherPlayer && restoring && report.mode !== 'undo' && (
        <label className="check">
          <input type="checkbox" checked={props.allowOtherPlayer} onChange={(e) => props.onAllowOtherPlayer(e.target.checked)} />{' '}
          {t('restore.allowOtherPlayer', { restored: preview.restored.player ?? '?' })}
        </label>
      )}
      {report.status === 'refused' && !ANSWERABLE.has(report.reason ?? '') && (
        <p className="note warning-text" role="alert" data-testid="restore-refused">
          {t(`restore.refused_${report.reason}`, { detail: report.detail ?? '' })}
        </p>
      )}
      {restoring && (report.status !== 'refused' || ANSWERABLE.has(report.reason ?? '')) && (
        <p className="muted">{t(report.mode === 'undo' ? 'restore.keptFirstUndo' : 'restore.keptFirst')}</p>
      )}
    </>
  )
}

function PrimaryAction(props: {
  mode: RestoreMode
  report: RestoreReport
  allowOtherPlayer: boolean
  onRun(preview: RestorePreview): void
  onCheckAgain(): void
}) {
  const { t } = useTranslation()
  const { report } = props
  const preview = report.preview
  if (report.status === 'refused' && !ANSWERABLE.has(report.reason ?? ''))
    return (
      <button type="button" className="primary" onClick={props.onCheckAgain}>
        {t('restore.checkAgain')}
      </button>
    )
  const blocked = !preview || (preview.otherPlayer && props.mode === 'restore' && !props.allowOtherPlayer)
  const label = props.mode === 'undo' ? 'restore.confirmUndo' : props.mode === 'export' ? 'restore.confirmExport' : 'restore.confirmRestore'
  return (
    <button type="button" className="primary" disabled={blocked} onClick={() => preview && props.onRun(preview)} data-testid="restore-go">
      {t(label)}
    </button>
  )
}

function Progress({ backupId }: { backupId: string }) {
  const { t } = useTranslation()
  const step = useRestore((s) => s.steps[backupId])
  const steps = RestoreStep.options
  return (
    <div className="progress-block" aria-live="polite" data-testid="restore-progress">
      <progress max={steps.length} value={step ? steps.indexOf(step) + 1 : 0} aria-label={t('restore.progress')} />
      <span className="muted">{t(`restore.step_${step ?? 'checking'}`)}</span>
    </div>
  )
}

function Result({ report }: { report: RestoreReport }) {
  const { t } = useTranslation()
  if (report.status === 'refused')
    return (
      <p className="note warning-text" role="alert" data-testid="restore-refused">
        {t(`restore.refused_${report.reason}`, { detail: report.detail ?? '' })}
      </p>
    )
  if (report.status === 'failed')
    return (
      <div className="error-box" role="alert" data-testid="restore-failed">
        <strong>{t('restore.failed')}</strong>
        <p>{report.written.length === 0 ? t('restore.nothingChanged') : t(report.putBack ? 'restore.putBack' : 'restore.notPutBack')}</p>
        <p className="detail" lang="en">
          {report.detail}
        </p>
      </div>
    )
  const preview = report.preview
  return (
    <div className="note success" role="status" data-testid="restore-result">
      <p>
        <strong>{t(`restore.done_${report.status}`)}</strong>
      </p>
      {report.status === 'exported' ? (
        <ul className="compact">
          {report.written.map((path) => (
            <li key={path} className="file-name">
              <BreakableText text={path} />
            </li>
          ))}
        </ul>
      ) : (
        <>
          {preview && (
            <p>
              {t('restore.changed', {
                lowered: preview.lowered.length,
                lost: preview.lost.length,
                raised: preview.raised.length,
                unchanged: preview.unchanged
              })}
            </p>
          )}
          <p>{t('restore.keptAs')}</p>
          {report.undoAvailable === false && <p data-testid="restore-no-undo">{t('restore.undoUnavailable')}</p>}
          <p data-testid="restore-next-step">
            <strong>{t('restore.nextStep')}</strong>
          </p>
        </>
      )}
    </div>
  )
}

/** The second confirmation of a downgrade: what goes down, what is lost, and an older save, by name. */
function downgradeQuestion(preview: RestorePreview, t: ReturnType<typeof useTranslation>['t']) {
  const names = [...preview.lowered, ...preview.lost].slice(0, 10)
  const more = preview.lowered.length + preview.lost.length - names.length
  return {
    title: t('restore.downgradeTitle'),
    body: (
      <div data-testid="restore-downgrade">
        <p>{t('restore.downgradeBody')}</p>
        {names.length > 0 && (
          <ul className="compact">
            {names.map((m) => (
              <li key={m.chart_id}>
                <ChartTitle chartId={m.chart_id} />: {m.before === null ? '—' : formatNumber(m.before)} →{' '}
                {m.after === null ? t('restore.gone') : formatNumber(m.after)}
              </li>
            ))}
          </ul>
        )}
        {more > 0 && <p className="muted">{t('restore.more', { count: more })}</p>}
        {preview.olderSave && <p>{t('restore.olderSave')}</p>}
      </div>
    ),
    confirm: t('restore.downgradeConfirm'),
    danger: true
  }
}
