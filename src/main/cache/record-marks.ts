import { AppError } from '../../shared/errors'
import { MARKS_MAX, IMPORTS_MAX } from '../../shared/record-keys'
import {
  RecordMarksFile,
  type HiddenMark,
  type ImportEntry,
  type PlayNote,
  type RecordState,
  type SessionNote,
  type SessionNotePatch
} from '../../shared/record'
import { readOwnedJson, type LocalDataHealth } from '../storage/local-data'
import { hashOfKey } from './record-log'

const hex = (n: bigint) => n.toString(16).padStart(16, '0')

/**
 * The player's own marks on one account's record (`marks-<account>.json`): hidden plays (when, why), notes and stars
 * on plays and sessions, a session's name, and the list of imports. Read as untrusted input (bounded: MARKS_MAX
 * entries of each kind, NOTE_MAX characters a note); a damaged file is moved aside, an unreadable one never written.
 * Memory is the truth; every change is written (atomically, coalesced) by the account's cache.
 */
export class RecordMarks {
  readonly #hidden = new Map<string, HiddenMark>()
  readonly #plays = new Map<string, PlayNote>()
  readonly #sessions = new Map<string, SessionNote>()
  #imports: ImportEntry[] = []
  #digest = 0n
  #hashes: Set<bigint> | null = null
  #writable = true
  #loaded = false

  constructor(
    readonly path: string,
    private readonly health: LocalDataHealth,
    private readonly write: (path: string, content: () => string) => void
  ) {}

  #load(): void {
    if (this.#loaded) return
    this.#loaded = true
    const file = readOwnedJson(this.path, RecordMarksFile, this.health)
    this.#writable = file.writable
    if (!file.value) return
    for (const [key, mark] of Object.entries(file.value.hidden)) this.#setHidden(key, mark)
    for (const [key, note] of Object.entries(file.value.plays)) this.#plays.set(key, note)
    for (const [id, note] of Object.entries(file.value.sessions)) this.#sessions.set(id, note)
    this.#imports = file.value.imports
  }

  #setHidden(key: string, mark: HiddenMark): void {
    if (!this.#hidden.has(key)) {
      const hash = hashOfKey(key)
      this.#digest ^= hash
      this.#hashes?.add(hash)
    }
    this.#hidden.set(key, mark)
  }

  #save(): void {
    if (!this.#writable) return
    this.write(this.path, () => JSON.stringify(this.file()))
  }

  /** The marks as the file keeps them. */
  file(): RecordMarksFile {
    this.#load()
    return {
      schemaVersion: 1,
      hidden: Object.fromEntries(this.#hidden),
      plays: Object.fromEntries(this.#plays),
      sessions: Object.fromEntries(this.#sessions),
      imports: this.#imports
    }
  }

  state(accountId: string, version: number): RecordState {
    const { hidden, plays, sessions, imports } = this.file()
    return { accountId, version, hidden, plays, sessions, imports }
  }

  isHidden(key: string): boolean {
    this.#load()
    return this.#hidden.has(key)
  }

  hiddenMark(key: string): HiddenMark | undefined {
    this.#load()
    return this.#hidden.get(key)
  }

  /** The keys of the hidden plays (a view: it changes as plays are hidden and shown). */
  hiddenKeys(): ReadonlySet<string> {
    this.#load()
    return new Set(this.#hidden.keys())
  }

  /** The hidden plays' key hashes (record-log.ts), as the log's lines are checked against them. */
  hiddenHashes(): ReadonlySet<bigint> {
    this.#load()
    this.#hashes ??= new Set([...this.#hidden.keys()].map(hashOfKey))
    return this.#hashes
  }

  get hiddenCount(): number {
    this.#load()
    return this.#hidden.size
  }

  /** A fingerprint of the hidden plays: it changes whenever one is hidden or shown (what was computed without them checks it). */
  hiddenDigest(): string {
    this.#load()
    return `${this.#hidden.size}-${hex(this.#digest)}`
  }

  /**
   * Hides plays (their keys, each with its mark); returns those that were not hidden already. Refused whole when the
   * list would be too long.
   */
  hide(entries: readonly (readonly [string, HiddenMark])[]): string[] {
    this.#load()
    const fresh = new Map(entries.filter(([key]) => !this.#hidden.has(key)))
    if (this.#hidden.size + fresh.size > MARKS_MAX)
      throw AppError.of('invalid_input', `At most ${MARKS_MAX} plays can be hidden; show some again first. Nothing was hidden.`)
    for (const [key, mark] of fresh) this.#setHidden(key, mark)
    if (fresh.size) this.#save()
    return [...fresh.keys()]
  }

  /** Shows hidden plays again; returns those that were hidden. */
  unhide(keys: readonly string[]): string[] {
    this.#load()
    const shown = [...new Set(keys)].filter((k) => this.#hidden.has(k))
    for (const key of shown) {
      this.#hidden.delete(key)
      const hash = hashOfKey(key)
      this.#digest ^= hash
      this.#hashes?.delete(hash)
    }
    if (shown.length) this.#save()
    return shown
  }

  playNote(key: string): PlayNote | undefined {
    this.#load()
    return this.#plays.get(key)
  }

  /** A play's note and star together (a note emptied and no star: the entry goes). */
  setPlay(key: string, change: { note?: string | null; starred?: boolean }, at: string): void {
    this.#load()
    const current = this.#plays.get(key)
    const next: PlayNote = { note: current?.note ?? null, starred: current?.starred ?? false, at, ...change }
    if (next.note === '') next.note = null
    if (next.note === null && !next.starred) this.#plays.delete(key)
    else {
      if (!current && this.#plays.size >= MARKS_MAX)
        throw AppError.of('invalid_input', `At most ${MARKS_MAX} plays can have a note or a star. Nothing was changed.`)
      this.#plays.set(key, next)
    }
    this.#save()
  }

  session(id: string): SessionNote | undefined {
    this.#load()
    return this.#sessions.get(id)
  }

  setSession(id: string, patch: SessionNotePatch): void {
    this.#load()
    const current = this.#sessions.get(id)
    const next: SessionNote = { name: null, note: null, starred: false, ...current, ...patch }
    if (next.name === '') next.name = null
    if (next.note === '') next.note = null
    if (next.name === null && next.note === null && !next.starred) this.#sessions.delete(id)
    else {
      if (!current && this.#sessions.size >= MARKS_MAX)
        throw AppError.of('invalid_input', `At most ${MARKS_MAX} sessions can have a name, a note or a star. Nothing was changed.`)
      this.#sessions.set(id, next)
    }
    this.#save()
  }

  imports(): readonly ImportEntry[] {
    this.#load()
    return this.#imports
  }

  importEntry(id: string): ImportEntry | undefined {
    return this.imports().find((e) => e.id === id)
  }

  /** Adds an import to the list (newest first); returns the entries that left it (the oldest, beyond IMPORTS_MAX). */
  addImport(entry: ImportEntry): ImportEntry[] {
    this.#load()
    this.#imports = [entry, ...this.#imports]
    const dropped = this.#imports.slice(IMPORTS_MAX)
    this.#imports = this.#imports.slice(0, IMPORTS_MAX)
    this.#save()
    return dropped
  }

  setImport(id: string, change: Partial<Pick<ImportEntry, 'undone'>>): void {
    this.#load()
    this.#imports = this.#imports.map((e) => (e.id === id ? { ...e, ...change } : e))
    this.#save()
  }

  /** Forgets everything (the account is forgotten). */
  reset(): void {
    this.#hidden.clear()
    this.#plays.clear()
    this.#sessions.clear()
    this.#imports = []
    this.#digest = 0n
    this.#hashes = null
    this.#loaded = true
  }
}
