import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AccountSummary } from '../../../shared/accounts'
import type { BackupEntry, Library } from '../../../shared/backups'
import { activeAccount, useAccounts } from '../accounts/store'
import { useSync } from '../sync/store'
import { ErrorMessage } from '../ui/ErrorMessage'
import { ScreenHead, PanelNotice } from '../ui/PanelBadge'
import { formatBytes, formatDateTime, formatPercent, formatShortDateTime } from '../ui/format'
import { useConfirm } from '../ui/ConfirmDialog'
import { useAction } from '../ui/useAction'
import { BackupSettings } from './BackupSettings'
import { DiffView, SummaryView, type Detail } from './BackupDetails'
import { LocalSection } from './LocalSection'
import { NoteDialog } from './NoteDialog'
import { VersionsTable } from './VersionsTable'
import { useBackups } from './store'
import { versionActions } from './version-actions'
import { useRestoreMenu } from '../restore/useRestoreMenu'
import './backups.css'

export function BackupsScreen() {
  const { t } = useTranslation()
  const account = useAccounts((s) => activeAccount(s.state))
  const data = useSync((s) => (account ? s.byAccount[account.id] : undefined))
  const library = useBackups((s) => (account ? s.libraries[account.id] : undefined))
  const load = useBackups((s) => s.load)

  useEffect(() => {
    if (account) void load(account.id)
  }, [account, load])

  if (!account) return null
  return (
    <section className="screen wide" aria-labelledby="backups-title">
      <ScreenHead id="backups-title" title={t('backups.heading')} panel={data?.save.panel} />
      {data && <PanelNotice panel={data.save.panel} capability="save" />}
      {data?.save.data ? (
        <p className="muted">
          {t('backups.cloudSave', { when: formatDateTime(data.save.data.updated_at), size: formatBytes(data.save.data.size) })}
        </p>
      ) : (
        data?.save.noCloudSave && (
          <div className="note" role="status" data-testid="no-cloud-save">
            <p>
              <strong>{t('backups.noCloudSave')}</strong>
            </p>
            <p>{t('backups.noCloudSaveHelp')}</p>
          </div>
        )
      )}
      <RunPanel account={account} library={library} />
      <LibrarySection accountId={account.id} library={library} />
      <LocalSection accountId={account.id} />
      <BackupSettings accountId={account.id} />
    </section>
  )
}

function RunPanel({ account, library }: { account: AccountSummary; library: Library | undefined }) {
  const { t } = useTranslation()
  const running = useBackups((s) => s.running[account.id] ?? false)
  const progress = useBackups((s) => s.progress[account.id])
  const outcome = useBackups((s) => s.outcomes[account.id])
  const { run, cancel } = useBackups()
  const [confirmForce, setConfirmForce] = useState(false)
  const [diff, setDiff] = useState<Extract<Detail, { kind: 'diff' }> | null>(null)
  const result = outcome && 'result' in outcome ? outcome.result : null
  const percent = progress?.total ? Math.round((progress.received / progress.total) * 100) : null
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
      {confirmForce && (
        <div className="note warning-text" role="alertdialog" aria-labelledby="force-text">
          <p id="force-text">{t('backups.anywayWarning')}</p>
          <div className="row">
            <button type="button" className="primary" onClick={() => start(true)}>
              {t('backups.anywayConfirm')}
            </button>
            <button type="button" onClick={() => setConfirmForce(false)}>
              {t('common.cancel')}
            </button>
          </div>
        </div>
      )}
      {running && progress && (
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
      )}
      {result && !running && (
        <div className="note success" role="status" data-testid="backup-result">
          <p>
            {t(`backups.result_${result.status}`)} {result.status !== 'up-to-date' && t(`backups.reason_${result.reason}`)}
            {result.downloadsSpent > 1 && ` ${t('backups.downloadsSpent', { count: result.downloadsSpent })}`}
            {result.resumedBytes > 0 && ` ${t('backups.resumed', { size: formatBytes(result.resumedBytes) })}`}
            {result.removedByRetention.length > 0 && ` ${t('backups.retentionRemoved', { count: result.removedByRetention.length })}`}
          </p>
          {result.status === 'downloaded' && hasPrevious && result.entryId && (
            <button type="button" className="link" onClick={() => setDiff({ kind: 'diff', id: result.entryId!, from: null })}>
              {t('backups.whatChanged')}
            </button>
          )}
        </div>
      )}
      {outcome && 'error' in outcome && !running && outcome.error.code !== 'no_cloud_save' && <ErrorMessage error={outcome.error} />}
      {diff && <DiffView detail={diff} onClose={() => setDiff(null)} />}
    </>
  )
}

function LibrarySection({ accountId, library }: { accountId: string; library: Library | undefined }) {
  const { t } = useTranslation()
  const verifyLibrary = useBackups((s) => s.verify)
  const note = useBackups((s) => s.note)
  const index = useBackups((s) => s.index)
  const { error, message, run: act } = useAction()
  const [detail, setDetail] = useState<Detail | null>(null)
  const [noteFor, setNoteFor] = useState<BackupEntry | null>(null)
  const { ask, dialog } = useConfirm()
  const restore = useRestoreMenu()
  const entries = library?.entries ?? []
  const verify = (only: string | null) =>
    act(async () => {
      const report = await verifyLibrary(accountId, only)
      const key = report.damaged || report.missing ? 'backups.verifiedProblems' : 'backups.verifiedOk'
      const found = t(key, { count: report.checked, damaged: report.damaged, missing: report.missing })
      return report.recorded ? found : `${found} ${t('backups.verifiedNotRecorded')}`
    })
  return (
    <section aria-labelledby="library-title">
      <div className="screen-head">
        <h2 id="library-title">{t('backups.library', { count: entries.length })}</h2>
        <button type="button" disabled={entries.length === 0} onClick={() => void verify(null)}>
          {t('backups.verifyAll')}
        </button>
      </div>
      {entries.length === 0 ? (
        <p className="muted">{t('backups.empty')}</p>
      ) : (
        <VersionsTable
          entries={entries}
          testId="backup-list"
          headers={
            <>
              <th className="col-p2">{t('backups.cloudVersion')}</th>
              <th className="col-p3">{t('backups.size')}</th>
              <th>{t('backups.status')}</th>
            </>
          }
          badges={(e) => e.duplicateOf && <span className="badge">{t('backups.sameAsPrevious')}</span>}
          cells={(e) => (
            <>
              <td className="col-p2" title={e.indexedLater ? undefined : formatDateTime(e.updatedAt)}>
                {e.indexedLater ? t('backups.unknownVersion') : formatShortDateTime(e.updatedAt)}
              </td>
              <td className="col-p3">{formatBytes(e.size)}</td>
              <td className={e.verifyStatus && e.verifyStatus !== 'ok' ? 'danger-text' : undefined}>
                {e.verifyStatus ? t(`backups.verify_${e.verifyStatus}`) : t('backups.verify_unknown')}
              </td>
            </>
          )}
          noteTestId="backup-note"
          menuTestId="backup-actions"
          items={(e) => {
            const actions = versionActions(e, act, ask, t)
            return [
              { label: t('backups.summary'), onSelect: () => setDetail({ kind: 'summary', id: e.id }) },
              {
                label: t('backups.whatChanged'),
                onSelect: () => setDetail({ kind: 'diff', id: e.id, from: null }),
                disabled: !library?.previousDifferent[e.id]
              },
              { label: t('backups.verify'), onSelect: () => void verify(e.id) },
              ...restore.items(e),
              actions.pin,
              { label: t('backups.editNote'), onSelect: () => setNoteFor(e) },
              actions.export,
              actions.reveal,
              actions.delete
            ]
          }}
        />
      )}
      {noteFor && (
        <NoteDialog
          entry={noteFor}
          onSave={(text) => void act(async () => (await note(noteFor.id, text), t('backups.noteSaved')))}
          onClose={() => setNoteFor(null)}
        />
      )}
      {message && (
        <p className="note success" role="status" data-testid="library-message">
          {message}
        </p>
      )}
      <ErrorMessage error={error} />
      {library && library.unindexed.length > 0 && (
        <div className="note" data-testid="unindexed">
          <strong>{t('backups.unindexedTitle')}</strong>
          <ul>
            {library.unindexed.map((u) => (
              <li key={u.name}>
                <span className="file-name" title={u.name}>
                  {u.name}
                </span>{' '}
                ({formatBytes(u.size)}){' '}
                <button
                  type="button"
                  className="link"
                  onClick={() => void act(async () => (await index(accountId, u.name), t('backups.indexed')))}
                >
                  {t('backups.index')}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {library && library.problems.length > 0 && (
        <div className="note warning-text" data-testid="library-problems">
          <strong>{t('backups.problemsTitle')}</strong>
          <ul>
            {library.problems.map((p) => (
              <li key={p.name}>
                <span className="file-name">{p.name}</span>: {t(`backups.problem_${p.reason}`)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {detail?.kind === 'summary' && <SummaryView key={detail.id} id={detail.id} onClose={() => setDetail(null)} />}
      {detail?.kind === 'diff' && <DiffView key={`${detail.id}|${detail.from}`} detail={detail} onClose={() => setDetail(null)} />}
      {dialog}
      {restore.dialog}
    </section>
  )
}
