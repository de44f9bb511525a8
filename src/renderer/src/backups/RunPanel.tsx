import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AccountSummary } from '../../../shared/accounts'
import type { BackupProgress, BackupResult, Library } from '../../../shared/backups'
import { ErrorMessage } from '../ui/ErrorMessage'
import { formatBytes, formatPercent } from '../ui/format'
import { DiffView, type Detail } from './BackupDetails'
import { useBackups } from './store'

/** "Back up now": the button (and "anyway" when the save is unchanged, confirmed first), its progress and its result. */
export function RunPanel({ account, library }: { account: AccountSummary; library: Library | undefined }) {
  const { t } = useTranslation()
  const running = useBackups((s) => s.running[account.id] ?? false)
  const progress = useBackups((s) => s.progress[account.id])
  const outcome = useBackups((s) => s.outcomes[account.id])
  const { run, cancel, putAway } = useBackups()
  const [confirmForce, setConfirmForce] = useState(false)
  // What each account's last run did is said during this visit of the screen (switching accounts and back included),
  // and put away when the player leaves it; a run that ends meanwhile is said on the next visit.
  const shown = useRef(new Set<string>())
  useEffect(() => void shown.current.add(account.id), [account.id])
  useEffect(() => {
    const accounts = shown.current
    return () => accounts.forEach(putAway)
  }, [putAway])
  const [diff, setDiff] = useState<Extract<Detail, { kind: 'diff' }> | null>(null)
  const result = outcome && 'result' in outcome ? outcome.result : null
  const start = (force: boolean) => {
    setConfirmForce(false)
    setDiff(null)
    void run(account.id, force)
  }
  const hasPrevious = (library?.entries.length ?? 0) > 1
  return (
    <>
      <div className="row">
        <button type="button" className="primary" disabled={running || !account.capabilities.includes('save')} onClick={() => start(false)}>
          {t('backups.now')}
        </button>
        {running && (
          <button type="button" onClick={() => void cancel(account.id)}>
            {t('common.cancel')}
          </button>
        )}
        {!running && result?.status === 'up-to-date' && (
          <button type="button" onClick={() => setConfirmForce(true)}>
            {t('backups.anyway')}
          </button>
        )}
      </div>
      {confirmForce && <ForceConfirm onConfirm={() => start(true)} onCancel={() => setConfirmForce(false)} />}
      {running && progress && <RunProgress progress={progress} />}
      {result && !running && (
        <RunResult result={result} hasPrevious={hasPrevious} onWhatChanged={(id) => setDiff({ kind: 'diff', id, from: null })} />
      )}
      {outcome && 'error' in outcome && !running && outcome.error.code !== 'no_cloud_save' && <ErrorMessage error={outcome.error} />}
      {diff && <DiffView detail={diff} onClose={() => setDiff(null)} />}
    </>
  )
}

/** A backup of an unchanged save spends a download: said before it runs. */
function ForceConfirm({ onConfirm, onCancel }: { onConfirm(): void; onCancel(): void }) {
  const { t } = useTranslation()
  return (
    <div className="note warning-text" role="alertdialog" aria-labelledby="force-text">
      <p id="force-text">{t('backups.anywayWarning')}</p>
      <div className="row">
        <button type="button" className="primary" onClick={onConfirm}>
          {t('backups.anywayConfirm')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </div>
  )
}

/** The running backup's stage, share, bytes, rate and time left. */
function RunProgress({ progress }: { progress: BackupProgress }) {
  const { t } = useTranslation()
  const percent = progress.total ? Math.round((progress.received / progress.total) * 100) : null
  return (
    <div className="progress-block" aria-live="polite">
      <progress
        max={progress.total ?? undefined}
        value={progress.total ? progress.received : undefined}
        aria-label={t('backups.progress')}
        data-testid="backup-progress"
      />
      <span className="muted">
        {t(`backups.stage_${progress.stage}`)} {percent !== null && `${formatPercent(percent)} · `}
        {formatBytes(progress.received)}
        {progress.total !== null && ` / ${formatBytes(progress.total)}`} · {formatBytes(progress.rate)}/s
        {progress.etaSeconds !== null && ` · ${t('backups.eta', { seconds: progress.etaSeconds })}`}
      </span>
    </div>
  )
}

/** What the last backup did and why, with what changed since the version before it. */
function RunResult({
  result,
  hasPrevious,
  onWhatChanged
}: {
  result: BackupResult
  hasPrevious: boolean
  onWhatChanged(id: string): void
}) {
  const { t } = useTranslation()
  return (
    <div className="note success" role="status" data-testid="backup-result">
      <p>
        {t(`backups.result_${result.status}`)} {result.status !== 'up-to-date' && t(`backups.reason_${result.reason}`)}
        {result.downloadsSpent > 1 && ` ${t('backups.downloadsSpent', { count: result.downloadsSpent })}`}
        {result.resumedBytes > 0 && ` ${t('backups.resumed', { size: formatBytes(result.resumedBytes) })}`}
        {result.removedByRetention.length > 0 && ` ${t('backups.retentionRemoved', { count: result.removedByRetention.length })}`}
      </p>
      {result.status === 'downloaded' && hasPrevious && result.entryId && (
        <button type="button" className="link" onClick={() => onWhatChanged(result.entryId!)}>
          {t('backups.whatChanged')}
        </button>
      )}
    </div>
  )
}
