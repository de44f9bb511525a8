import { createHash } from 'node:crypto'
import { dirname, join } from 'node:path'
import type { BackupEntry } from '../../shared/backups'
import { detectFormat, saveJsonText } from '../backups/format'
import { io } from '../platform-node/io'
import type { BackupLibrary } from '../backups/library'
import { MAX_SUMMARY_BYTES, readSaveContents, type SaveContents } from '../backups/save-reader'
import { COMPUTER_SOURCE } from '../backups/library'
import { identityOf, saveIdentity, type SaveIdentity } from '../game-folder/save-identity'
import { integrityProblem } from '../game-folder/snapshot'
import type { FileSystem } from '../ports'
import { saveRowOf, type SaveRow } from './container'
import type { Refused } from './guard'

/** The largest data.db a restore reads (about two million plays). */
const MAX_PLAYS_BYTES = 512 * 1024 * 1024

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** A library version, verified against its manifest and read: what a restore puts back. */
export interface Source {
  entry: BackupEntry & { path: string }
  kind: 'this-computer' | 'cloud'
  format: 'json' | 'sqlite'
  /** The version's save file as kept. */
  bytes: Buffer
  /** Its data.db, for a "This computer" version that kept one. */
  data: Buffer | null
  /** SQLite: the container's own save row. JSON: null (the JSON goes into the game's container). */
  row: SaveRow | null
  /** The save JSON the game will read after the restore. */
  json: string
  contents: SaveContents
  identity: SaveIdentity
}

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Who a save JSON belongs to; null when the text is not a JSON object (also one encoded twice). */
export function identityOfJson(text: string): SaveIdentity | null {
  try {
    let doc: unknown = JSON.parse(text.replace(/^\uFEFF/, ''))
    if (typeof doc === 'string') doc = JSON.parse(doc)
    return isObject(doc) ? identityOf(doc) : null
  } catch {
    return null
  }
}

/**
 * What the game would read from this JSON: its records and its player. Refused as unusable when it is
 * not a save at all (no `SongRecordsV3` / `SongRecords`), so nothing that is not one is ever written.
 */
export async function readSaveJson(json: string): Promise<{ contents: SaveContents; identity: SaveIdentity } | Refused> {
  const identity = identityOfJson(json)
  if (!identity) return { reason: 'unusable-version', detail: 'its save JSON does not parse' }
  // JSON the save reader cannot read is no save: refused just below.
  const contents = await readSaveContents(Buffer.from(json, 'utf8')).catch(() => null)
  if (!contents || (contents.layout !== 'SongRecordsV3' && contents.layout !== 'SongRecords'))
    return { reason: 'unusable-version', detail: 'its JSON holds no save records (SongRecordsV3 or SongRecords)' }
  return { contents, identity }
}

const RECORD_LISTS = ['songrecordsv3', 'songrecords']
const kindOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`)

/**
 * What makes a JSON file no save to write into the game's container, or null: the game reads a JSON
 * object whose `SongRecordsV3` / `SongRecords` are lists (null for one of them is how a save without it
 * looks), at the top, not wrapped in another document or encoded twice.
 */
export function jsonSaveProblem(text: string): string | null {
  if (text === '') return 'the file is empty'
  let doc: unknown
  try {
    doc = JSON.parse(text)
  } catch {
    return /^[[{"]/.test(text) ? 'its save JSON does not parse' : 'it is neither a JSON save nor an SQLite save'
  }
  if (!isObject(doc)) return `its JSON is ${kindOf(doc)}, not a JSON object`
  const lists = Object.entries(doc).filter(([key]) => RECORD_LISTS.includes(key.toLowerCase()))
  const wrong = lists.find(([, value]) => value !== null && !Array.isArray(value))
  if (wrong) return `its ${wrong[0]} is ${kindOf(wrong[1])}, not a list of records`
  if (!lists.some(([, value]) => Array.isArray(value))) return 'its JSON holds no save records (SongRecordsV3 or SongRecords)'
  return null
}

const refusal = (value: unknown): value is Refused => isObject(value) && typeof value.reason === 'string'

/**
 * Reads a version for a restore: its files must match the manifest's size and SHA-256 (a damaged
 * one is refused before anything is touched), and it must be a save the game can read. `asIs` (an
 * undo): an intact saves.db goes back as it was even when it held no save (the game had not saved yet).
 */
export async function readSource(
  library: BackupLibrary,
  files: FileSystem,
  id: string,
  options: { asIs?: boolean } = {}
): Promise<Source | Refused> {
  const entry = await library.get(id)
  if (!entry.path) return { reason: 'damaged-version', detail: 'missing' }
  const state = await io('Reading the backup', () => library.check(entry))
  if (state !== 'ok') return { reason: 'damaged-version', detail: state }
  if (entry.size > MAX_SUMMARY_BYTES) return { reason: 'unusable-version', detail: `it is far larger than a save (${entry.size} bytes)` }
  const bytes = await io('Reading the backup', () => files.readFile(entry.path!))
  // What is used is what was checked: the bytes read are hashed again.
  if (sha256(bytes) !== entry.sha256) return { reason: 'damaged-version', detail: 'mismatch' }
  const part = (entry.parts ?? []).find((p) => p.role === 'data.db')
  let data: Buffer | null = null
  if (part) {
    if (part.size > MAX_PLAYS_BYTES) return { reason: 'unusable-version', detail: `its data.db is too large (${part.size} bytes)` }
    data = await io('Reading the backup', () => files.readFile(join(dirname(entry.path!), part.file)))
    if (sha256(data) !== part.sha256) return { reason: 'damaged-version', detail: 'mismatch' }
  }
  const kind = entry.source === 'computer' || entry.deploymentId === COMPUTER_SOURCE ? 'this-computer' : 'cloud'
  const base = { entry: { ...entry, path: entry.path }, kind, bytes, data } as const
  if (detectFormat(bytes.subarray(0, 100)) !== 'sqlite') {
    // What goes into the container is the save as the game writes it: plain UTF-8 JSON, nothing around it.
    const json = saveJsonText(bytes)
    const save = jsonSaveProblem(json) ?? (await readSaveJson(json))
    if (typeof save === 'string') return { reason: 'unusable-version', detail: save }
    return refusal(save) ? save : { ...base, format: 'json', row: null, json, ...save }
  }
  // A damaged container is refused here, before a snapshot is taken, not found damaged after writing it.
  const damage = await integrityProblem(bytes)
  if (damage) return { reason: 'unusable-version', detail: `its saves.db is damaged (${damage.slice(0, 200)})` }
  // A save row that cannot be read is no row: refused below as a saves.db without one (or, for an undo, put back as it was).
  const row = await saveRowOf(bytes).catch(() => null)
  const save = row ? await readSaveJson(row.value) : null
  if (row && save && !refusal(save)) return { ...base, format: 'sqlite', row, json: row.value, ...save }
  const refused: Refused =
    save && refusal(save) ? save : { reason: 'unusable-version', detail: 'its saves.db holds no PlayerFileV2 or PlayerFile row' }
  if (!options.asIs) return refused
  // What the game wrote, whole but not a save it can read yet: it goes back as it was, with no records to compare.
  const contents = await readSaveContents(bytes).catch(() => null)
  return { ...base, format: 'sqlite', row, json: row?.value ?? '', contents: contents ?? NO_CONTENTS, identity: await saveIdentity(bytes) }
}

/** What a saves.db without a readable save holds: no records. */
const NO_CONTENTS: SaveContents = {
  container: 'sqlite',
  layout: 'none',
  username: null,
  nickname: null,
  userId: null,
  bests: [],
  plays: [],
  skipped: 0
}

export const isRefused = refusal
