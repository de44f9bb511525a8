import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { ChartListInfo, ChartInfo } from '../../shared/data'
import { AppError } from '../../shared/errors'
import type { ChartList } from '../chart-list/chart-list'
import type { FileSystem } from '../ports'
import { failureInWords } from '../platform-node/io'

/**
 * Nickname submissions of the CLI, one small file per account in its data folder. The list is read from
 * disk once and then kept here, and writes reach the disk one after another in order: a refusal's "drop"
 * must never read, or be overwritten by, a "record" that is still on its way to the disk.
 */
export function fileSubmissions(files: FileSystem, dir: string) {
  const path = (id: string) => join(dir, `nickname-${id.replace(/[^A-Za-z0-9_-]/g, '_')}.json`)
  const fromDisk = (id: string): string[] => {
    try {
      const parsed: unknown = JSON.parse(readFileSync(path(id), 'utf8'))
      return Array.isArray(parsed) ? parsed.filter((s): s is string => typeof s === 'string').slice(0, 20) : []
    } catch {
      return []
    }
  }
  const lists = new Map<string, string[]>()
  const list = (id: string) => lists.get(id) ?? fromDisk(id)
  let written: Promise<void> = Promise.resolve()
  const pending: Promise<void>[] = []
  const write = (id: string, next: string[]) => {
    lists.set(id, next)
    const done = written.then(async () => {
      await files.mkdir(dir, { recursive: true, mode: 0o700 })
      await files.writeAtomic(path(id), JSON.stringify(next))
    })
    written = done.catch(() => {}) // the failure reaches the caller through flush; later writes still go out
    pending.push(done)
  }
  return {
    list,
    record: (id: string, at: string) => write(id, [at, ...list(id)].slice(0, 20)),
    drop: (id: string, at: string) =>
      write(
        id,
        list(id).filter((s) => s !== at)
      ),
    flush: async () => void (await Promise.all(pending.splice(0)))
  }
}

/** The largest chart list file `charts import` reads. */
const MAX_CHART_LIST_BYTES = 50 * 1024 * 1024

/**
 * The CLI's chart list, kept in its data folder: the app's chart list module. The player runs
 * `charts update` themselves, which is their agreement to the host; nothing is fetched on its own.
 */
export function chartCommands(open: () => ChartList) {
  return {
    list: (): ReadonlyMap<string, ChartInfo> => open().charts(),
    status: async (): Promise<ChartListInfo> => open().info(),
    async import(path: string): Promise<ChartListInfo> {
      let text: string
      try {
        if (statSync(path).size > MAX_CHART_LIST_BYTES) throw AppError.of('invalid_input', `${path} is larger than any chart list.`)
        text = readFileSync(path, 'utf8')
      } catch (error) {
        if (error instanceof AppError) throw error
        throw AppError.of('io', `Cannot read ${path}: ${failureInWords((error as NodeJS.ErrnoException).code)}.`)
      }
      return open().import(text, path.split(/[\\/]/).pop() ?? path)
    },
    async update(url?: string): Promise<ChartListInfo> {
      if (url !== undefined) open().setUrl(url)
      return open().update({ agreed: true })
    }
  }
}
