import type { ChartInfo } from '../../shared/data'
import type { GameFolderStatus } from '../../shared/game-folder'
import { AppError } from '../../shared/errors'
import type { LastRestore, RestoreReport, RestoreStep } from '../../shared/restore'
import { FolderLock } from '../backups/folder-lock'
import type { HeldFolder, LocalBackupService } from '../game-folder/local-backup'
import type { GameFolderRestored } from '../kernel/signals'
import { io, ioFailure, isErrno } from '../platform-node/io'
import type { ListProcesses } from '../platform-node/processes'
import type { Clock, FileSystem } from '../ports'
import { guardsOf, readCurrentSave, type CurrentSave } from './game-now'
import type { Refused } from './guard'
import { readLastRestore, restoreDir } from './last-restore'
import { exportTo } from './export-step'
import { playerOf } from './preview'
import {
  exportRefusal,
  fromOf,
  intendedFiles,
  previewFor,
  previewRefusal,
  type ReadyToRestore,
  type RestorePlan,
  type RestoreRequest
} from './restore-plan'
import { NO_IDENTITY, Refusal } from './snapshot-step'
import { isRefused, readSource, type Source } from './source'
import { restoreWith, type StepContext } from './write-step'

export interface RestoreDeps {
  files: FileSystem
  clock: Clock
  /** The game's folder, the backup library, and the "This computer" versions the snapshot becomes one of. */
  local: LocalBackupService
  processes: ListProcesses
  charts: () => ReadonlyMap<string, ChartInfo>
  program: 'app' | 'cli'
  /** Told as each step starts (progress; a test stops the process there). */
  onStep?: (step: RestoreStep, backupId: string) => void | Promise<void>
  /** Told after the game's folder holds a restored (or undone) save. */
  onRestored?: (event: GameFolderRestored) => void | Promise<void>
  sleep?: (ms: number) => Promise<void>
  lockWaitMs?: number
}

/** Work started in the background (`ready`), let go once by `release`: when done, while still waiting (it is stopped), or failed. */
interface Background<T extends { release(): Promise<void> }> {
  ready: Promise<T>
  release(): Promise<void>
}

function inBackground<T extends { release(): Promise<void> }>(start: (signal: AbortSignal) => Promise<T>): Background<T> {
  const stop = new AbortController()
  const ready = start(stop.signal)
  // Its failure is reported by whoever waits for it; unawaited (a refusal came first), it only needs letting go.
  ready.catch(() => {})
  let released: Promise<void> | null = null
  // Letting go of what was never held, or was let go of already, leaves nothing to let go of.
  const letGo = () => ready.then((held) => held.release()).catch(() => {})
  return { ready, release: () => (released ??= (stop.abort(), letGo())) }
}

/**
 * Puts a library version back into the game's folder, or exports it as a saves.db. `plan` reads and
 * previews, touching nothing, each step giving what it established (the version checked, the game's
 * save now, the files to write, the preview); `apply` re-checks, keeps the save that is there as a
 * pinned version, writes the new file beside it, checks it, replaces saves.db in one rename, reads it
 * back, and puts the kept save back by itself when anything fails after the rename.
 */
export class RestoreService {
  constructor(private readonly deps: RestoreDeps) {}

  get root(): string {
    return this.deps.local.library().root
  }

  lastRestore(): Promise<LastRestore | null> {
    return readLastRestore(this.deps.files, this.root)
  }

  async plan(request: RestoreRequest, undo: LastRestore | null = null): Promise<RestorePlan> {
    const library = this.deps.local.library()
    const entry = await library.get(request.backupId)
    const exporting = request.mode === 'export'
    let report: RestoreReport = {
      status: 'dry-run',
      mode: exporting ? 'export' : undo ? 'undo' : 'restore',
      reason: null,
      detail: null,
      snapshotId: null,
      from: fromOf(entry, null, null),
      target: exporting ? (request.exportTo ?? null) : null,
      written: [],
      preview: null
    }
    const refuse = (refused: Refused): RestorePlan => ({ kind: 'refused', report: { ...report, status: 'refused', ...refused } })
    const source = await readSource(library, this.deps.files, request.backupId, { asIs: undo !== null })
    if (isRefused(source)) return refuse(source)
    report = { ...report, from: fromOf(entry, source, playerOf(source.identity)) }
    const status = await this.deps.local.status(request.gameFolder)
    if (!exporting) report = { ...report, target: status.folder ?? request.gameFolder }
    const game = exporting ? await this.#exportGame(status, source) : await this.#restoreGame(status)
    if (isRefused(game)) return refuse(game)
    const intended = await intendedFiles(source, game.current, game.folder, request.withPlays)
    if (isRefused(intended)) return refuse(intended)
    report = { ...report, preview: previewFor(source, game.current, intended, this.deps.charts()) }
    const ready = { report, request, undo, source, intended }
    if (game.kind === 'export') {
      const refused = await exportRefusal(this.deps.files, request.exportTo, intended)
      return refused ? refuse(refused) : { ...ready, kind: 'export' }
    }
    const plan: ReadyToRestore = { ...ready, kind: 'restore', status, folder: game.folder, current: game.current }
    const refused = await this.#restoreRefusal(plan)
    return refused ? refuse(refused) : plan
  }

  /** A restore needs the game's folder with a save in it, read as it is now. */
  async #restoreGame(status: GameFolderStatus): Promise<{ kind: 'restore'; folder: string; current: CurrentSave } | Refused> {
    const { folder } = status
    if (!folder) return { reason: 'no-game-folder', detail: status.searched.join(', ') }
    if (!status.files.some((f) => f.name === 'saves.db')) return { reason: 'no-container', detail: `no saves.db in ${folder}` }
    const current = await readCurrentSave(this.deps.files, folder, this.#sleep)
    return isRefused(current) ? current : { kind: 'restore', folder, current }
  }

  /** An export reads the save in the game's folder where there is one (a JSON version goes into a copy of it). */
  async #exportGame(
    status: GameFolderStatus,
    source: Source
  ): Promise<{ kind: 'export'; folder: string | null; current: CurrentSave | null } | Refused> {
    const { folder } = status
    const current =
      folder !== null && status.files.some((f) => f.name === 'saves.db')
        ? await readCurrentSave(this.deps.files, folder, this.#sleep)
        : null
    // An SQLite export needs nothing of the game's folder: a save being written there only leaves the comparison out.
    if (isRefused(current) && source.format === 'sqlite') return { kind: 'export', folder, current: null }
    return isRefused(current) ? current : { kind: 'export', folder, current }
  }

  /** What refuses a restore now: the game running or mid-write, then what the preview showed and the player did not allow. */
  async #restoreRefusal(plan: ReadyToRestore): Promise<Refused | null> {
    const guard = await guardsOf(this.deps.files, this.deps.processes, plan.folder)
    if (guard) return guard
    const { preview } = plan.report
    return preview ? previewRefusal(plan.request, preview, plan.current) : null
  }

  /**
   * The plan that undoes the last restore: its pinned snapshot, restored the same way, into the same folder.
   * `expectCurrent`: the `currentSha256` of the preview the player confirmed; a game's save that is no longer
   * that one (the game saved since) refuses it as changed since the preview.
   */
  async planUndo(gameFolder: string | null, expectCurrent: string | null = null): Promise<RestorePlan> {
    const last = await this.lastRestore()
    if (!last) {
      const report: RestoreReport = {
        status: 'refused',
        mode: 'undo',
        reason: 'nothing-to-undo',
        detail: null,
        snapshotId: null,
        from: null,
        target: gameFolder,
        written: [],
        preview: null
      }
      return { kind: 'refused', report }
    }
    const request: RestoreRequest = {
      mode: 'restore',
      backupId: last.snapshotId,
      gameFolder: gameFolder ?? last.folder,
      withPlays: last.withPlays,
      allowDowngrade: true,
      allowOtherPlayer: true,
      expectCurrent
    }
    return this.plan(request, last)
  }

  /**
   * Carries out a plan the player confirmed; a refused plan is returned as it is. A file failure once the
   * save is kept is a `failed` report; one before it (the lock, the checks, the snapshot) is an `io` error.
   */
  async apply(plan: RestorePlan): Promise<RestoreReport> {
    if (plan.kind === 'refused') return plan.report
    const steps = this.#steps(plan.request.backupId)
    try {
      return plan.kind === 'export' ? await exportTo(steps, plan, plan.request.exportTo) : await this.#restore(steps, plan)
    } catch (error) {
      if (error instanceof Refusal) return { ...plan.report, status: 'refused', ...error.refused }
      throw isErrno(error) ? ioFailure(plan.kind === 'export' ? 'The export' : 'Preparing the restore', error) : error
    }
  }

  get #sleep(): (ms: number) => Promise<void> {
    return this.deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  }

  #steps(backupId: string): StepContext {
    return {
      files: this.deps.files,
      clock: this.deps.clock,
      local: this.deps.local,
      program: this.deps.program,
      lockWaitMs: this.deps.lockWaitMs ?? 10_000,
      sleep: this.#sleep,
      root: this.root,
      step: async (step) => void (await this.deps.onStep?.(step, backupId)),
      lastRestore: () => this.lastRestore(),
      onRestored: this.deps.onRestored
    }
  }

  /** Runs `work` under the restore's own lock; `onWait` is told when another restore holds it. */
  async #withLock<T>(work: () => Promise<T>, onWait?: () => void): Promise<T> {
    const dir = restoreDir(this.root)
    await io('Preparing the restore', () => this.deps.files.mkdir(dir, { recursive: true, mode: 0o700 }))
    const held = await new FolderLock(this.deps.files, dir)
      .acquire({ program: this.deps.program, waitMs: this.deps.lockWaitMs ?? 10_000, onWait })
      .catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'busy')
          throw AppError.of('busy', 'Another restore is running (in the app or the CLI). Wait for it to finish, then try again.')
        throw error
      })
    try {
      return await work()
    } finally {
      // A lock file that cannot be removed goes stale by itself; what the restore did is still the answer.
      await held.release().catch(() => {})
    }
  }

  /**
   * The game and SQLite's side files are looked at, and the library's folder for the snapshot is made ready
   * (writable, locked, tidied), while the restore's own lock is taken: no restore changes what the checks look
   * at. Should another restore hold that lock, the folder is let go at once (that restore may need it) and
   * both are done again once the lock is this restore's: the game may have started meanwhile.
   */
  async #restore(steps: StepContext, plan: ReadyToRestore): Promise<RestoreReport> {
    const hold = (signal: AbortSignal) => this.deps.local.hold((plan.current.identity ?? NO_IDENTITY).id, signal)
    // Awaited only after the 'checking' step is announced: a failure meanwhile is the restore's, not unhandled.
    const lookAtGame = () => {
      const looking = guardsOf(this.deps.files, this.deps.processes, plan.folder)
      looking.catch(() => {})
      return looking
    }
    let guards = lookAtGame()
    let library: Background<HeldFolder> = inBackground(hold)
    let waited: Promise<void> | null = null
    try {
      return await this.#withLock(
        async () => {
          if (waited) {
            await waited
            guards = lookAtGame()
            library = inBackground(hold)
          }
          return await restoreWith(steps, plan, library, guards)
        },
        () => {
          waited = library.release()
        }
      )
    } finally {
      await library.release()
    }
  }
}
