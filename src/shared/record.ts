import { z } from 'zod'
import { LINE_MAX, MARKS_MAX, NOTE_MAX, PLAYS_PER_CHANGE_MAX, IMPORTS_MAX, textProblem } from './record-keys'
import { MAX_READ_SCORE } from './play-marks'
import { parseRfc3339 } from './timestamps'

/**
 * The player's own marks on their record (#55), as they cross the bridge and as the account's marks file keeps them.
 * The rules (keys, limits, which characters a note may hold) are in record-keys.ts.
 */

const playedAt = z
  .string()
  .max(40)
  .refine((at) => Number.isFinite(parseRfc3339(at)), 'not an RFC 3339 time')

/** A play named by its chart, its time and its score (the log's key). */
export const PlayRef = z.object({
  chart_id: z.string().min(1).max(200),
  played_at: playedAt,
  score: z.number().int().min(0).max(MAX_READ_SCORE)
})

/** A play named by its chart and time, its score when known (the CLI names a play without it). */
export const PlayPointer = PlayRef.extend({ score: PlayRef.shape.score.optional() })
export type PlayPointer = z.infer<typeof PlayPointer>

const refined = (multiline: boolean, max: number) =>
  z
    .string()
    .max(max)
    .refine((text) => textProblem(text, { multiline, max }) === null, 'control characters are not allowed')

/** A note on a play, a session or a backup: line breaks allowed, no other control character. */
export const NoteText = refined(true, NOTE_MAX)
/** A session's name or why a play was hidden: one line. */
export const LineText = refined(false, LINE_MAX)

/** A hidden play: when it was hidden, and why (the player's words, optional). */
export const HiddenMark = z.object({ at: z.string().max(40), why: LineText.nullable() })
export type HiddenMark = z.infer<typeof HiddenMark>

/** A play's note and star. */
export const PlayNote = z.object({ note: NoteText.nullable().default(null), starred: z.boolean().default(false), at: z.string().max(40) })
export type PlayNote = z.infer<typeof PlayNote>

/** A session's name, note and star. */
export const SessionNote = z.object({
  name: LineText.nullable().default(null),
  note: NoteText.nullable().default(null),
  starred: z.boolean().default(false)
})
export type SessionNote = z.infer<typeof SessionNote>
/** A change of some of a session's marks: what is left out stays as it is (no defaults here, unlike SessionNote). */
export const SessionNotePatch = z.object({
  name: LineText.nullable().optional(),
  note: NoteText.nullable().optional(),
  starred: z.boolean().optional()
})
export type SessionNotePatch = z.infer<typeof SessionNotePatch>

/** Where an import's plays came from: the game's data.db (read by hand or as it changed), a backup's records, a history file. */
export const ImportSource = z.object({
  kind: z.enum(['data.db', 'backup', 'history-file']),
  /** The file or backup it was read from, as the player would recognise it. */
  label: z.string().max(1000),
  /** Read as the game's files changed (not asked for): an import taken back is not read again that way. */
  automatic: z.boolean().default(false)
})
export type ImportSource = z.infer<typeof ImportSource>

/** One import in the account's list: what it added (only plays new to the record), and whether it was taken back. */
export const ImportEntry = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  at: z.string().max(40),
  source: ImportSource,
  /** Plays the import added. */
  count: z.number().int().min(0),
  /** Taken back: when, how many plays left the record, and how many stayed because the service reported them too. */
  undone: z
    .object({ at: z.string().max(40), removed: z.number().int().min(0), kept: z.number().int().min(0) })
    .nullable()
    .default(null)
})
export type ImportEntry = z.infer<typeof ImportEntry>

const bounded = <T extends z.ZodType>(value: T) =>
  z.record(z.string().max(300), value).refine((r) => Object.keys(r).length <= MARKS_MAX, `at most ${MARKS_MAX} entries`)

/** The marks of one account as its marks file keeps them (`marks-<account>.json`). */
export const RecordMarksFile = z.object({
  schemaVersion: z.literal(1),
  hidden: bounded(HiddenMark).default({}),
  plays: bounded(PlayNote).default({}),
  sessions: bounded(SessionNote).default({}),
  imports: z.array(ImportEntry).max(IMPORTS_MAX).default([])
})
export type RecordMarksFile = z.infer<typeof RecordMarksFile>

/** An account's marks, sent as `record:changed` (the whole of them: bounded by MARKS_MAX). */
export const RecordState = z.object({
  accountId: z.string(),
  /** Grows with every change: an older copy never replaces a newer one. */
  version: z.number().int(),
  hidden: z.record(z.string(), HiddenMark),
  plays: z.record(z.string(), PlayNote),
  sessions: z.record(z.string(), SessionNote),
  /** Newest first. */
  imports: z.array(ImportEntry)
})
export type RecordState = z.infer<typeof RecordState>

/** The plays named in one hide or show. */
export const PlayRefs = z.array(PlayPointer).min(1).max(PLAYS_PER_CHANGE_MAX)

/** What a hide or a show changed: the plays it found, and of those how many were not already so. */
export const HideResult = z.object({ plays: z.array(PlayRef), changed: z.number().int().min(0) })
export type HideResult = z.infer<typeof HideResult>

/** What taking an import back did: plays removed, plays kept because the service reported them. */
export const UndoImportResult = z.object({ removed: z.number().int().min(0), kept: z.number().int().min(0) })
export type UndoImportResult = z.infer<typeof UndoImportResult>

/** A history file read back: the plays it added (an import of its own) and the marks it restored. */
export const HistoryImportResult = z.object({
  file: z.string(),
  added: z.number().int().min(0),
  alreadyKept: z.number().int().min(0),
  unreadable: z.number().int().min(0),
  marks: z.number().int().min(0)
})
export type HistoryImportResult = z.infer<typeof HistoryImportResult>
