import { hash as oneShotHash } from 'node:crypto'
import type { FileHandle } from 'node:fs/promises'
import { basename } from 'node:path'
import { KeptRecord, type ScoreRecord } from '../../shared/api'
import { AppError } from '../../shared/errors'
import { parseRfc3339 } from '../../shared/timestamps'
import { playKey } from '../../shared/record-keys'
import type { FileSystem } from '../ports'
import { isErrno } from '../platform-node/io'
import { TimeSlices } from '../kernel/time-slices'
import { quarantine, type LocalDataHealth } from '../storage/local-data'
import { ChartLines } from './chart-lines'

/** Same chart, same instant and same score: the same play (the one key, shared with the renderer: record-keys.ts). */
export function recordKey(r: Pick<ScoreRecord, 'chart_id' | 'played_at' | 'score'>, playedAt = parseRfc3339(r.played_at)): string {
  return playKey(r, playedAt)
}

/** The hash of a play's key (`keyHash`) from the key itself. */
export function hashOfKey(key: string): bigint {
  return BigInt(`0x${oneShotHash('sha1', key, 'hex').slice(0, 16)}`)
}

/**
 * 64 bits of SHA-1 of the key: collisions are out of reach at a few hundred thousand plays. The
 * one-shot hash in hex makes no Hash object or Buffer per play (a big import hashes every play, and
 * those native-backed objects made the garbage collector's pauses long).
 */
export function keyHash(r: Pick<ScoreRecord, 'chart_id' | 'played_at' | 'score'>): bigint {
  return hashOfKey(recordKey(r))
}

const HEADER = 8
/** Text appended to the log per write. */
const APPEND_CHARS = 1 << 20

/** Whether `value` is in `sorted` (ascending). */
export function binarySearch(sorted: BigUint64Array, value: bigint): boolean {
  let lo = 0
  let hi = sorted.length - 1
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1
    const v = sorted[mid]!
    if (v === value) return true
    if (v < value) lo = mid + 1
    else hi = mid - 1
  }
  return false
}

/** Records as the log's own lines: line i of `text` (its JSON and a newline) ends at `ends[i]`, with key hash `hashes[i]`. */
export interface RecordLines {
  text: Uint8Array
  ends: Uint32Array
  hashes: BigUint64Array
}

/**
 * Records as log lines, for a worker to hand over: three buffers the main thread appends and
 * indexes without building an object per record.
 */
export function encodeLines(records: readonly KeptRecord[]): RecordLines {
  const parts: string[] = []
  const ends = new Uint32Array(records.length)
  const hashes = new BigUint64Array(records.length)
  let end = 0
  for (let i = 0; i < records.length; i++) {
    const line = `${JSON.stringify(records[i])}\n`
    parts.push(line)
    ends[i] = end += Buffer.byteLength(line)
    hashes[i] = keyHash(records[i]!)
  }
  // A buffer of its own (never a slice of Node's pool), so it can be transferred.
  const text = new Uint8Array(end)
  text.set(Buffer.from(parts.join('')))
  return { text, ends, hashes }
}

/** Log lines decoded and checked one at a time, with the event loop free between slices; lines that are not records are counted. */
export async function decodeLines(bytes: Buffer): Promise<{ records: KeptRecord[]; unreadable: number }> {
  const records: KeptRecord[] = []
  let unreadable = 0
  await forEachLine(bytes, (line) => {
    try {
      const parsed = KeptRecord.safeParse(JSON.parse(line))
      if (parsed.success) records.push(parsed.data)
      else unreadable++
    } catch {
      unreadable++
    }
  })
  return { records, unreadable }
}

/** Calls `visit` on each non-blank line of a log's bytes, giving the event loop its turn between time slices. */
async function forEachLine(bytes: Buffer, visit: (line: string) => void): Promise<void> {
  const slices = new TimeSlices()
  for (let start = 0; start < bytes.length;) {
    const newline = bytes.indexOf(0x0a, start)
    const end = newline === -1 ? bytes.length : newline
    const line = bytes.toString('utf8', start, end)
    start = end + 1
    if (line.trim()) visit(line)
    if (slices.due) await slices.next()
  }
}

/**
 * Every play the app has seen, in an append-only log (`records-<id>.jsonl`, one record per line)
 * with an index of record-key hashes (`records-<id>.idx`: the log length it covers, then the
 * hashes). A sync hashes its few incoming records, looks them up and appends the new ones: its
 * cost follows what changed, not how much is kept. A torn last line (a crash mid-append) or a
 * damaged line is skipped and counted; the log is never rewritten while it holds lines that could
 * not be read (a copy is kept aside first).
 */
export class RecordLog {
  #sorted: BigUint64Array<ArrayBufferLike> | null = null
  readonly #added = new Set<bigint>()
  #count = 0
  #loading: Promise<void> | null = null
  #chain: Promise<unknown> = Promise.resolve()
  #writable = true
  readonly #lines = new ChartLines()

  constructor(
    private readonly files: FileSystem,
    private readonly logPath: string,
    private readonly idxPath: string,
    private readonly health: LocalDataHealth
  ) {}

  /** Unique plays kept (known once the index was loaded). */
  get count(): number {
    return this.#count
  }

  async #size(path: string): Promise<number> {
    try {
      return (await this.files.stat(path)).size
    } catch (error) {
      if (isErrno(error) && error.code === 'ENOENT') return 0
      throw error
    }
  }

  /** The index, repaired from the log where the log grew past what the index covers. */
  #load(): Promise<void> {
    this.#loading ??= (async () => {
      const logSize = await this.#size(this.logPath)
      let covered = 0
      let hashes: BigUint64Array = new BigUint64Array(0)
      try {
        const idx = await this.files.readFile(this.idxPath)
        if (idx.length >= HEADER && (idx.length - HEADER) % 8 === 0) {
          covered = Number(idx.readBigUInt64BE(0))
          hashes = new BigUint64Array(Uint8Array.prototype.slice.call(idx, HEADER).buffer)
        }
      } catch (error) {
        if (!(isErrno(error) && error.code === 'ENOENT')) throw error
      }
      if (covered > logSize) {
        covered = 0
        hashes = new BigUint64Array(0)
      }
      const sorted = BigUint64Array.from(new Set(hashes)).sort()
      this.#sorted = sorted
      this.#count = sorted.length
      if (covered < logSize) {
        // The log holds lines the index does not (a crash between the two, or an older build): add them.
        const tail = await this.#readLines(covered, logSize)
        const slices = new TimeSlices()
        for (const r of tail.records) {
          const hash = keyHash(r)
          if (!this.#has(hash)) this.#remember(hash)
          if (slices.due) await slices.next()
        }
        await this.#writeIndex(logSize)
      }
    })()
    return this.#loading
  }

  #has(hash: bigint): boolean {
    return this.#added.has(hash) || (this.#sorted !== null && binarySearch(this.#sorted, hash))
  }

  #remember(hash: bigint): void {
    this.#added.add(hash)
    this.#count++
  }

  /** The log's lines in [from, to), decoded and checked one at a time with the event loop free between slices. */
  async #readLines(from: number, to: number): Promise<{ records: KeptRecord[]; unreadable: number }> {
    return decodeLines(await this.#readBytes(from, to))
  }

  async #readBytes(from: number, to: number): Promise<Buffer> {
    if (to <= from) return Buffer.alloc(0)
    const handle = await this.files.open(this.logPath, 'r')
    try {
      const buffer = Buffer.alloc(to - from)
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, from)
      return buffer.subarray(0, bytesRead)
    } finally {
      await handle.close()
    }
  }

  /** The sorted hashes with the ones added since, as one sorted array (typed-array copies: no BigInt is boxed). */
  #merged(extra: BigUint64Array = new BigUint64Array(0)): BigUint64Array {
    const sorted = this.#sorted ?? new BigUint64Array(0)
    const all = new BigUint64Array(sorted.length + this.#added.size + extra.length)
    all.set(sorted)
    let i = sorted.length
    for (const hash of this.#added) all[i++] = hash
    all.set(extra, i)
    return all.sort()
  }

  async #writeIndex(covered: number, extra?: BigUint64Array): Promise<void> {
    const all = this.#merged(extra)
    const buffer = Buffer.alloc(HEADER + all.byteLength)
    buffer.writeBigUInt64BE(BigInt(covered), 0)
    Buffer.from(all.buffer).copy(buffer, HEADER)
    await this.files.writeAtomic(this.idxPath, buffer)
    this.#sorted = all
    this.#added.clear()
  }

  /** The log's length in bytes (0 when there is none yet). */
  byteLength(): Promise<number> {
    return this.#size(this.logPath)
  }

  /** The log's bytes from `from` to `to` (its end), after the appends already asked for: a part, without reading it all. */
  async slice(from: number, to?: number): Promise<Buffer> {
    await this.#chain
    return this.#readBytes(from, to ?? (await this.#size(this.logPath)))
  }

  /**
   * Adds the records the log does not hold yet; returns the new ones. Appends are serialised. A big
   * batch (a data.db of the game's whole history) is hashed and written in slices, with one sync.
   */
  add(incoming: readonly KeptRecord[]): Promise<KeptRecord[]> {
    const work = this.#chain.then(async () => {
      if (!this.#writable) return []
      await this.#load()
      const slices = new TimeSlices()
      const fresh: KeptRecord[] = []
      for (const r of incoming) {
        const hash = keyHash(r)
        if (!this.#has(hash)) {
          this.#remember(hash)
          fresh.push(r)
        }
        if (slices.due) await slices.next()
      }
      if (fresh.length === 0) return []
      await this.#append(fresh, slices)
      // The index covers the log as it now is; appended hashes are merged at the next load or here in batches.
      if (this.#added.size > 2_000) await this.#writeIndex(await this.#size(this.logPath))
      else await this.#appendIndex(await this.#size(this.logPath))
      return fresh
    })
    this.#chain = work.catch(() => {})
    return work
  }

  /**
   * Adds ready log lines (a worker's encoding of a big batch) the log does not hold yet; returns
   * the text of the lines added, in order. As `add`, without an object or a boxed hash per record
   * kept alive: the lines are appended as they came, the new hashes merged into the index at once.
   */
  addLines(batch: RecordLines): Promise<{ count: number; text: Buffer; hashes: BigUint64Array }> {
    const work = this.#chain.then(async () => {
      const none = { count: 0, text: Buffer.alloc(0), hashes: new BigUint64Array(0) }
      if (!this.#writable) return none
      await this.#load()
      const slices = new TimeSlices()
      const { hashes } = batch
      const kept = new Uint8Array(hashes.length)
      const fresh = new BigUint64Array(hashes.length)
      let count = 0
      for (let i = 0; i < hashes.length; i++) {
        const hash = hashes[i]!
        if (!this.#has(hash)) {
          kept[i] = 1
          fresh[count++] = hash
        }
        if (slices.due) await slices.next()
      }
      // A hash twice in the batch (a 64-bit collision, or a caller's repeat) is added once, as `add` does.
      await slices.next()
      const sorted = fresh.slice(0, count).sort()
      let twice = false
      for (let i = 1; i < sorted.length && !twice; i++) twice = sorted[i] === sorted[i - 1]
      if (twice) count = keepFirst(hashes, kept, fresh)
      if (count === 0) return none
      const text =
        count === hashes.length ? Buffer.from(batch.text.buffer, batch.text.byteOffset, batch.text.length) : keptLines(batch, kept)
      await this.#appendText(text)
      this.#count += count
      const added = fresh.slice(0, count)
      if (this.#added.size + count > 2_000) await this.#writeIndex(await this.#size(this.logPath), added)
      else {
        for (const hash of added) this.#added.add(hash)
        await this.#appendIndex(await this.#size(this.logPath))
      }
      return { count, text, hashes: added }
    })
    this.#chain = work.catch(() => {})
    return work
  }

  /** Appends text that is whole lines, a megabyte per write, then syncs once. */
  #appendText(text: Buffer): Promise<void> {
    return this.#appending(async (handle) => {
      for (let at = 0; at < text.length; at += APPEND_CHARS) {
        const piece = text.subarray(at, at + APPEND_CHARS)
        await handle.write(piece, 0, piece.length)
      }
    })
  }

  /** Opens the log to append whole lines (after a torn last line, a crash mid-append, on a new one); syncs once `write` is done. */
  async #appending(write: (handle: FileHandle) => Promise<void>): Promise<void> {
    const torn = await this.#endsTorn()
    const handle = await this.files.open(this.logPath, 'a', 0o600)
    try {
      if (torn) await handle.write('\n')
      await write(handle)
      await handle.sync()
    } finally {
      await handle.close()
    }
  }

  /** The log as it is on disk (its lines), after the appends already asked for; empty when it cannot be read. */
  async bytes(): Promise<Buffer> {
    await this.#chain
    try {
      return await this.#readBytes(0, await this.#size(this.logPath))
    } catch (error) {
      this.#unreadable(error)
      return Buffer.alloc(0)
    }
  }

  /** Appends one line per record, in writes of about a megabyte, then syncs once. */
  #append(fresh: readonly KeptRecord[], slices: TimeSlices): Promise<void> {
    return this.#appending(async (handle) => {
      let text = ''
      for (const r of fresh) {
        text += `${JSON.stringify(r)}\n`
        if (text.length >= APPEND_CHARS) {
          await handle.write(text)
          text = ''
        }
        if (slices.due) await slices.next()
      }
      if (text) await handle.write(text)
    })
  }

  async #endsTorn(): Promise<boolean> {
    const size = await this.#size(this.logPath)
    if (size === 0) return false
    const handle = await this.files.open(this.logPath, 'r')
    try {
      const last = Buffer.alloc(1)
      await handle.read(last, 0, 1, size - 1)
      return last[0] !== 0x0a
    } finally {
      await handle.close()
    }
  }

  /** Appends the newest hashes and updates the covered length, without rewriting the index. */
  async #appendIndex(covered: number): Promise<void> {
    const size = await this.#size(this.idxPath)
    if (size < HEADER) return this.#writeIndex(covered)
    const handle = await this.files.open(this.idxPath, 'r+')
    try {
      const tail = new BigUint64Array([...this.#added])
      await handle.write(Buffer.from(tail.buffer), 0, tail.byteLength, size)
      const header = Buffer.alloc(HEADER)
      header.writeBigUInt64BE(BigInt(covered), 0)
      await handle.write(header, 0, HEADER, 0)
    } finally {
      await handle.close()
    }
    this.#sorted = this.#merged()
    this.#added.clear()
  }

  /** Every kept play, newest first, without duplicates; lines that could not be read are counted. */
  async all(): Promise<{ records: KeptRecord[]; unreadable: number }> {
    await this.#chain
    const size = await this.#size(this.logPath).catch((error: unknown) => {
      this.#unreadable(error)
      return 0
    })
    let read: { records: KeptRecord[]; unreadable: number }
    try {
      read = await this.#readLines(0, size)
    } catch (error) {
      this.#unreadable(error)
      return { records: [], unreadable: 0 }
    }
    // Each play's time is parsed once, not in every comparison of the sort.
    const byKey = new Map<string, { record: KeptRecord; at: number }>()
    const slices = new TimeSlices()
    for (const record of read.records) {
      const at = parseRfc3339(record.played_at)
      byKey.set(recordKey(record, at), { record, at })
      if (slices.due) await slices.next()
    }
    const records = [...byKey.values()].sort((a, b) => b.at - a.at).map((e) => e.record)
    if (read.unreadable > 0)
      this.health.report({
        file: basename(this.logPath),
        problem: 'lines_unreadable',
        movedTo: null,
        detail: `${read.unreadable} lines`,
        count: read.unreadable
      })
    return { records, unreadable: read.unreadable }
  }

  #unreadable(error: unknown): void {
    this.#writable = false
    this.health.report({
      file: basename(this.logPath),
      problem: 'unreadable',
      movedTo: null,
      detail: isErrno(error) ? error.code! : 'read error'
    })
  }

  /**
   * Keeps the newest `max` plays: rewrites the log (atomically) and its index. A log with lines
   * that could not be read is copied aside first, so compaction never loses what it could not read.
   */
  async compact(max: number): Promise<void> {
    const { records, unreadable } = await this.all()
    if (records.length <= max && unreadable === 0) return
    if (unreadable > 0) {
      if (!quarantine(this.logPath, this.health, `${unreadable} lines could not be read`, { copy: true })) return
      this.health.withdraw(basename(this.logPath), 'lines_unreadable')
    }
    const kept = records.slice(0, max)
    const slices = new TimeSlices()
    const lines: string[] = []
    const hashes = new BigUint64Array(kept.length)
    for (let i = 0; i < kept.length; i++) {
      lines.push(`${JSON.stringify(kept[i])}\n`)
      hashes[i] = keyHash(kept[i]!)
      if (slices.due) await slices.next()
    }
    await this.files.writeAtomic(this.logPath, lines.join(''))
    this.#lines.reset()
    this.#sorted = BigUint64Array.from(new Set(hashes)).sort()
    this.#added.clear()
    this.#count = this.#sorted.length
    await this.#writeIndex(await this.#size(this.logPath))
  }

  /**
   * Every kept play of these charts, in the log's order: only their lines read (ChartLines says where they are; it
   * reads the log once, on first use, and what was appended since after that).
   */
  async playsOf(chartIds: Iterable<string>): Promise<KeptRecord[]> {
    await this.#chain
    const size = await this.#size(this.logPath)
    if (this.#lines.covered > size) this.#lines.reset()
    if (this.#lines.covered < size) {
      const from = this.#lines.covered
      this.#lines.index(await this.#readBytes(from, size), from)
    }
    const wanted = new Set(chartIds)
    const plays: KeptRecord[] = []
    for (const [start, end, bytes] of await this.#readRanges(this.#lines.rangesOf(wanted))) {
      const parsed = parseLine(bytes.toString('utf8', start, end))
      if (parsed && wanted.has(parsed.chart_id)) plays.push(parsed)
    }
    return plays
  }

  /** The bytes of these ranges of the log (in order), read in few reads: ranges close together are read as one. */
  async #readRanges(ranges: readonly [number, number][]): Promise<[number, number, Buffer][]> {
    if (ranges.length === 0) return []
    const out: [number, number, Buffer][] = []
    const handle = await this.files.open(this.logPath, 'r')
    try {
      for (let i = 0; i < ranges.length;) {
        let j = i
        while (j + 1 < ranges.length && ranges[j + 1]![0] - ranges[j]![1] < NEARBY_BYTES) j++
        const from = ranges[i]![0]
        const buffer = Buffer.alloc(ranges[j]![1] - from)
        await handle.read(buffer, 0, buffer.length, from)
        for (let k = i; k <= j; k++) out.push([ranges[k]![0] - from, ranges[k]![1] - from, buffer])
        i = j + 1
      }
    } finally {
      await handle.close()
    }
    return out
  }

  /**
   * Takes plays out of the log (an import taken back): every line whose key hash is in `gone`. The lines taken out are
   * handed to `keepAside` (which keeps them) before the log is rewritten, atomically; every other line stays as it
   * was, those that could not be read included. Returns the plays taken out.
   */
  async remove(gone: ReadonlySet<bigint>, keepAside: (lines: Buffer) => Promise<void>): Promise<KeptRecord[]> {
    const work = this.#chain.then(async () => {
      if (!this.#writable) throw AppError.of('io', 'The kept plays could not be read, so none were taken out.')
      await this.#load()
      const bytes = await this.#readBytes(0, await this.#size(this.logPath))
      const split = await splitLines(bytes, gone)
      if (split.removed.length === 0) return []
      await keepAside(Buffer.from(split.removedText.join('')))
      await this.files.writeAtomic(this.logPath, split.keptText.join(''))
      this.#lines.reset()
      this.#sorted = BigUint64Array.from(new Set(split.keptHashes)).sort()
      this.#added.clear()
      this.#count = this.#sorted.length
      await this.#writeIndex(await this.#size(this.logPath))
      return split.removed
    })
    this.#chain = work.catch(() => {})
    return work
  }

  /** Imports plays from the JSON file of earlier builds (`{ records: [...] }`), once. */
  async importLegacy(records: readonly KeptRecord[]): Promise<KeptRecord[]> {
    return this.add(records)
  }

  async clear(): Promise<void> {
    await this.#chain
    await this.files.rm(this.logPath, { force: true })
    await this.files.rm(this.idxPath, { force: true })
    this.#lines.reset()
    this.#sorted = new BigUint64Array(0)
    this.#added.clear()
    this.#count = 0
    this.#loading = Promise.resolve()
  }
}

/** The lines of a batch whose hashes `keep` accepts, as a batch of their own. */
export function pickLines(batch: RecordLines, keep: (hash: bigint) => boolean): RecordLines {
  const kept = new Uint8Array(batch.hashes.length)
  const hashes: bigint[] = []
  const ends: number[] = []
  let end = 0
  for (let i = 0; i < kept.length; i++) {
    if (!keep(batch.hashes[i]!)) continue
    kept[i] = 1
    hashes.push(batch.hashes[i]!)
    ends.push((end += batch.ends[i]! - (i ? batch.ends[i - 1]! : 0)))
  }
  const text = keptLines(batch, kept)
  return {
    text: new Uint8Array(text.buffer, text.byteOffset, text.length),
    ends: Uint32Array.from(ends),
    hashes: BigUint64Array.from(hashes)
  }
}

/** The lines of a batch marked in `kept`, as one buffer. */
function keptLines(batch: RecordLines, kept: Uint8Array): Buffer {
  let size = 0
  for (let i = 0; i < kept.length; i++) if (kept[i]) size += batch.ends[i]! - (i ? batch.ends[i - 1]! : 0)
  const text = Buffer.alloc(size)
  let at = 0
  for (let i = 0; i < kept.length; i++) {
    if (!kept[i]) continue
    const start = i ? batch.ends[i - 1]! : 0
    text.set(batch.text.subarray(start, batch.ends[i]), at)
    at += batch.ends[i]! - start
  }
  return text
}

/** Unmarks every later line of a hash already marked in `kept`; writes the hashes still marked into `fresh`, returns their count. */
function keepFirst(hashes: BigUint64Array, kept: Uint8Array, fresh: BigUint64Array): number {
  const seen = new Set<bigint>()
  let count = 0
  for (let i = 0; i < hashes.length; i++) {
    if (!kept[i]) continue
    if (seen.has(hashes[i]!)) kept[i] = 0
    else {
      seen.add(hashes[i]!)
      fresh[count++] = hashes[i]!
    }
  }
  return count
}

/** Lines closer than this are read in one read. */
const NEARBY_BYTES = 16 * 1024

function parseLine(line: string): KeptRecord | null {
  if (!line.trim()) return null
  try {
    const parsed = KeptRecord.safeParse(JSON.parse(line))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** The log's lines split into those whose key hash is in `gone` and the rest (kept as written, with the hashes of those read). */
async function splitLines(bytes: Buffer, gone: ReadonlySet<bigint>) {
  const removed: KeptRecord[] = []
  const removedText: string[] = []
  const keptText: string[] = []
  const keptHashes: bigint[] = []
  await forEachLine(bytes, (line) => {
    const record = parseLine(line)
    const hash = record ? keyHash(record) : null
    if (record && hash !== null && gone.has(hash)) {
      removed.push(record)
      removedText.push(`${line}\n`)
    } else {
      keptText.push(`${line}\n`)
      if (hash !== null) keptHashes.push(hash)
    }
  })
  return { removed, removedText, keptText, keptHashes }
}
