import { join } from 'node:path'
import type { LastRestore, RestoreReport, RestoreStep } from '../../shared/restore'
import type { HeldFolder, LocalBackupService } from '../game-folder/local-backup'
import type { GameFolderRestored } from '../kernel/signals'
import { allDone } from '../platform-node/io'
import type { Clock, FileSystem } from '../ports'
import { GAME_FILES, stampOf } from './game-now'
import type { Refused } from './guard'
import { writeLastRestore } from './last-restore'
import type { Intended, ReadyToRestore } from './restore-plan'
import { ioMessage, keepApart, keepSnapshot, Refusal, unshareKilled, type GameTargets, type KeptSave, type Snapshot } from './snapshot-step'
import { checkStaged, flushFolder, replace, stage, tidyTemps, verifySame, verifyWritten } from './writer'

/** What the steps of a restore work with. */
export interface StepContext {
  files: FileSystem
  clock: Clock
  local: LocalBackupService
  program: 'app' | 'cli'
  lockWaitMs: number
  sleep: (ms: number) => Promise<void>
  /** The backup library's folder (where the restore's own lock and its record for Undo are). */
  root: string
  /** Tells the step that starts (progress; a test stops the process there). */
  step(step: RestoreStep): Promise<void>
  /** The last restore as recorded now (null: none; undefined: unreadable). */
  lastRestore(): Promise<LastRestore | null>
  onRestored?: (event: GameFolderRestored) => void | Promise<void>
}

/** What the writing established: the temp files staged (removed on failure), the game's files replaced, whether Undo is recorded. */
interface Writing {
  staged: string[]
  replaced: string[]
  /** The record for Undo was being written (so a failure must give back the one before). */
  recording: boolean
  /** Why the restore could not be recorded for Undo (null: it was). */
  unrecorded: string | null
}

/** The game's files again, once the restore's lock is its own: as the preview read them, the game closed, nothing mid-write. */
async function checkAgain(ctx: StepContext, plan: ReadyToRestore, guards: Promise<Refused | null>): Promise<void> {
  await ctx.step('checking')
  // What a stopped restore left (each touches only files of ours), and the checks, at once.
  const [stamp, , , guard] = await Promise.all([
    stampOf(ctx.files, plan.folder),
    tidyTemps(ctx.files, plan.folder, GAME_FILES),
    unshareKilled(ctx.files, ctx.root, plan.folder),
    guards
  ])
  if (guard) throw new Refusal(guard)
  // The files are the ones previewed (same file, size and time); the snapshot makes sure of their bytes.
  if (stamp !== plan.current.stamp) throw new Refusal({ reason: 'changed-since-preview', detail: null })
}

/** The new files written beside the game's, each flushed while SQLite checks it; `staged` lists them as they come. */
async function stageAll(ctx: StepContext, intended: Intended, targets: GameTargets, at: number, staged: string[]) {
  const saveTemp = await stage(ctx.files, targets.save, intended.save, at, async (temp) => {
    await ctx.step('verifying')
    await checkStaged(temp, intended.save)
  })
  staged.push(saveTemp)
  const { data } = intended
  const dataTemp = data ? await stage(ctx.files, targets.data, data, at, (temp) => checkStaged(temp, data)) : null
  if (dataTemp) staged.push(dataTemp)
  return { saveTemp, dataTemp }
}

/**
 * Records the restore for Undo (an undo forgets the record). A record that cannot be written is
 * forgotten instead, and the restore goes on without Undo (the answer says why); when it can be
 * neither written nor forgotten, nothing is restored.
 */
async function record(ctx: StepContext, last: LastRestore | null): Promise<string | null> {
  try {
    await writeLastRestore(ctx.files, ctx.root, last)
    return null
  } catch (error) {
    if (last === null) throw error
    await writeLastRestore(ctx.files, ctx.root, null)
    return (ioMessage(error, 'Recording the restore') ?? String(error)).slice(0, 1000)
  }
}

const lastOf = (plan: ReadyToRestore, snapshotId: string, at: number): LastRestore => ({
  schema: 'companion-restore/1',
  at: new Date(at).toISOString(),
  folder: plan.folder,
  fromId: plan.source.entry.id,
  fromBackedUpAt: plan.source.entry.backedUpAt,
  snapshotId,
  withPlays: plan.intended.data !== null,
  written: plan.intended.sha256
})

/** Stages, records, renames and reads back; `writing` says how far it got, for the put-back should it fail. */
async function writeFiles(ctx: StepContext, plan: ReadyToRestore, snapshotId: string, at: number, writing: Writing): Promise<void> {
  const { files, sleep } = ctx
  const { intended, folder } = plan
  const targets = { save: join(folder, 'saves.db'), data: join(folder, 'data.db') }
  await ctx.step('writing')
  const staging = stageAll(ctx, intended, targets, at, writing.staged)
  // The record for Undo is flushed while the new files are: both are on disk before the rename, so Undo
  // never puts back the save from before an earlier restore.
  writing.recording = true
  const recording = record(ctx, plan.undo ? null : lastOf(plan, snapshotId, at))
  const [{ saveTemp, dataTemp }, unrecorded] = await allDone([staging, recording])
  writing.unrecorded = unrecorded
  await ctx.step('replacing')
  // The game's files are exactly as they were read (the game did not start and write meanwhile).
  if ((await stampOf(files, folder)) !== plan.current.stamp) throw new Refusal({ reason: 'changed-since-preview', detail: null })
  await replace(files, saveTemp, targets.save, sleep)
  writing.replaced.push(targets.save)
  if (dataTemp) {
    await ctx.step('replacing-plays')
    await replace(files, dataTemp, targets.data, sleep)
    writing.replaced.push(targets.data)
  }
  await ctx.step('reading-back')
  // The new names are flushed while the bytes are read back: the bytes checked with the preview (integrity,
  // save row), byte for byte, so SQLite found them whole on disk too.
  await allDone([
    flushFolder(files, folder),
    verifySame(files, targets.save, intended.save),
    dataTemp && intended.data ? verifySame(files, targets.data, intended.data) : null
  ])
}

/** After a failure past the rename: the kept save goes back the same way (beside, flushed, checked, one rename). */
async function putBack(ctx: StepContext, folder: string, kept: KeptSave, replaced: string[], at: number): Promise<void> {
  const { files, sleep } = ctx
  const back = replaced.flatMap((target) => {
    const bytes = target.endsWith('data.db') ? kept.data : kept.bytes
    return bytes ? [{ target, bytes }] : []
  })
  for (const { target, bytes } of back) {
    const temp = await stage(files, target, bytes, at)
    try {
      await verifyWritten(files, temp, bytes, null)
      await replace(files, temp, target, sleep)
    } finally {
      // Renamed, the temp name is gone; not renamed, a temp of ours the next restore tidies.
      await files.rm(temp, { force: true }).catch(() => {})
    }
  }
  await flushFolder(files, folder)
  for (const { target, bytes } of back) await verifySame(files, target, bytes)
}

/** A failure while writing: the game's folder as it was (the kept save put back where anything was replaced), and why. */
async function afterFailure(
  ctx: StepContext,
  plan: ReadyToRestore,
  snapshot: Snapshot,
  writing: Writing,
  context: { error: unknown; at: number; previous: LastRestore | null | undefined }
): Promise<RestoreReport> {
  const { files } = ctx
  const { replaced } = writing
  // A temp that cannot be removed is one of ours: the next restore tidies it.
  for (const temp of writing.staged) await files.rm(temp, { force: true }).catch(() => {})
  const lock = { program: ctx.program, waitMs: ctx.lockWaitMs }
  const kept = replaced.length === 0 ? await keepApart(files, ctx.local, snapshot, lock) : true
  let putBackDone = false
  if (replaced.length > 0) {
    await ctx.step('putting-back')
    // Not put back, the answer says so (`putBack: false`), and Undo puts the kept save back.
    putBackDone = await putBack(ctx, plan.folder, plan.current, replaced, context.at).then(
      () => true,
      () => false
    )
  }
  // The game's folder holds what it held before: so does the record. Not put back: Undo puts the snapshot back.
  if (writing.recording && context.previous !== undefined && (replaced.length === 0 || putBackDone))
    // The record cannot be given back: it names this restore's snapshot, which is in the library.
    await writeLastRestore(files, ctx.root, context.previous).catch(() => {})
  if (context.error instanceof Refusal) throw context.error
  const { error } = context
  const detail = (ioMessage(error, 'The restore') ?? String(error instanceof Error ? error.message : error)).slice(0, 1000)
  // `written`: the game's files that were replaced (none: the game's folder is as it was).
  return {
    ...plan.report,
    snapshotId: kept ? snapshot.id : null,
    status: 'failed',
    reason: 'io',
    detail,
    written: [...replaced],
    putBack: putBackDone
  }
}

/**
 * The restore once its lock is held: the checks again, the snapshot, then the new files written beside the
 * game's, renamed over them and read back; the kept save put back should anything fail after the rename.
 */
export async function restoreWith(
  ctx: StepContext,
  plan: ReadyToRestore,
  library: { ready: Promise<HeldFolder>; release(): Promise<void> },
  guards: Promise<Refused | null>
): Promise<RestoreReport> {
  await checkAgain(ctx, plan, guards)
  const targets = { save: join(plan.folder, 'saves.db'), data: join(plan.folder, 'data.db') }
  await ctx.step('snapshot')
  // Given back should this restore fail (null: none; undefined: unreadable, then left as this restore leaves it).
  const lastBefore = ctx.lastRestore().catch(() => undefined)
  const snapshot = await keepSnapshot(ctx.files, plan, targets, library.ready)
  // The snapshot is in the library: its folder is let go while the restore goes on.
  void library.release()
  const previous = await lastBefore
  const at = ctx.clock.now()
  const writing: Writing = { staged: [], replaced: [], recording: false, unrecorded: null }
  try {
    await writeFiles(ctx, plan, snapshot.id, at, writing)
  } catch (error) {
    return afterFailure(ctx, plan, snapshot, writing, { error, at, previous })
  }
  await ctx.step('recording')
  await ctx.step('done')
  const status = plan.undo ? ('undone' as const) : ('restored' as const)
  // Other features re-check the game's folder; their trouble is not the restore's.
  await Promise.resolve(
    ctx.onRestored?.({
      folder: plan.folder,
      backupId: plan.request.backupId,
      snapshotId: snapshot.id,
      status,
      at: new Date(at).toISOString()
    })
  ).catch(() => {})
  const base = { ...plan.report, snapshotId: snapshot.id, status, written: writing.replaced }
  if (plan.undo) return base
  // The save is restored either way; without its record, Undo is not offered (the snapshot is still in the library).
  return { ...base, detail: writing.unrecorded, undoAvailable: writing.unrecorded === null }
}
