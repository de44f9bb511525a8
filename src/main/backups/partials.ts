import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { z } from 'zod'
import type { FileSystem } from '../ports'
import { hostTag, processAlive, tempWriter } from '../platform-node/writer-tag'

/**
 * A download in progress (or interrupted) is `.<host>.<pid>.<random>.part` in the account folder,
 * with a `.json` sidecar saying which cloud save it belongs to and under which validator its bytes
 * arrived, so a later run can resume it. While a finished download is being placed, the sidecar
 * also names the backup being created: a run killed between the manifest and the save file is
 * rolled forward (or back) by the next one.
 */
export const PartialInfo = z.object({
  updatedAt: z.string().max(100),
  expectedSize: z.number().int().min(0).nullable(),
  validator: z.object({ etag: z.string().max(500).nullable(), lastModified: z.string().max(200).nullable() }).nullable(),
  placing: z.object({ base: z.string().max(300), file: z.string().max(300), sha256: z.string().regex(/^[0-9a-f]{64}$/) }).nullable()
})
export type PartialInfo = z.infer<typeof PartialInfo>

export interface PartFile {
  name: string
  path: string
  sidecar: string
  host: string
  pid: number
  size: number
  mtimeMs: number
  info: PartialInfo | null
}

const PART = /^\.([A-Za-z0-9-]{1,40})\.(\d{1,10})\.([0-9a-f]{8})\.part$/

export function newPartialName(): string {
  return `.${hostTag()}.${process.pid}.${randomBytes(4).toString('hex')}.part`
}

export const sidecarOf = (partPath: string) => `${partPath}.json`

/** Is the process that owns this partial still running (and not this one: this run holds the folder's lock)? */
export function ownerAlive(partial: Pick<PartFile, 'host' | 'pid' | 'mtimeMs'>, staleMs: number): boolean {
  if (partial.host !== hostTag()) return Date.now() - partial.mtimeMs < staleMs
  return partial.pid !== process.pid && processAlive(partial.pid)
}

export async function readPartials(files: FileSystem, dir: string, names: readonly string[]): Promise<PartFile[]> {
  const found: PartFile[] = []
  for (const name of names) {
    const match = PART.exec(name)
    if (!match) continue
    const path = join(dir, name)
    const stats = await files.lstat(path).catch(() => null)
    if (!stats?.isFile()) continue
    let info: PartialInfo | null
    try {
      const parsed = PartialInfo.safeParse(JSON.parse((await files.readFile(sidecarOf(path))).toString('utf8')))
      info = parsed.success ? parsed.data : null
    } catch {
      info = null
    }
    found.push({
      name,
      path,
      sidecar: sidecarOf(path),
      host: match[1]!,
      pid: Number(match[2]),
      size: stats.size,
      mtimeMs: stats.mtimeMs,
      info
    })
  }
  return found
}

export async function writeSidecar(files: FileSystem, partPath: string, info: PartialInfo): Promise<void> {
  await files.writeAtomic(sidecarOf(partPath), JSON.stringify(info))
}

export async function removePartial(files: FileSystem, partial: Pick<PartFile, 'path' | 'sidecar'>): Promise<void> {
  await files.rm(partial.path, { force: true })
  await files.rm(partial.sidecar, { force: true })
}

/** Temp files of atomic writes, named by the file adapter (see writer-tag). */
export const isTempName = (name: string) => tempWriter(name) !== undefined

/** How long a download runs before its validator is recorded beside the partial (a crash before that re-fetches under a second). */
const VALIDATOR_WRITE_DELAY_MS = 1_000

/**
 * The sidecar of the partial a run is writing: its first version goes to disk while the download
 * starts; a validator is recorded once the transfer has run a while (a save of a few KB is placed
 * before it would matter). Writes are chained, so none lands after the partial is gone.
 */
export class PartialNote {
  #info: PartialInfo
  #writes: Promise<void>
  #timer: ReturnType<typeof setTimeout> | undefined
  /** The first write; its failure is the run's (a partial without its note is removed by the next run). */
  readonly first: Promise<void>

  constructor(
    private readonly files: FileSystem,
    readonly partPath: string,
    info: PartialInfo,
    write: (work: () => Promise<void>) => Promise<void>
  ) {
    this.#info = info
    this.first = write(() => writeSidecar(files, partPath, info))
    this.#writes = this.first.catch(() => {})
  }

  get info(): PartialInfo {
    return this.#info
  }

  /** Notes the validator of the answer being received; it reaches the disk after a delay. */
  validator(validator: PartialInfo['validator']): void {
    this.#info = { ...this.#info, validator }
    clearTimeout(this.#timer)
    this.#timer = setTimeout(() => {
      const next = this.#info
      this.#writes = this.#writes.then(() => writeSidecar(this.files, this.partPath, next)).catch(() => {})
    }, VALIDATOR_WRITE_DELAY_MS)
  }

  /** Stops the delayed write and waits for the ones under way. */
  async settle(): Promise<void> {
    clearTimeout(this.#timer)
    await this.#writes
  }

  /** Writes `patch` into the note now (the placement about to be made); throws when it cannot. */
  async record(patch: Partial<PartialInfo>): Promise<void> {
    this.#info = { ...this.#info, ...patch }
    await writeSidecar(this.files, this.partPath, this.#info)
  }

  /** The partial and its note, gone. */
  remove(): Promise<void> {
    return removePartial(this.files, { path: this.partPath, sidecar: sidecarOf(this.partPath) })
  }
}
