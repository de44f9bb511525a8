import type { TFunction } from 'i18next'
import type { BackupEntry } from '../../../shared/backups'
import type { ConfirmRequest } from '../ui/ConfirmDialog'
import { formatDateTime } from '../ui/format'
import type { MenuItem } from '../ui/Menu'
import { useBackups } from './store'

/** Runs an action and says what happened (its message, or null for nothing to say) or what went wrong. */
export type Act = (work: () => Promise<string | null>) => Promise<void>

/**
 * What every kept version offers, the cloud's and this computer's alike: pin, star, export, reveal, and delete (asked
 * first). Pin and star are each undone by the same item, which then offers the inverse.
 */
export function versionActions(e: BackupEntry, act: Act, ask: (request: ConfirmRequest) => Promise<boolean>, t: TFunction) {
  const library = useBackups.getState()
  const remove = () =>
    act(async () => {
      const ok = await ask({
        title: t('backups.deleteTitle'),
        body: <p>{t(e.pinned ? 'backups.deletePinnedBody' : 'backups.deleteBody', { when: formatDateTime(e.backedUpAt) })}</p>,
        confirm: t('backups.deleteConfirm'),
        danger: true
      })
      if (!ok) return null
      await library.delete(e.id, { confirmPinned: e.pinned })
      return t('backups.deleted')
    })
  return {
    pin: {
      label: e.pinned ? t('backups.unpin') : t('backups.pin'),
      onSelect: () => void act(async () => (await library.pin(e.id, !e.pinned), t(e.pinned ? 'backups.unpinned' : 'backups.pinnedDone')))
    },
    star: {
      label: e.starred ? t('backups.unstar') : t('backups.star'),
      onSelect: () =>
        void act(async () => (await library.star(e.id, !e.starred), t(e.starred ? 'backups.unstarred' : 'backups.starredDone')))
    },
    export: {
      label: t('backups.export'),
      onSelect: () =>
        void act(async () => {
          const path = await library.export(e.id)
          return path ? t('backups.exported', { path }) : null
        })
    },
    reveal: {
      label: t('backups.reveal'),
      onSelect: () => void act(async () => (await library.reveal(e.id), t('backups.revealed')))
    },
    delete: { label: t('backups.delete'), danger: true, onSelect: () => void remove() }
  } satisfies Record<string, MenuItem>
}
