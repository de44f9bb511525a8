import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { BackupEntry } from '../../../shared/backups'
import type { MenuItem } from '../ui/Menu'
import { RestoreDialog, type RestoreMode } from './RestoreDialog'
import { useRestore } from './store'

/**
 * A version's restore actions for its menu: "Restore to this computer…", "Export as saves.db…", and
 * "Undo the last restore…" on the version last restored and on the copy kept before it; with the dialog they open.
 */
export function useRestoreMenu() {
  const { t } = useTranslation()
  const last = useRestore((s) => s.last)
  const load = useRestore((s) => s.load)
  const [open, setOpen] = useState<{ entry: BackupEntry | null; mode: RestoreMode } | null>(null)
  useEffect(() => {
    void load().catch(() => {})
  }, [load])
  const items = (entry: BackupEntry): MenuItem[] => [
    { label: t('restore.restoreItem'), onSelect: () => setOpen({ entry, mode: 'restore' }) },
    { label: t('restore.exportItem'), onSelect: () => setOpen({ entry, mode: 'export' }) },
    ...(last && (last.fromId === entry.id || last.snapshotId === entry.id)
      ? [{ label: t('restore.undoItem'), onSelect: () => setOpen({ entry: null, mode: 'undo' }) }]
      : [])
  ]
  const dialog = open ? <RestoreDialog entry={open.entry} mode={open.mode} onClose={() => setOpen(null)} /> : null
  return { items, dialog }
}
