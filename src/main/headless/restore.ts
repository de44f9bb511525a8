import { basename, dirname, resolve } from 'node:path'
import { AppError } from '../../shared/errors'
import type { RestoreReport } from '../../shared/restore'
import { COMPUTER_SOURCE } from '../backups/library'
import type { Core } from '../core/create-core'
import type { FileSystem } from '../ports'
import type { RestorePlan, RestoreRequest } from '../restore/restore-service'

export interface RestoreCliOptions {
  /** The backup library (`--dir`). */
  dir: string
  /** `--game-dir`: the game's data folder, instead of the usual place. */
  gameDir: string | null
  /** Puts the library at `dir` for the calls that follow. */
  at: (dir: string) => void
  files: FileSystem
  /** Signs the User Token's account in (a cloud backup is restored only for its own account). */
  signIn: () => Promise<unknown>
}

/** One "This computer" version, as `local versions` lists it (its `--json` is a public interface). */
export interface LocalVersion {
  id: string
  time: string
  player: string | null
  size: number
  pinned: boolean
  note: string
  userId: string | null
  lastSaveTime: string | null
  files: string[]
  path: string | null
}

/** A `<backup>` argument resolved: its id, and the cloud account folder it is in (null: a "This computer" version or a path). */
export interface ResolvedVersion {
  id: string
  cloudFolder: string | null
}

/**
 * `local versions` and `local restore`: no credential and no network, except that a cloud backup named
 * by id is checked against the signed-in account by the caller (`cloudFolder`).
 */
export function restoreCommands(core: Core, o: RestoreCliOptions) {
  o.at(o.dir)
  const { files } = o
  const library = core.modules.gameFolder.local.library()
  const service = core.modules.restore.service

  return {
    /** Every "This computer" version in the library, newest first. */
    async versions(): Promise<LocalVersion[]> {
      const folders = (await files.readdir(o.dir).catch(() => [] as string[])).filter((f) => f.startsWith(`${COMPUTER_SOURCE}-`))
      const entries = (await Promise.all(folders.map((f) => library.entries(f)))).flat()
      entries.sort((a, b) => b.backedUpAt.localeCompare(a.backedUpAt) || b.id.localeCompare(a.id))
      return entries.map((e) => ({
        id: e.id,
        time: e.backedUpAt,
        player: e.username ?? e.uid,
        size: e.size + (e.parts ?? []).reduce((sum, p) => sum + p.size, 0),
        pinned: e.pinned,
        note: e.note,
        userId: e.uid,
        lastSaveTime: typeof e.meta?.lastSaveTime === 'string' ? e.meta.lastSaveTime : null,
        files: ['saves.db', ...(e.parts ?? []).map((p) => p.role)],
        path: e.path
      }))
    },

    /** `<backup>`: a version id (`<folder>/<name>`), or the path of a save file kept in the library. */
    async resolve(ref: string): Promise<ResolvedVersion> {
      const asFile = await files.stat(ref).then(
        (s) => s.isFile(),
        () => false
      )
      if (asFile) {
        const [real, root] = await Promise.all([files.realpath(ref), files.realpath(o.dir).catch(() => resolve(o.dir))])
        const folder = dirname(real)
        if (dirname(folder) !== root) throw AppError.of('not_found', `${ref} is not a save file in the library at ${o.dir}.`)
        const entries = await library.entries(basename(folder))
        for (const entry of entries) {
          if (entry.path && (await files.realpath(entry.path).catch(() => null)) === real) return { id: entry.id, cloudFolder: null }
        }
        throw AppError.of('not_found', `${ref} is not the save file of any version in the library at ${o.dir}.`)
      }
      const [folder, base, ...rest] = ref.split('/')
      if (!folder || !base || rest.length > 0)
        throw AppError.of('invalid_input', `${ref} is neither a version id (from local versions or backups list) nor a save file.`)
      return { id: ref, cloudFolder: folder.startsWith(`${COMPUTER_SOURCE}-`) ? null : folder }
    },

    async plan(request: Omit<RestoreRequest, 'gameFolder'>): Promise<RestorePlan> {
      return service.plan({ ...request, gameFolder: o.gameDir })
    },

    async planUndo(): Promise<RestorePlan> {
      return service.planUndo(o.gameDir)
    },

    apply: (plan: RestorePlan): Promise<RestoreReport> => service.apply(plan)
  }
}

export type RestoreCli = ReturnType<typeof restoreCommands>
