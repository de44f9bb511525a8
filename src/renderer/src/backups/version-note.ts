import { useTranslation } from 'react-i18next'
import type { BackupEntry } from '../../../shared/backups'
import { formatDateTime } from '../ui/format'

/**
 * What the library's note column says of a version: why the app kept it by itself (before a restore, or before the
 * undo of one: the version restored by its kind and date, in the reader's language, never by its id), then the
 * player's own note.
 */
export function useVersionNote(): (entry: Pick<BackupEntry, 'note' | 'reason'>) => string {
  const { t } = useTranslation()
  return ({ note, reason }) => {
    if (!reason) return note
    const { backedUpAt, source } = reason.version
    const kind = reason.kind === 'before-undo' ? 'keptBeforeUndo' : 'keptBeforeRestore'
    const why = backedUpAt && source ? t(`backups.${kind}_${source}`, { when: formatDateTime(backedUpAt) }) : t(`backups.${kind}_unknown`)
    return note ? `${why} · ${note}` : why
  }
}
