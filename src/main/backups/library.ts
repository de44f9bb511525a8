import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { BackupEntry, Manifest, type RetentionPolicy } from '../../shared/backups'
import { AppError } from '../../shared/errors'

const MANIFEST_SUFFIX = '.manifest.json'

export function sanitize(part: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
  return part.normalize('NFKC').replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').replace(/\s+/g, '_').slice(0, 60) || '_'
}

/** Readable, sortable names: `2026-11-22T10-30-00Z_global_alice`. */
export function backupBaseName(at: number, deploymentId: string, username: string): string {
  return `${new Date(at).toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-')}_${sanitize(deploymentId)}_${sanitize(username)}`
}

export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 })) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

async function writeJsonAtomic(path: string, value: unknown): Promise<void> {
  const tmp = `${path}.tmp`
  await writeFile(tmp, JSON.stringify(value, null, 2))
  await rename(tmp, path)
}

/**
 * The backups on disk: one folder per account, each backup a save file plus a manifest. Manifests
 * are the index (no database), rewritten atomically; the save files are never modified.
 */
export class BackupLibrary {
  constructor(readonly root: string) {}

  accountDir(folderName: string): string {
    return join(this.root, folderName)
  }

  async ensureWritable(dir: string): Promise<void> {
    try {
      await mkdir(dir, { recursive: true })
      const probe = join(dir, `.write-test-${process.pid}`)
      await writeFile(probe, '')
      await rm(probe)
    } catch (error) {
      throw AppError.of('io', `The backup folder ${dir} cannot be written (${(error as NodeJS.ErrnoException).code ?? 'error'}). Choose another folder in Settings.`)
    }
  }

  async list(folderName: string): Promise<BackupEntry[]> {
    const dir = this.accountDir(folderName)
    let names: string[]
    try {
      names = await readdir(dir)
    } catch {
      return []
    }
    const entries: BackupEntry[] = []
    for (const name of names.filter((n) => n.endsWith(MANIFEST_SUFFIX))) {
      try {
        const manifest = Manifest.parse(JSON.parse(await readFile(join(dir, name), 'utf8')))
        const base = name.slice(0, -MANIFEST_SUFFIX.length)
        entries.push({ ...manifest, id: `${folderName}/${base}`, path: manifest.file ? join(dir, manifest.file) : null })
      } catch {
        // A manifest that does not parse is not ours (or damaged): skip it, never delete it.
      }
    }
    // Resolve duplicates now that every entry is known.
    for (const entry of entries) {
      if (!entry.file && entry.duplicateOf) {
        const original = entries.find((e) => e.id === `${folderName}/${entry.duplicateOf}`)
        entry.path = original?.path ?? null
      }
    }
    return entries.sort((a, b) => b.backedUpAt.localeCompare(a.backedUpAt))
  }

  async latest(folderName: string): Promise<BackupEntry | null> {
    return (await this.list(folderName))[0] ?? null
  }

  async get(id: string): Promise<BackupEntry> {
    const [folder] = id.split('/')
    const entry = (await this.list(folder ?? '')).find((e) => e.id === id)
    if (!entry) throw AppError.of('not_found', 'That backup no longer exists.')
    return entry
  }

  /** A base name no backup in the folder uses yet (several backups can land in one second). */
  async uniqueBase(folderName: string, base: string): Promise<string> {
    let names: string[] = []
    try {
      names = await readdir(this.accountDir(folderName))
    } catch {
      return base
    }
    const taken = (candidate: string) => names.some((n) => n === `${candidate}${MANIFEST_SUFFIX}` || n.startsWith(`${candidate}.`))
    let candidate = base
    for (let i = 2; taken(candidate); i++) candidate = `${base}-${i}`
    return candidate
  }

  manifestPath(id: string): string {
    const [folder, base] = id.split('/') as [string, string]
    return join(this.accountDir(folder), `${base}${MANIFEST_SUFFIX}`)
  }

  async writeManifest(folderName: string, base: string, manifest: Manifest): Promise<BackupEntry> {
    await writeJsonAtomic(join(this.accountDir(folderName), `${base}${MANIFEST_SUFFIX}`), Manifest.parse(manifest))
    return this.get(`${folderName}/${base}`)
  }

  async #update(id: string, patch: Partial<Manifest>): Promise<BackupEntry> {
    const entry = await this.get(id)
    const { id: _id, path: _path, ...manifest } = entry
    await writeJsonAtomic(this.manifestPath(id), Manifest.parse({ ...manifest, ...patch }))
    return this.get(id)
  }

  pin(id: string, pinned: boolean) {
    return this.#update(id, { pinned })
  }

  note(id: string, note: string) {
    return this.#update(id, { note: note.slice(0, 2000) })
  }

  /** Re-hashes the file against its manifest. */
  async verify(id: string, now: number): Promise<BackupEntry> {
    const entry = await this.get(id)
    let status: 'ok' | 'mismatch' | 'missing'
    if (!entry.path) status = 'missing'
    else {
      try {
        const info = await stat(entry.path)
        status = info.size === entry.size && (await sha256File(entry.path)) === entry.sha256 ? 'ok' : 'mismatch'
      } catch {
        status = 'missing'
      }
    }
    return this.#update(id, { verifiedAt: new Date(now).toISOString(), verifyStatus: status })
  }

  async exportTo(id: string, destination: string): Promise<string> {
    const entry = await this.get(id)
    if (!entry.path) throw AppError.of('not_found', 'The save file of this backup is missing.')
    try {
      await copyFile(entry.path, destination)
    } catch (error) {
      throw AppError.of('io', `Could not export to ${destination} (${(error as NodeJS.ErrnoException).code ?? 'error'}).`)
    }
    return destination
  }

  /** Deletes a backup; a pinned one only with explicit confirmation. Shared files stay while referenced. */
  async delete(id: string, confirmPinned: boolean): Promise<void> {
    const entry = await this.get(id)
    if (entry.pinned && !confirmPinned) throw AppError.of('invalid_input', 'This backup is pinned. Confirm to delete it anyway.')
    const [folder] = id.split('/') as [string]
    const all = await this.list(folder)
    const base = id.split('/')[1]!
    const dependants = all.filter((e) => e.duplicateOf === base)
    if (entry.file && dependants.length > 0) {
      // Hand the file over to the newest duplicate instead of losing it.
      const heir = dependants[0]!
      await this.#update(heir.id, { file: entry.file, duplicateOf: null })
      for (const other of dependants.slice(1)) await this.#update(other.id, { duplicateOf: heir.id.split('/')[1]! })
    } else if (entry.file) {
      await rm(join(this.accountDir(folder), entry.file), { force: true })
    }
    await rm(this.manifestPath(id), { force: true })
  }

  /**
   * Which backups retention would remove: keep the newest N, plus the newest of each of the last
   * D days and of each of the last W weeks; pinned backups are never removed.
   */
  plan(entries: BackupEntry[], policy: RetentionPolicy, now: number): BackupEntry[] {
    const keep = new Set<string>(entries.slice(0, policy.keepLast).map((e) => e.id))
    const newestPer = (bucketMs: number, count: number) => {
      const seen = new Set<number>()
      for (const e of entries) {
        const age = now - Date.parse(e.backedUpAt)
        const bucket = Math.floor(Date.parse(e.backedUpAt) / bucketMs)
        if (age < count * bucketMs && !seen.has(bucket)) {
          seen.add(bucket)
          keep.add(e.id)
        }
      }
    }
    newestPer(86_400_000, policy.dailyForDays)
    newestPer(7 * 86_400_000, policy.weeklyForWeeks)
    return entries.filter((e) => !keep.has(e.id) && !e.pinned)
  }

  /** Removes `.part` files left by a run that was interrupted (app quit, crash). */
  async cleanupPartials(folderName: string): Promise<number> {
    const dir = this.accountDir(folderName)
    let names: string[]
    try {
      names = await readdir(dir)
    } catch {
      return 0
    }
    const parts = names.filter((n) => n.endsWith('.part') || n.endsWith('.manifest.json.tmp'))
    await Promise.all(parts.map((n) => rm(join(dir, n), { force: true })))
    return parts.length
  }
}

