import { useState } from 'react'
import { useModal } from '../ui/useModal'
import { useTranslation } from 'react-i18next'
import type { BackupEntry } from '../../../shared/backups'
import { formatDateTime } from '../ui/format'

/** A backup's note ("before the 4.5 update"): kept in its manifest, shown in the library. */
export function NoteDialog({ entry, onSave, onClose }: { entry: BackupEntry; onSave(note: string): void; onClose(): void }) {
  const { t } = useTranslation()
  const ref = useModal()
  const [note, setNote] = useState(entry.note)
  return (
    <dialog ref={ref} className="dialog" aria-labelledby="note-title" onClose={onClose} data-testid="note-dialog">
      <h2 id="note-title">{t('backups.noteFor', { when: formatDateTime(entry.backedUpAt) })}</h2>
      <form
        method="dialog"
        onSubmit={() => {
          if (note !== entry.note) onSave(note.trim())
        }}
      >
        <label htmlFor="note-text" className="visually-hidden">
          {t('backups.note')}
        </label>
        <textarea id="note-text" rows={3} maxLength={2000} value={note} onChange={(e) => setNote(e.target.value)} />
        <div className="row end">
          <button type="button" onClick={() => ref.current?.close()}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="primary">
            {t('common.save')}
          </button>
        </div>
      </form>
    </dialog>
  )
}
