import { loadSqlJs } from '../platform-node/sqljs'

/** Who a local save belongs to and when the game last wrote it, as the save JSON itself says. */
export interface SaveIdentity {
  /** `UserID`, else `UserUUID`: names the library folder of this save's local versions. */
  id: string | null
  userId: string | null
  userUuid: string | null
  username: string | null
  nickname: string | null
  /** `LastSaveTime` as the game wrote it (local time, no offset). */
  lastSaveTime: string | null
}

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
const keyOf = (name: string) => name.replace(/[_-]/g, '').toLowerCase()
const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : null)

function field(obj: Json, ...names: string[]): string | null {
  const wanted = new Set(names.map(keyOf))
  for (const [key, value] of Object.entries(obj)) if (wanted.has(keyOf(key))) return text(value)
  return null
}

function parse(value: unknown): Json | null {
  const raw = value instanceof Uint8Array ? Buffer.from(value).toString('utf8') : value
  if (typeof raw !== 'string' || !/^\s*[{"]/.test(raw.replace(/^\uFEFF/, ''))) return null
  try {
    let doc: unknown = JSON.parse(raw.replace(/^\uFEFF/, ''))
    if (typeof doc === 'string') doc = JSON.parse(doc)
    return isObject(doc) ? doc : null
  } catch {
    return null
  }
}

const holdsSave = (doc: Json) => Object.keys(doc).some((k) => ['songrecordsv3', 'songrecords'].includes(keyOf(k)))

export function identityOf(doc: Json): SaveIdentity {
  const userId = field(doc, 'UserID')
  const userUuid = field(doc, 'UserUUID')
  return {
    id: userId ?? userUuid,
    userId,
    userUuid,
    username: field(doc, 'Username', 'UserName'),
    nickname: field(doc, 'Nickname'),
    lastSaveTime: field(doc, 'LastSaveTime')
  }
}

/** The identity in a saves.db: the `kv` row under `PlayerFileV2` / `PlayerFile`, or any row whose JSON holds the save. */
export async function saveIdentity(bytes: Uint8Array): Promise<SaveIdentity> {
  const SQL = await loadSqlJs()
  const db = new SQL.Database(bytes)
  try {
    const kv = db.exec("SELECT name FROM sqlite_master WHERE type = 'table' AND lower(name) = 'kv'")[0]?.values[0]?.[0]
    if (typeof kv === 'string') {
      const rows = db.exec(`SELECT * FROM "${kv.replace(/"/g, '""')}"`)[0]
      const keyColumn = rows?.columns.findIndex((c) => c.toLowerCase() === 'key') ?? -1
      const docs = (rows?.values ?? []).flatMap((row) =>
        row.map(parse).flatMap((doc) => (doc && holdsSave(doc) ? [{ newest: row[keyColumn] === 'PlayerFileV2', doc }] : []))
      )
      const chosen = docs.find((d) => d.newest) ?? docs[0]
      if (chosen) return identityOf(chosen.doc)
    }
  } finally {
    db.close()
  }
  return { id: null, userId: null, userUuid: null, username: null, nickname: null, lastSaveTime: null }
}
