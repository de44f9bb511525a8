import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { BackupEntry } from '../../../shared/backups'
import { formatDateTime, formatShortDateTime } from '../ui/format'
import { Menu, type MenuItem } from '../ui/Menu'
import { useVersionNote } from './version-note'

/**
 * The table of kept versions, the cloud's and this computer's alike: the date (with its badges) first, the note (after a
 * starred version's ★) and the actions menu last; `headers` and `cells` are the columns in between, which differ between the two.
 */
export function VersionsTable({
  entries,
  testId,
  caption,
  headers,
  cells,
  badges,
  noteTestId,
  menuTestId,
  items
}: {
  entries: BackupEntry[]
  testId: string
  caption?: string
  headers: ReactNode
  cells(entry: BackupEntry): ReactNode
  badges?(entry: BackupEntry): ReactNode
  noteTestId?: string
  menuTestId: string
  items(entry: BackupEntry): MenuItem[]
}) {
  const { t } = useTranslation()
  const noteOf = useVersionNote()
  return (
    <div className="table-wrap backups-wrap">
      <table className="data-table static backups-table" data-testid={testId}>
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            <th>{t('backups.date')}</th>
            {headers}
            <th className="col-p2">{t('backups.note')}</th>
            <th className="col-actions">
              <span className="visually-hidden">{t('backups.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id}>
              <td title={formatDateTime(e.backedUpAt)}>
                {formatShortDateTime(e.backedUpAt)} {e.pinned && <span className="badge">{t('backups.pinned')}</span>}
                {badges?.(e)}
              </td>
              {cells(e)}
              <td className="col-p2 col-note" title={noteOf(e) || undefined} data-testid={noteTestId}>
                {e.starred && (
                  <span className="version-star" role="img" aria-label={t('backups.starredMark')} title={t('backups.starredMark')}>
                    ★
                  </span>
                )}
                {noteOf(e) || (!e.starred && <span className="muted">—</span>)}
              </td>
              <td className="col-actions">
                <Menu label={t('backups.actions')} testId={menuTestId} items={items(e)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
