import { z } from 'zod'
import { CustomFolder, Goal } from '../../shared/progress'
import type { KeyValueStore } from '../ports'

/** At most this many goals and custom folders per account: far more than a player keeps, small enough to re-check at once. */
export const MAX_GOALS = 500
export const MAX_FOLDERS = 200

/** The store of one account's goals and custom folders (`progress-<account>.json`). */
export const progressStoreName = (accountId: string) => `progress-${accountId.replace(/[^A-Za-z0-9_-]/g, '_')}`

/**
 * Items read one by one: a goal or folder that does not read is left out and the file is kept aside
 * (once, before anything is written over it), so one damaged entry never costs the others.
 */
function readList<T>(store: KeyValueStore, key: string, schema: z.ZodType<T>, max: number): T[] {
  const raw = store.get(key)
  if (raw === undefined) return []
  const items = Array.isArray(raw) ? raw.slice(0, max) : []
  const read = items.flatMap((item) => {
    const parsed = schema.safeParse(item)
    return parsed.success ? [parsed.data] : []
  })
  if (!Array.isArray(raw) || read.length < items.length || raw.length > max) store.quarantine(`some kept ${key} could not be read`)
  return read
}

export class ProgressStore {
  constructor(private readonly store: KeyValueStore) {}

  goals(): Goal[] {
    return readList(this.store, 'goals', Goal, MAX_GOALS)
  }

  folders(): CustomFolder[] {
    return readList(this.store, 'folders', CustomFolder, MAX_FOLDERS)
  }

  saveGoals(goals: readonly Goal[]): void {
    this.store.set('goals', goals)
  }

  saveFolders(folders: readonly CustomFolder[]): void {
    this.store.set('folders', folders)
  }

  clear(): void {
    this.store.delete('goals')
    this.store.delete('folders')
  }
}
