import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { BACKUP_NOTE_MAX, type BackupEntry, type Library } from '../../../shared/backups'
import { useRestoreMenu } from '../restore/useRestoreMenu'
import { useConfirm } from '../ui/ConfirmDialog'
import { ErrorMessage } from '../ui/ErrorMessage'
import { formatBytes, formatDateTime, formatShortDateTime } from '../ui/format'
import type { MenuItem } from '../ui/Menu'
import { useAction } from '../ui/useAction'
import { DiffView, SummaryView, type Detail } from './BackupDetails'
import { NoteDialog } from '../ui/NoteDialog'
import { useBackups } from './store'
import { versionActions, type Act } from './version-actions'
import { VersionsTable } from './VersionsTable'

/** The cloud versions in the library: each with its menu, a check of them all, and files the library could not use. */
export function LibrarySection({ accountId, library }: { accountId: string; library: Library | undefined }) {
  const { t } = useTranslation()
  const verifyLibrary = useBackups((s) => s.verify)
  const note = useBackups((s) => s.note)
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
  const itemsOf = (e: BackupEntry): MenuItem[] => {
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
      actions.star,
      { label: t('backups.editNote'), onSelect: () => setNoteFor(e) },
      actions.export,
      actions.reveal,
      actions.delete
    ]
  }
  return (
    <section aria-labelledby="library-title">
      <div className="screen-head">
        <h2 id="library-title">{t('backups.library', { count: entries.length })}</h2>
        <button type="button" disabled={entries.length === 0} onClick={() => void verify(null)}>
          {t('backups.verifyAll')}
        </button>
      </div>
      {entries.length === 0 ? <p className="muted">{t('backups.empty')}</p> : <CloudVersions entries={entries} items={itemsOf} />}
      {noteFor && (
        <NoteDialog
          title={t('backups.noteFor', { when: formatDateTime(noteFor.backedUpAt) })}
          label={t('backups.note')}
          initial={noteFor.note}
          maxLength={BACKUP_NOTE_MAX}
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
      {library && library.unindexed.length > 0 && <Unindexed accountId={accountId} files={library.unindexed} act={act} />}
      {library && library.problems.length > 0 && <LibraryProblems problems={library.problems} />}
      {detail?.kind === 'summary' && <SummaryView key={detail.id} id={detail.id} onClose={() => setDetail(null)} />}
      {detail?.kind === 'diff' && <DiffView key={`${detail.id}|${detail.from}`} detail={detail} onClose={() => setDetail(null)} />}
      {dialog}
      {restore.dialog}
    </section>
  )
}

/** The cloud versions' table: when the cloud had each, its size and what its last check found. */
function CloudVersions({ entries, items }: { entries: BackupEntry[]; items(entry: BackupEntry): MenuItem[] }) {
  const { t } = useTranslation()
  return (
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
      items={items}
    />
  )
}

/** Saves in the backup folder the library has no record of, each with the way to add it. */
function Unindexed({ accountId, files, act }: { accountId: string; files: Library['unindexed']; act: Act }) {
  const { t } = useTranslation()
  const index = useBackups((s) => s.index)
  return (
    <div className="note" data-testid="unindexed">
      <strong>{t('backups.unindexedTitle')}</strong>
      <ul>
        {files.map((u) => (
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
  )
}

/** Files of the library that could not be read, and why. */
function LibraryProblems({ problems }: { problems: Library['problems'] }) {
  const { t } = useTranslation()
  return (
    <div className="note warning-text" data-testid="library-problems">
      <strong>{t('backups.problemsTitle')}</strong>
      <ul>
        {problems.map((p) => (
          <li key={p.name}>
            <span className="file-name">{p.name}</span>: {t(`backups.problem_${p.reason}`)}
          </li>
        ))}
      </ul>
    </div>
  )
}
