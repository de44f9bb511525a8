import type { SaveFormat } from '../../shared/backups'

const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1')

/** JSON saves start with `{` (after any whitespace or BOM); SQLite databases with their magic header. */
export function detectFormat(head: Buffer): SaveFormat {
  if (head.subarray(0, 16).equals(SQLITE_MAGIC)) return 'sqlite'
  const text = head.toString('utf8').replace(/^\uFEFF/, '').trimStart()
  return text.startsWith('{') ? 'json' : 'unknown'
}
