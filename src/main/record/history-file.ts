import { z } from 'zod'
import { KeptRecord } from '../../shared/api'
import { AppError } from '../../shared/errors'
import { LineText, NoteText, SessionNote } from '../../shared/record'
import type { RestoredMarks } from '../cache/account-cache'
import { MAX_RECORDS } from '../cache/history'

/** The schema of the history file the app exports (progress/handlers.ts writes it). */
const HISTORY_FILE_SCHEMA = 'companion-history/1'

const HistoryFile = z.object({
  schema: z.literal(HISTORY_FILE_SCHEMA),
  account: z.object({ username: z.string().nullable().optional(), uid: z.string().nullable().optional() }).optional(),
  plays: z.array(z.unknown()).max(MAX_RECORDS * 2),
  sessionNotes: z.record(z.string().regex(/^-?\d{1,16}$/), z.unknown()).optional()
})

/** A play's marks as a history file carries them beside its record (each read on its own: a bad one is left out). */
const PlayMarksFields = z.object({
  hidden: z.boolean().optional(),
  hidden_at: z.string().max(40).nullable().optional(),
  hidden_why: LineText.nullable().optional(),
  note: NoteText.nullable().optional(),
  starred: z.boolean().optional()
})

export interface HistoryRead {
  records: KeptRecord[]
  unreadable: number
  marks: RestoredMarks
}

/** The marks a play of the file carries, added to `marks` (none: nothing added). */
function collectMarks(marks: RestoredMarks, record: KeptRecord, raw: unknown, now: string): void {
  const parsed = PlayMarksFields.safeParse(raw)
  if (!parsed.success) return
  const m = parsed.data
  const play = { chart_id: record.chart_id, played_at: record.played_at, score: record.score }
  if (m.hidden) marks.hidden.push({ play, mark: { at: m.hidden_at ?? now, why: m.hidden_why ?? null } })
  if ((m.note ?? null) !== null || m.starred)
    marks.plays.push({ play, note: m.note && m.note.length ? m.note : null, starred: m.starred ?? false, at: now })
}

/**
 * A history file (the app's export) read as untrusted input: its plays (each checked; those that are no play are
 * counted), and the marks it carries. A file of another player (another uid than the account's) is refused.
 */
export function readHistoryFile(text: string, account: { uid: string | null }, now: string): HistoryRead {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw AppError.of('invalid_input', 'This file is not JSON: choose a history file the app exported.', { details: { field: 'file' } })
  }
  const file = HistoryFile.safeParse(json)
  if (!file.success)
    throw AppError.of('invalid_input', 'This file is not a history file the app exported (or one too large to read).', {
      details: { field: 'file' }
    })
  const uid = file.data.account?.uid ?? null
  if (uid !== null && account.uid !== null && uid !== account.uid)
    throw AppError.of('invalid_input', 'This history file belongs to another player; nothing was added.', {
      details: { field: 'file', otherUser: uid }
    })
  const records: KeptRecord[] = []
  const marks: RestoredMarks = { hidden: [], plays: [], sessions: [] }
  let unreadable = 0
  for (const raw of file.data.plays) {
    const parsed = KeptRecord.safeParse(raw)
    if (!parsed.success) {
      unreadable++
      continue
    }
    records.push(parsed.data)
    collectMarks(marks, parsed.data, raw, now)
  }
  for (const [id, raw] of Object.entries(file.data.sessionNotes ?? {})) {
    const note = SessionNote.safeParse(raw)
    if (note.success && (note.data.name !== null || note.data.note !== null || note.data.starred)) marks.sessions.push([id, note.data])
  }
  return { records, unreadable, marks }
}
