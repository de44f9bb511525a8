import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { KeptRecord } from '../../../shared/api'
import { NOTE_MAX, playKey } from '../../../shared/record-keys'
import type { RecordState } from '../../../shared/record'
import { formatDateTime } from '../ui/format'
import { parseRfc3339 } from '../../../shared/timestamps'
import { recordActions } from './store'

const refOf = ({ chart_id, played_at, score }: KeptRecord) => ({ chart_id, played_at, score })

/** Whether the player hid this play (it is kept, and counts in no figure). */
export const isHiddenIn = (state: RecordState | undefined, record: KeptRecord) => state?.hidden[playKey(record)] !== undefined

/**
 * A play's marks and the changes to them, in a row of a play table: its star, its note, and hiding it or showing it
 * again (each change is undone by the same control: star again, clear the note, show again).
 */
export function PlayMarks({ accountId, record, state }: { accountId: string; record: KeptRecord; state: RecordState | undefined }) {
  const { t } = useTranslation()
  const key = playKey(record)
  const hidden = state?.hidden[key]
  const note = state?.plays[key]
  const [editing, setEditing] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const run = (change: Promise<unknown>) => {
    setError(null)
    change.catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)))
  }
  const starred = note?.starred ?? false
  return (
    <div className="play-marks" data-testid="play-marks">
      {hidden && (
        <span
          className="chip mark-chip bg-mark-autoplay hidden-chip"
          data-testid="hidden-chip"
          title={t('record.hiddenAt', { when: formatDateTime(parseRfc3339(hidden.at)) }) + (hidden.why ? ` · ${hidden.why}` : '')}
        >
          {t('record.hiddenChip')}
        </span>
      )}
      <button
        type="button"
        className="link star-toggle"
        aria-pressed={starred}
        aria-label={t('record.star')}
        title={t('record.star')}
        onClick={() => run(recordActions.setPlay(accountId, refOf(record), { starred: !starred }))}
      >
        {starred ? '★' : '☆'}
      </button>
      <button
        type="button"
        className="link"
        onClick={() =>
          run(hidden ? recordActions.unhide(accountId, [refOf(record)]) : recordActions.hide(accountId, [refOf(record)], null))
        }
      >
        {hidden ? t('record.show') : t('record.hide')}
      </button>
      {editing === null ? (
        <button type="button" className="link" title={note?.note ?? undefined} onClick={() => setEditing(note?.note ?? '')}>
          {note?.note ? t('record.editNote') : t('record.addNote')}
        </button>
      ) : (
        <form
          className="note-editor"
          onSubmit={(e) => {
            e.preventDefault()
            run(recordActions.setPlay(accountId, refOf(record), { note: editing.trim() ? editing : null }).then(() => setEditing(null)))
          }}
        >
          <textarea
            aria-label={t('record.note')}
            maxLength={NOTE_MAX}
            value={editing}
            rows={2}
            onChange={(e) => setEditing(e.target.value)}
          />
          <button type="submit">{t('record.saveNote')}</button>
          <button type="button" onClick={() => setEditing(null)}>
            {t('record.cancel')}
          </button>
        </form>
      )}
      {note?.note && editing === null && <span className="play-note muted">{note.note}</span>}
      {error && (
        <span role="alert" className="error-box">
          {error}
        </span>
      )}
    </div>
  )
}
