import { join } from 'node:path'
import type { FileSystem } from '../ports'
import { isErrno } from '../platform-node/io'
import { binarySearch } from './record-log'

/** A sorted list of key hashes as a file: 8 bytes each, little-endian, nothing else. */
function decodeKeys(bytes: Buffer): BigUint64Array | null {
  if (bytes.length % 8 !== 0) return null
  return new BigUint64Array(Uint8Array.prototype.slice.call(bytes).buffer).sort()
}

/**
 * What each import of an account added, beside its entry in the marks file (`imports-<account>/`): `<id>.keys`, the
 * key hashes of the plays it added (only plays new to the record); `reported.keys`, the hashes of imported plays the
 * service reported since (never taken back with an import); `<id>.taken.jsonl`, the log's own lines of an import taken
 * back (put back from there, or read again). Files the app cannot read count as empty: nothing is taken back then.
 */
export class ImportKeys {
  readonly #keys = new Map<string, BigUint64Array>()
  #reported: Set<bigint> | null = null

  constructor(
    private readonly files: FileSystem,
    readonly folder: string
  ) {}

  #path = (name: string) => join(this.folder, name)

  async #read(name: string): Promise<Buffer | null> {
    try {
      return await this.files.readFile(this.#path(name))
    } catch (error) {
      if (isErrno(error) && error.code === 'ENOENT') return null
      throw error
    }
  }

  async #write(name: string, data: Uint8Array | string): Promise<void> {
    await this.files.mkdir(this.folder, { recursive: true, mode: 0o700 })
    await this.files.writeAtomic(this.#path(name), data, { mode: 0o600 })
  }

  /** Keeps the hashes of the plays an import added. */
  async keep(id: string, hashes: BigUint64Array): Promise<void> {
    const sorted = hashes.slice().sort()
    await this.#write(`${id}.keys`, new Uint8Array(sorted.buffer, sorted.byteOffset, sorted.byteLength))
    this.#keys.set(id, sorted)
  }

  async keysOf(id: string): Promise<BigUint64Array> {
    let keys = this.#keys.get(id)
    if (!keys) {
      const bytes = await this.#read(`${id}.keys`)
      keys = (bytes && decodeKeys(bytes)) ?? new BigUint64Array(0)
      this.#keys.set(id, keys)
    }
    return keys
  }

  reported(): Promise<ReadonlySet<bigint>> {
    return this.#reportedSet()
  }

  async #reportedSet(): Promise<Set<bigint>> {
    if (!this.#reported) {
      const bytes = await this.#read('reported.keys')
      this.#reported = new Set((bytes && decodeKeys(bytes)) ?? [])
    }
    return this.#reported
  }

  /**
   * The service reported these plays (already kept): those an import added (`among`: the imports not taken back) are
   * remembered as the service's, so taking the import back leaves them.
   */
  async seen(hashes: readonly bigint[], among: readonly string[]): Promise<void> {
    if (hashes.length === 0 || among.length === 0) return
    const reported = await this.#reportedSet()
    const lists = await Promise.all(among.map((id) => this.keysOf(id)))
    const fresh = hashes.filter((h) => !reported.has(h) && lists.some((list) => binarySearch(list, h)))
    if (fresh.length === 0) return
    for (const h of fresh) reported.add(h)
    const all = BigUint64Array.from(reported).sort()
    await this.#write('reported.keys', new Uint8Array(all.buffer))
  }

  /** The lines an import taken back removed from the log, kept until it is put back. */
  keepTaken(id: string, lines: Buffer): Promise<void> {
    return this.#write(`${id}.taken.jsonl`, lines)
  }

  async taken(id: string): Promise<Buffer> {
    return (await this.#read(`${id}.taken.jsonl`)) ?? Buffer.alloc(0)
  }

  async dropTaken(id: string): Promise<void> {
    await this.files.rm(this.#path(`${id}.taken.jsonl`), { force: true })
  }

  /** An import that left the list: its files go. */
  async drop(id: string): Promise<void> {
    this.#keys.delete(id)
    await Promise.all([`${id}.keys`, `${id}.taken.jsonl`].map((name) => this.files.rm(this.#path(name), { force: true })))
  }

  async clear(): Promise<void> {
    this.#keys.clear()
    this.#reported = null
    await this.files.rm(this.folder, { force: true, recursive: true })
  }
}
