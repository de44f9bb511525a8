import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LINE_MAX, NOTE_MAX } from '../../../shared/record-keys'
import { recordActions, useRecordState } from './store'
import './record.css'

/**
 * A session's name (e.g. "tournament practice"), note and star (#55). Saved with one button; a name or note emptied
 * and saved is removed, and the star is undone by the same control.
 */
export function SessionMarks({ accountId, sessionId }: { accountId: string; sessionId: string }) {
  const { t } = useTranslation()
  const mark = useRecordState(accountId)?.sessions[sessionId]
  const [draft, setDraft] = useState<{ name: string; note: string } | null>(null)
  const [error, setError] = useState<string | null>(null)
  const run = (change: Promise<unknown>) => {
    setError(null)
    change.then(
      () => setDraft(null),
      (e: unknown) => setError(e instanceof Error ? e.message : String(e))
    )
  }
  const starred = mark?.starred ?? false
  return (
    <div className="session-marks play-marks" data-testid="session-marks">
      <button
        type="button"
        className="link star-toggle"
        aria-pressed={starred}
        aria-label={t('record.starSession')}
        title={t('record.starSession')}
        onClick={() => run(recordActions.setSession(accountId, sessionId, { starred: !starred }))}
      >
        {starred ? '★' : '☆'}
      </button>
      {mark?.name && <strong data-testid="session-name">{mark.name}</strong>}
      {mark?.note && <span className="muted">{mark.note}</span>}
      {draft === null ? (
        <button type="button" className="link" onClick={() => setDraft({ name: mark?.name ?? '', note: mark?.note ?? '' })}>
          {t('record.nameSession')}
        </button>
      ) : (
        <form
          className="note-editor"
          onSubmit={(e) => {
            e.preventDefault()
            run(recordActions.setSession(accountId, sessionId, { name: draft.name.trim() || null, note: draft.note.trim() || null }))
          }}
        >
          <input
            aria-label={t('record.sessionName')}
            maxLength={LINE_MAX}
            value={draft.name}
            onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          />
          <textarea
            aria-label={t('record.note')}
            maxLength={NOTE_MAX}
            rows={2}
            value={draft.note}
            onChange={(e) => setDraft({ ...draft, note: e.target.value })}
          />
          <button type="submit">{t('record.saveNote')}</button>
          <button type="button" onClick={() => setDraft(null)}>
            {t('record.cancel')}
          </button>
        </form>
      )}
      {error && (
        <span role="alert" className="error-box">
          {error}
        </span>
      )}
    </div>
  )
}
