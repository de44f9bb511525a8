import type { SaveFormat } from '../../shared/backups'
import { AppError } from '../../shared/errors'

const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1')

/** JSON saves start with `{` (after any whitespace or BOM); SQLite databases with their magic header. */
export function detectFormat(head: Buffer): SaveFormat {
  if (head.subarray(0, 16).equals(SQLITE_MAGIC)) return 'sqlite'
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
  return text.startsWith('{') ? 'json' : 'unknown'
}

/**
 * The text of a JSON save as a file holds it: UTF-8 with or without a BOM, or UTF-16 with its BOM (a
 * text editor's "Unicode"); the blanks around the document and the NULs a writer padded it with are
 * dropped. The game's own saves are plain UTF-8 JSON: this is what gets written back.
 */
export function saveJsonText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const utf16 = raw.length >= 2 && ((raw[0] === 0xff && raw[1] === 0xfe) || (raw[0] === 0xfe && raw[1] === 0xff))
  let text: string
  if (!utf16) text = raw.toString('utf8')
  else {
    // A last odd byte is no character of UTF-16: it is left out, and the JSON then ends or fails to parse by itself.
    const units = Buffer.from(raw.subarray(2, 2 + ((raw.length - 2) & ~1)))
    text = (raw[0] === 0xfe ? units.swap16() : units).toString('utf16le')
  }
  let end = text.length
  while (end > 0 && (text.charCodeAt(end - 1) === 0 || /\s/.test(text[end - 1]!))) end--
  // trimStart also drops a BOM (U+FEFF is white space to JavaScript).
  return text.slice(0, end).trimStart()
}

const notASave = () =>
  AppError.of(
    'unexpected_response',
    'The service sent something that is not a save (neither JSON nor SQLite; maybe a sign-in or error page). Nothing was kept.'
  )

/** Refuses a body that cannot be a save, as soon as its first bytes are known. */
export function checkSaveHead(head: Buffer, received: number): void {
  const known = head.subarray(0, Math.min(head.length, received))
  if (known.length < 16 && known.length < received) return
  if (detectFormat(known) === 'unknown') throw notASave()
}

/** How many leading bytes are kept to recognise a save and read an SQLite header. */
export const HEAD_BYTES = 100

/**
 * A complete save ends where its own structure says: a JSON document with its closing brace, an
 * SQLite database at `page size × page count` from its header (when the header's count is valid).
 */
export function checkSaveTail(head: Buffer, tail: Buffer, size: number): void {
  const format = detectFormat(head)
  if (format === 'unknown') throw notASave()
  if (format === 'json') {
    if (!tail.toString('latin1').trimEnd().endsWith('}'))
      throw AppError.of('unexpected_response', 'The save arrived incomplete (the JSON does not end). Nothing was kept; try again.')
    return
  }
  if (head.length < 96) return
  const rawPageSize = head.readUInt16BE(16)
  const pageSize = rawPageSize === 1 ? 65_536 : rawPageSize
  const changeCounter = head.readUInt32BE(24)
  const pageCount = head.readUInt32BE(28)
  // The in-header page count is valid only when written by SQLite 3.7+ (version-valid-for = change counter).
  const countValid = pageCount > 0 && head.readUInt32BE(92) === changeCounter
  if (countValid && pageSize * pageCount !== size) {
    throw AppError.of(
      'unexpected_response',
      `The save arrived incomplete (${size} bytes; the database says ${pageSize * pageCount}). Nothing was kept; try again.`
    )
  }
}
