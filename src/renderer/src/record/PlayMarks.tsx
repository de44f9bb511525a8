import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { KeptRecord } from '../../../shared/api'
import { NOTE_MAX, playKey } from '../../../shared/record-keys'
import type { RecordState } from '../../../shared/record'
import { parseRfc3339 } from '../../../shared/timestamps'
import { Clipped } from '../ui/Clipped'
import { formatDateTime } from '../ui/format'
import { Menu } from '../ui/Menu'
import { NoteDialog } from '../ui/NoteDialog'
import { recordActions } from './store'
import './record.css'

const refOf = ({ chart_id, played_at, score }: KeptRecord) => ({ chart_id, played_at, score })

/** Whether the player hid this play (it is kept, and counts in no figure). */
export const isHiddenIn = (state: RecordState | undefined, record: KeptRecord) => state?.hidden[playKey(record)] !== undefined

/**
 * A play's marks in a row of a play table, kept narrow in every language: its star (pressed again to take it off), its
 * note cut to one line (whole on hover), and a "⋯" menu to hide or show the play and to write the note in a dialog.
 */
export function PlayMarks({ accountId, record, state }: { accountId: string; record: KeptRecord; state: RecordState | undefined }) {
  const { t } = useTranslation()
  const key = playKey(record)
  const hidden = state?.hidden[key]
  const note = state?.plays[key]?.note ?? null
  const starred = state?.plays[key]?.starred ?? false
  const [writing, setWriting] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const run = (change: Promise<unknown>) => {
    setError(null)
    change.catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)))
  }
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
      <Menu
        compact
        label={t('record.playActions')}
        testId="play-actions"
        items={[
          {
            label: hidden ? t('record.show') : t('record.hide'),
            onSelect: () =>
              run(hidden ? recordActions.unhide(accountId, [refOf(record)]) : recordActions.hide(accountId, [refOf(record)], null))
          },
          { label: note ? t('record.editNote') : t('record.addNote'), onSelect: () => setWriting(true) }
        ]}
      />
      {note && <Clipped className="play-note muted" text={note} />}
      {writing && (
        <NoteDialog
          title={note ? t('record.editNote') : t('record.addNote')}
          label={t('record.note')}
          initial={note ?? ''}
          maxLength={NOTE_MAX}
          onSave={(text) => run(recordActions.setPlay(accountId, refOf(record), { note: text || null }))}
          onClose={() => setWriting(false)}
        />
      )}
      {error && (
        <span role="alert" className="error-box">
          {error}
        </span>
      )}
    </div>
  )
}
