import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ownEvent, useModal } from './useModal'

/**
 * A note written in its own dialog (a backup's "before the 4.5 update", a play's "tournament practice"): saved only when
 * changed, trimmed; an emptied note is saved as "" and the caller decides what that means.
 */
export function NoteDialog({
  title,
  label,
  initial,
  maxLength,
  onSave,
  onClose
}: {
  title: string
  label: string
  initial: string
  maxLength: number
  onSave(note: string): void
  onClose(): void
}) {
  const { t } = useTranslation()
  const ref = useModal()
  const id = useId()
  const [note, setNote] = useState(initial)
  return (
    <dialog ref={ref} className="dialog" aria-labelledby={`${id}-title`} onClose={ownEvent(onClose)} data-testid="note-dialog">
      <h2 id={`${id}-title`}>{title}</h2>
      <form
        method="dialog"
        onSubmit={() => {
          if (note.trim() !== initial.trim()) onSave(note.trim())
        }}
      >
        <label htmlFor={`${id}-text`} className="visually-hidden">
          {label}
        </label>
        <textarea id={`${id}-text`} rows={3} maxLength={maxLength} value={note} onChange={(e) => setNote(e.target.value)} />
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
