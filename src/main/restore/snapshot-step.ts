import { join } from 'node:path'
import { AppError } from '../../shared/errors'
import type { KeptReason } from '../../shared/backups'
import { notedVersionOf } from '../../shared/restore'
import { COMPUTER_SOURCE } from '../backups/library'
import type { HeldFolder, LocalBackupService, LocalReading } from '../game-folder/local-backup'
import type { SaveIdentity } from '../game-folder/save-identity'
import { io, ioFailure, isErrno } from '../platform-node/io'
import type { FileSystem } from '../ports'
import { GAME_FILES, type CurrentSave } from './game-now'
import type { Refused } from './guard'
import type { ReadyToRestore } from './restore-plan'
import { holdsBytes, unshare } from './writer'

export const NO_IDENTITY: SaveIdentity = { id: null, userId: null, userUuid: null, username: null, nickname: null, lastSaveTime: null }

/** The save that was in the game's folder, kept in the library: its version's id, and its files that are second names of the game's. */
export interface Snapshot {
  id: string
  shared: string[]
}

/** The game's files a restore writes over. */
export interface GameTargets {
  save: string
  data: string
}

/** A refusal found after work started: it ends the restore with that reason, nothing in the game's folder changed. */
export class Refusal extends Error {
  constructor(readonly refused: Refused) {
    super(refused.reason)
  }
}

/** A file failure in words (an `io` error's message); null for anything else, which is a fault of the code. */
export const ioMessage = (error: unknown, what: string): string | null =>
  error instanceof AppError ? (error.code === 'io' ? error.message : null) : isErrno(error) ? ioFailure(what, error).message : null

/** Gives each path bytes of its own; one that cannot be is left as it is (the snapshot's check below, or the next restore, sees it). */
export async function unshareAll(files: FileSystem, paths: readonly string[]): Promise<void> {
  for (const path of paths) await unshare(files, path).catch(() => {})
}

/** Only a plain file with no other name may be linked: a symbolic link's target, or a file another name shares, may change later. */
async function linkable(files: FileSystem, path: string): Promise<string | undefined> {
  // A file that cannot be looked at is copied instead of linked.
  const stats = await files.lstat(path).catch(() => null)
  return stats?.isFile() && stats.nlink === 1 ? path : undefined
}

/** What was restored (or whose restore is undone), as data: the app words it in the player's language when shown. */
function keptReason(plan: ReadyToRestore): KeptReason {
  if (plan.undo) return { kind: 'before-undo', version: { ...notedVersionOf(plan.undo.fromId), backedUpAt: plan.undo.fromBackedUpAt } }
  const from = plan.report.from
  return {
    kind: 'before-restore',
    version: from
      ? { id: from.id, backedUpAt: from.backedUpAt, source: from.kind === 'cloud' ? 'cloud' : 'computer' }
      : notedVersionOf(plan.request.backupId)
  }
}

/**
 * Keeps the save that is there as a pinned "This computer" version with its note, and checks it: when
 * it cannot be kept whole, the restore stops before anything in the game's folder is written. A file
 * the restore replaces is kept as a second name of the game's file where the disk allows (no bytes
 * copied: after the rename the version alone holds the old file); `shared` lists those names.
 */
export async function keepSnapshot(
  files: FileSystem,
  plan: ReadyToRestore,
  targets: GameTargets,
  library: Promise<HeldFolder>
): Promise<Snapshot> {
  const now = plan.current
  const reading: LocalReading = {
    status: { ...plan.status, folder: plan.folder },
    save: { bytes: now.bytes, sha256: now.sha256, method: 'copy', contents: now.contents },
    data: now.data && now.dataSha256 ? { bytes: now.data, sha256: now.dataSha256, method: 'copy', contents: null } : null,
    identity: now.identity ?? NO_IDENTITY
  }
  const reason = keptReason(plan)
  const linkFrom = { save: await linkable(files, targets.save), data: plan.intended.data ? await linkable(files, targets.data) : undefined }
  const shared: string[] = []
  const kept = await library
    .then((held) => held.keep(reading, { always: true, pinned: true, reason, linkFrom }))
    .catch(async (error: unknown) => {
      throw await notKept(files, shared, error)
    })
  // Each copy is the game's file itself (its name, size and time unchanged since the preview read its
  // bytes), or a copy equal, byte for byte, both to the preview's bytes and to the game's file now.
  // Only a copy asked to be a link can be the game's file: any other is compared at once.
  const same = async (path: string, game: string, bytes: Buffer, linked: boolean) => {
    if (linked && (await files.sameFile(path, game))) {
      shared.push(path)
      return true
    }
    const [copy, there] = await Promise.all([holdsBytes(files, path, bytes), holdsBytes(files, game, bytes)])
    if (!there) throw new Refusal({ reason: 'changed-since-preview', detail: null })
    return copy
  }
  const part = kept.parts.find((p) => p.role === 'data.db')
  const checked = await io('Checking the copy kept before restoring', async () => {
    const [save, data] = await Promise.all([
      kept.path !== null && same(kept.path, targets.save, now.bytes, linkFrom.save !== undefined),
      now.data ? part !== undefined && same(join(kept.folder, part.file), targets.data, now.data, linkFrom.data !== undefined) : !part
    ])
    return save && data
  }).catch(async (error: unknown) => {
    throw await notKept(files, shared, error)
  })
  if (!checked || !kept.entryId) {
    await unshareAll(files, shared)
    throw AppError.of('io', 'The copy of the save kept before restoring does not read back as the save; nothing was restored.', {
      details: { cause: 'verify' }
    })
  }
  return { id: kept.entryId, shared }
}

/** Why nothing was restored when the save there could not be kept: its shared names get bytes of their own first. */
async function notKept(files: FileSystem, shared: string[], error: unknown): Promise<unknown> {
  await unshareAll(files, shared)
  const message = ioMessage(error, 'Keeping the save in the library')
  if (message === null) return error
  const cause = error instanceof AppError ? error.data.details?.cause : (error as NodeJS.ErrnoException).code
  const why = "the save in the game's folder could not be kept and checked in the library first"
  return AppError.of('io', `Nothing was restored: ${why}. ${message}`, { details: { cause: cause ?? 'io' } })
}

/**
 * Nothing was replaced: the game keeps its files, so the snapshot gets bytes of its own. One the game
 * changed while they were one file (it saved during the restore) no longer holds the save that was
 * there, and goes to the library's trash; false then.
 */
export async function keepApart(
  files: FileSystem,
  local: LocalBackupService,
  snapshot: Snapshot,
  lock: { program: 'app' | 'cli'; waitMs: number }
): Promise<boolean> {
  if (snapshot.shared.length === 0) return true
  await unshareAll(files, snapshot.shared)
  const library = local.library()
  // A version that cannot be read back is not kept as the save that was there.
  const entry = await library.get(snapshot.id).catch(() => null)
  if (!entry) return false
  if ((await library.check(entry).catch(() => 'missing')) === 'ok') return true
  // Not the save that was there any more: out of the way if it can be; the answer is false either way.
  await library.delete(snapshot.id, true, lock).catch(() => {})
  return false
}

/**
 * A restore killed between its snapshot and its rename left the snapshot a second name of the game's
 * file, which the game would change with it: each such version gets bytes of its own.
 */
export async function unshareKilled(files: FileSystem, root: string, folder: string): Promise<void> {
  for (const name of GAME_FILES) {
    // A game's file that is not there (or cannot be looked at) has no second name to look for.
    const game = await files.stat(join(folder, name)).catch(() => null)
    if (!game || game.nlink < 2) continue
    // A library that cannot be read holds no version to give bytes of its own to.
    const dirs = (await files.readdir(root).catch(() => [] as string[])).filter((d) => d.startsWith(`${COMPUTER_SOURCE}-`))
    for (const dir of dirs) {
      for (const file of await files.readdir(join(root, dir)).catch(() => [] as string[])) {
        const path = join(root, dir, file)
        // Two files that cannot be compared are not taken for one.
        const same = file.endsWith('.sqlite') && (await files.sameFile(path, join(folder, name)).catch(() => false))
        if (same) await unshareAll(files, [path])
      }
    }
  }
}

/** The kept save, as the preview read it (what a put-back writes). */
export type KeptSave = Pick<CurrentSave, 'bytes' | 'data'>
