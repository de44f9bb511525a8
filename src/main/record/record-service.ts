import { z } from 'zod'
import type { ScoreRecord } from '../../shared/api'
import { AppError } from '../../shared/errors'
import {
  LineText,
  NoteText,
  PlayPointer,
  PlayRefs,
  SessionNotePatch,
  type HideResult,
  type HistoryImportResult,
  type RecordState,
  type UndoImportResult
} from '../../shared/record'
import type { AccountRecord } from '../accounts/account-registry'
import type { SyncService } from '../sync/sync-service'
import { readHistoryFile } from './history-file'
import { recordKey } from '../cache/record-log'

/** A play's marks as a table's JSON carries them. */
export interface PlayMarks {
  hidden: boolean
  note: string | null
  starred: boolean
}

export interface RecordDeps {
  sync: Pick<SyncService, 'cache' | 'hide' | 'undoImport' | 'redoImport' | 'remember' | 'restoreMarks'>
  accounts: { get(id: string): AccountRecord | undefined }
  /** Whether the account has this session (its id as the sessions' list gives it). */
  hasSession(accountId: string, sessionId: string): Promise<boolean>
  emit(state: RecordState): void
  now(): number
  /** Runs a change of the marks where this program may make it (the CLI: only while no app has the data folder open). */
  guard<T>(change: () => Promise<T>): Promise<T>
}

/** Input from a door (the window, the CLI) checked again here: the CLI calls this service without the dispatcher. */
function checked<T extends z.ZodType>(schema: T, value: unknown, field: string): z.output<T> {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  // Our own words for why, never zod's (which names types, as in "expected string, received undefined").
  const issue = parsed.error.issues[0]
  const why = issue?.code === 'too_big' ? 'it is too long' : issue?.code === 'custom' ? issue.message : 'it is not in the expected shape'
  throw AppError.of('invalid_input', `The ${field} was refused: ${why}. Nothing was changed.`, { details: { field } })
}

/**
 * The player's marks on an account's record (#55): hiding plays and showing them again, notes and stars on plays and
 * sessions, a session's name, taking an import back and putting it back, and a history file read back. The record
 * itself is the sync feature's (the account's cache): hiding works at its source, the bests and the play log's
 * followers, so every figure follows without being told. The marks go to the window as `record:changed`.
 */
export class RecordService {
  #version = 0

  constructor(private readonly deps: RecordDeps) {}

  #account(id: string): AccountRecord {
    const account = this.deps.accounts.get(id)
    if (!account) throw AppError.of('not_found', 'That account is not signed in.')
    return account
  }

  state(id: string): RecordState {
    this.#account(id)
    return this.deps.sync.cache(id).marks.state(id, ++this.#version)
  }

  emit(id: string): void {
    if (this.deps.accounts.get(id)) this.deps.emit(this.state(id))
  }

  /** Each play's marks in the account's kept history (a table's JSON carries them beside the play's own fields). */
  marksOf(id: string, plays: readonly Pick<ScoreRecord, 'chart_id' | 'played_at' | 'score'>[]): PlayMarks[] {
    this.#account(id)
    const { marks } = this.deps.sync.cache(id)
    return plays.map((p) => {
      const key = recordKey(p)
      const note = marks.playNote(key)
      return { hidden: marks.isHidden(key), note: note?.note ?? null, starred: note?.starred ?? false }
    })
  }

  async hide(id: string, plays: unknown, hidden: boolean, why: unknown = null): Promise<HideResult> {
    this.#account(id)
    const list = checked(PlayRefs, plays, 'list of plays')
    const reason = hidden ? checked(LineText.nullable(), why, 'reason') : null
    return this.deps.guard(() => this.deps.sync.hide(id, list, hidden, reason && reason.trim() ? reason.trim() : null))
  }

  async setPlay(id: string, play: unknown, change: { note?: unknown; starred?: unknown }): Promise<void> {
    this.#account(id)
    const pointer = checked(PlayPointer, play, 'play')
    const next: { note?: string | null; starred?: boolean } = {}
    if (change.note !== undefined) next.note = checked(NoteText.nullable(), change.note, 'note')?.trim() || null
    if (change.starred !== undefined) next.starred = checked(z.boolean(), change.starred, 'star')
    await this.deps.guard(() => this.deps.sync.cache(id).setPlay(pointer, next))
  }

  async setSession(id: string, sessionId: string, patch: unknown): Promise<void> {
    this.#account(id)
    const change = checked(SessionNotePatch, patch, 'session note')
    if (!(await this.deps.hasSession(id, sessionId)))
      throw AppError.of('not_found', 'That session is no longer there: the list was updated. Open it again from the list.', {
        details: { field: 'session' }
      })
    const trimmed = {
      ...change,
      ...(change.name !== undefined ? { name: change.name?.trim() || null } : {}),
      ...(change.note !== undefined ? { note: change.note?.trim() || null } : {})
    }
    await this.deps.guard(async () => this.deps.sync.cache(id).setSession(sessionId, trimmed))
  }

  undoImport(id: string, importId: string): Promise<UndoImportResult> {
    this.#account(id)
    return this.deps.guard(() => this.deps.sync.undoImport(id, importId))
  }

  redoImport(id: string, importId: string): Promise<{ added: number }> {
    this.#account(id)
    return this.deps.guard(() => this.deps.sync.redoImport(id, importId))
  }

  /** A history file read back: its plays as one import of their own, then its marks where the record has none. */
  async importHistory(id: string, text: string, name: string): Promise<HistoryImportResult> {
    const account = this.#account(id)
    const read = readHistoryFile(text, account, new Date(this.deps.now()).toISOString())
    const source = { kind: 'history-file' as const, label: name.slice(0, 255), automatic: false }
    return this.deps.guard(async () => {
      const added = read.records.length ? await this.deps.sync.remember(id, read.records, { kind: 'import', source }) : 0
      const marks = await this.deps.sync.restoreMarks(id, read.marks)
      return { file: name, added, alreadyKept: read.records.length - added, unreadable: read.unreadable, marks }
    })
  }
}
