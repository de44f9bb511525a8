import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FileSystem } from '../ports'
import type { NicknameSubmissions } from './nickname'

/**
 * Nickname submissions of the CLI, one small file per account in its data folder. The list is read from
 * disk once and then kept here, and writes reach the disk one after another in order: a refusal's "drop"
 * must never read, or be overwritten by, a "record" that is still on its way to the disk.
 */
export function fileSubmissions(files: FileSystem, dir: string): NicknameSubmissions & { flush(): Promise<void> } {
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
