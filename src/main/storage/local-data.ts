import { copyFileSync, readFileSync, renameSync } from 'node:fs'
import { basename } from 'node:path'
import { z } from 'zod'
import type { DataNotice } from '../../shared/data'

/**
 * What the app found wrong with its own files this run: a damaged file is moved aside
 * (`<name>.corrupt-<time>`) and the app goes on with what it could read; an unreadable one is left
 * alone and never written. The renderer shows these once, in a banner.
 */
export class LocalDataHealth {
  readonly #notices: DataNotice[] = []
  readonly #listeners = new Set<(notice: DataNotice) => void>()

  report(notice: DataNotice): void {
    const index = this.#notices.findIndex((n) => n.file === notice.file && n.problem === notice.problem)
    if (index >= 0 && this.#notices[index]!.count === notice.count) return
    if (index >= 0) this.#notices[index] = notice
    else this.#notices.push(notice)
    for (const listener of this.#listeners) listener(notice)
  }

  /** A notice that no longer holds (e.g. unreadable lines now kept in a copy aside). */
  withdraw(file: string, problem: DataNotice['problem']): void {
    const index = this.#notices.findIndex((n) => n.file === file && n.problem === problem)
    if (index < 0) return
    const [gone] = this.#notices.splice(index, 1)
    for (const listener of this.#listeners) listener(gone!)
  }

  notices(): DataNotice[] {
    return [...this.#notices]
  }

  onNotice(listener: (notice: DataNotice) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-')

/** The name a damaged file is kept under, beside the original. */
export const asideName = (path: string) => `${path}.corrupt-${stamp()}`

/**
 * Moves a damaged file aside (or copies it, `copy: true`, when the original must stay in place
 * for a library that holds it open). Returns false when even that failed: the caller must then
 * treat the file as unreadable and never write it.
 */
export function quarantine(path: string, health: LocalDataHealth, detail: string, options: { copy?: boolean } = {}): boolean {
  const aside = asideName(path)
  try {
    if (options.copy) copyFileSync(path, aside)
    else renameSync(path, aside)
  } catch {
    health.report({ file: basename(path), problem: 'unreadable', movedTo: null, detail })
    return false
  }
  health.report({ file: basename(path), problem: 'damaged', movedTo: basename(aside), detail })
  return true
}

export type OwnedRead<T> = { value: T | null; writable: boolean }

/**
 * Reads a JSON file the app itself wrote, as untrusted input: missing reads as null; damaged
 * (truncated, garbage, `null`, wrong shape) is moved aside and reads as null; unreadable
 * (permissions, I/O error) reads as null and may not be written.
 */
export function readOwnedJson<T>(path: string, schema: z.ZodType<T>, health: LocalDataHealth): OwnedRead<T> {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return { value: null, writable: true }
    health.report({ file: basename(path), problem: 'unreadable', movedTo: null, detail: code ?? 'read error' })
    return { value: null, writable: false }
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { value: null, writable: quarantine(path, health, 'not valid JSON (truncated or overwritten)') }
  }
  const parsed = schema.safeParse(json)
  if (parsed.success) return { value: parsed.data, writable: true }
  return { value: null, writable: quarantine(path, health, 'not in the expected shape') }
}

/** A key-value store backed by one JSON file (electron-store in the app, conf elsewhere). */
export interface RawStore {
  get(key: string): unknown
  set(key: string, value: unknown): void
  delete(key: string): void
}

/**
 * Opens a store only once its file proved to be a JSON object; a damaged file is moved aside
 * first (the store then starts empty) and an unreadable one is replaced by memory that is never
 * written to disk. `quarantine` lets a reader that found one key unusable keep a copy of the file
 * before anything overwrites it.
 */
export function openGuardedStore(path: string, create: () => RawStore, health: LocalDataHealth): import('../ports').KeyValueStore {
  const { writable } = readOwnedJson(path, z.record(z.string(), z.unknown()), health)
  const raw: RawStore = writable ? create() : memoryStore()
  let kept = false
  const quarantineOnce = (detail: string) => {
    if (kept) return
    kept = true
    quarantine(path, health, detail, { copy: true })
  }
  return {
    path,
    get(key) {
      try {
        return raw.get(key)
      } catch {
        quarantineOnce('became unreadable while the app ran')
        return undefined
      }
    },
    set: (key, value) => raw.set(key, value),
    delete: (key) => raw.delete(key),
    quarantine: quarantineOnce
  }
}

/** A store that lives in memory only (never written to disk). */
export function memoryStore(): RawStore {
  const values = new Map<string, unknown>()
  return {
    get: (k) => structuredClone(values.get(k)),
    set: (k, v) => void values.set(k, structuredClone(v)),
    delete: (k) => void values.delete(k)
  }
}
