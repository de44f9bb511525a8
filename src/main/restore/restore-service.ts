import { join } from 'node:path'
import type { BackupEntry } from '../../shared/backups'
import type { ChartInfo } from '../../shared/data'
import { AppError } from '../../shared/errors'
import type { GameFolderStatus } from '../../shared/game-folder'
import { beforeRestoringNote, type LastRestore, type RestoreReport, type RestoreStep, type SavePlayer } from '../../shared/restore'
import { FolderLock } from '../backups/folder-lock'
import { COMPUTER_SOURCE } from '../backups/library'
import { allDone, io, ioFailure, isErrno } from '../platform-node/io'
import { readSaveContents, type SaveContents } from '../backups/save-reader'
import type { HeldFolder, LocalBackupService, LocalReading } from '../game-folder/local-backup'
import { saveIdentity, type SaveIdentity } from '../game-folder/save-identity'
import { integrityProblem } from '../game-folder/snapshot'
import type { ListProcesses } from '../platform-node/processes'
import type { GameFolderRestored } from '../kernel/signals'
import type { Clock, FileSystem } from '../ports'
import { problemInMemory, saveRowOf, withSaveJson, type SaveRow } from './container'
import { gameRunning, unfinishedWrite, type Refused } from './guard'
import { readLastRestore, restoreDir, writeLastRestore } from './last-restore'
import { playerOf, previewOf } from './preview'
import { isRefused, readSource, sha256, type Source } from './source'
import { checkStaged, flushFolder, holdsBytes, place, replace, stage, tidyTemps, unshare, verifySame, verifyWritten } from './writer'

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

export interface RestoreRequest {
  backupId: string
  /** The game's folder the player chose (or `--game-dir`); null: the usual place. */
  gameFolder: string | null
  /** `export`: write the restored files into `exportTo` (a preview may come before the folder is chosen). */
  mode: 'restore' | 'export'
  exportTo?: string | null
  withPlays: boolean
  allowDowngrade: boolean
  allowOtherPlayer: boolean
  /** The `currentSha256` of the preview the player confirmed. */
  expectCurrent?: string | null
}

/** The game's save as it is now: the exact bytes (never opened by SQLite in the game's folder), and what they hold. */
interface Current {
  bytes: Buffer
  sha256: string
  data: Buffer | null
  dataSha256: string | null
  stamp: string
  identity: SaveIdentity | null
  contents: SaveContents | null
  problem: string | null
}

export interface RestorePlan {
  report: RestoreReport
  request: RestoreRequest
  undo: LastRestore | null
  source: Source | null
  status: GameFolderStatus | null
  current: Current | null
  /**
   * `row`: the save row the written saves.db must hold; null for an undo's saves.db that held none.
   * `sha256`: the save's, for the record of the restore.
   */
  intended: { save: Buffer; sha256: string; row: SaveRow | null; data: Buffer | null } | null
}

const GAME_FILES = ['saves.db', 'data.db'] as const
const NO_IDENTITY: SaveIdentity = { id: null, userId: null, userUuid: null, username: null, nickname: null, lastSaveTime: null }

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
  const letGo = () => ready.then((held) => held.release()).catch(() => {})
  return { ready, release: () => (released ??= (stop.abort(), letGo())) }
}

/** A refusal found after work started: it ends the restore with that reason, nothing in the game's folder changed. */
class Refusal extends Error {
  constructor(readonly refused: Refused) {
    super(refused.reason)
  }
}

/** A file failure in words (an `io` error's message); null for anything else, which is a fault of the code. */
const ioMessage = (error: unknown, what: string): string | null =>
  error instanceof AppError ? (error.code === 'io' ? error.message : null) : isErrno(error) ? ioFailure(what, error).message : null

const fromOf = (entry: BackupEntry, source: Source | null, player: SavePlayer | null): NonNullable<RestoreReport['from']> => ({
  id: entry.id,
  kind: source?.kind ?? (entry.source === 'computer' ? 'this-computer' : 'cloud'),
  player: player?.player ?? entry.username ?? entry.uid,
  lastSaveTime: player?.lastSaveTime ?? (typeof entry.meta?.lastSaveTime === 'string' ? entry.meta.lastSaveTime : null),
  format: source?.format ?? (entry.format === 'json' ? 'json' : 'sqlite'),
  backedUpAt: entry.backedUpAt
})

/**
 * Puts a library version back into the game's folder, or exports it as a saves.db. `plan` reads and
 * previews, touching nothing; `apply` re-checks, keeps the save that is there as a pinned version,
 * writes the new file beside it, checks it, replaces saves.db in one rename, reads it back, and puts
 * the kept save back by itself when anything fails after the rename.
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
    const plan: RestorePlan = {
      report: {
        status: 'dry-run',
        mode: exporting ? 'export' : undo ? 'undo' : 'restore',
        reason: null,
        detail: null,
        snapshotId: null,
        from: fromOf(entry, null, null),
        target: exporting ? (request.exportTo ?? null) : null,
        written: [],
        preview: null
      },
      request,
      undo,
      source: null,
      status: null,
      current: null,
      intended: null
    }
    const refuse = (refused: Refused) => ((plan.report = { ...plan.report, status: 'refused', ...refused }), plan)
    const source = await readSource(library, this.deps.files, request.backupId, { asIs: undo !== null })
    if (isRefused(source)) return refuse(source)
    plan.source = source
    plan.report.from = fromOf(entry, source, playerOf(source.identity))
    const status = await this.deps.local.status(request.gameFolder)
    plan.status = status
    const folder = status.folder
    if (!exporting) plan.report.target = folder ?? request.gameFolder
    const hasSave = folder !== null && status.files.some((f) => f.name === 'saves.db')
    if (!exporting && !folder) return refuse({ reason: 'no-game-folder', detail: status.searched.join(', ') })
    if (!exporting && !hasSave) return refuse({ reason: 'no-container', detail: `no saves.db in ${folder}` })
    let current = hasSave ? await this.#readCurrent(folder) : null
    // An SQLite export needs nothing of the game's folder: a save being written there only leaves the comparison out.
    if (isRefused(current) && exporting && source.format === 'sqlite') current = null
    if (isRefused(current)) return refuse(current)
    plan.current = current
    const intended = await this.#intended(source, current, folder, request.withPlays)
    if (isRefused(intended)) return refuse(intended)
    // Checked and hashed now, while the player reads the preview: once written, the files are compared with these bytes.
    // An SQLite version is used as it is: `readSource` checked it whole and its hash against the manifest already.
    const asItIs = intended.save === source.bytes
    const problem =
      (asItIs ? null : await problemInMemory(intended.save, intended.row).then((p) => p && `the saves.db it makes is not whole: ${p}`)) ??
      (intended.data && (await problemInMemory(intended.data, null).then((p) => p && `its data.db is not whole: ${p}`)))
    if (problem) return refuse({ reason: 'unusable-version', detail: problem.slice(0, 300) })
    plan.intended = { ...intended, sha256: asItIs ? source.entry.sha256 : sha256(intended.save) }
    plan.report.preview = previewOf(current && { contents: current.contents, identity: current.identity }, source, this.deps.charts(), {
      currentSha256: current?.sha256 ?? null,
      currentProblem: current?.problem ?? null,
      withPlays: intended.data !== null,
      playsAvailable: source.data !== null
    })
    const refused = exporting ? await this.#exportRefusal(plan) : await this.#restoreRefusal(plan)
    return refused ? refuse(refused) : plan
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
      return { report, request: {} as RestoreRequest, undo: null, source: null, status: null, current: null, intended: null }
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
    if (plan.report.status !== 'dry-run') return plan.report
    try {
      return plan.request.mode === 'export' ? await this.#export(plan) : await this.#restore(plan)
    } catch (error) {
      if (error instanceof Refusal) return { ...plan.report, status: 'refused', ...error.refused }
      throw isErrno(error) ? ioFailure(plan.request.mode === 'export' ? 'The export' : 'Preparing the restore', error) : error
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

  /** The game's files read as bytes, stamped before and after (a write during the read is seen and read again). */
  async #readFiles(folder: string): Promise<Pick<Current, 'bytes' | 'data' | 'stamp'> | Refused> {
    const { files } = this.deps
    for (let attempt = 0; attempt < 3; attempt++) {
      const stamp = await this.#stamp(folder)
      const read = await io('Reading the game save', async () => ({
        bytes: await files.readFile(join(folder, 'saves.db')),
        data: await files.readFile(join(folder, 'data.db')).catch((error: unknown) => {
          if (isErrno(error) && error.code === 'ENOENT') return null
          throw error
        })
      }))
      if ((await this.#stamp(folder)) === stamp) return { ...read, stamp }
      await (this.deps.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms))))(100 * (attempt + 1))
    }
    return { reason: 'unfinished-write', detail: 'saves.db' }
  }

  /** The game's save as it is now (never opened by SQLite in the game's folder: its bytes are read) and what it holds. */
  async #readCurrent(folder: string): Promise<Current | Refused> {
    const read = await this.#readFiles(folder)
    if (isRefused(read)) return read
    const problem = await integrityProblem(read.bytes)
    const contents = problem ? null : await readSaveContents(read.bytes).catch(() => null)
    const identity = problem ? null : await saveIdentity(read.bytes).catch(() => null)
    const noSave = contents && contents.layout !== 'SongRecordsV3' && contents.layout !== 'SongRecords'
    return {
      ...read,
      sha256: sha256(read.bytes),
      dataSha256: read.data ? sha256(read.data) : null,
      identity,
      contents: noSave ? null : contents,
      problem: problem?.slice(0, 300) ?? (noSave || !contents ? 'it holds no save JSON' : null)
    }
  }

  async #stamp(folder: string): Promise<string> {
    const stats = await Promise.all(GAME_FILES.map((name) => this.deps.files.stat(join(folder, name)).catch(() => null)))
    return stats.map((s) => (s ? `${s.ino}:${s.size}:${s.mtimeMs}` : '-')).join('|')
  }

  /** The saves.db (and data.db) the game's folder will hold. */
  async #intended(
    source: Source,
    current: Current | null,
    folder: string | null,
    withPlays: boolean
  ): Promise<Omit<NonNullable<RestorePlan['intended']>, 'sha256'> | Refused> {
    // The play history is replaced only on purpose.
    const data = withPlays ? source.data : null
    if (source.format === 'sqlite') return { save: source.bytes, row: source.row, data }
    if (!current) return { reason: 'no-container', detail: folder ? `no saves.db in ${folder}` : null }
    const containerRow = current.problem ? null : await saveRowOf(current.bytes).catch(() => null)
    if (!containerRow)
      return { reason: 'no-container', detail: current.problem ?? 'the saves.db on this computer holds no PlayerFileV2 or PlayerFile row' }
    const row: SaveRow = { key: containerRow.key, value: source.json }
    return { save: await withSaveJson(current.bytes, row.key, source.json), row, data }
  }

  /** Both of the game's files: the snapshot keeps data.db with saves.db, so neither may be mid-write. */
  async #guards(folder: string): Promise<Refused | null> {
    // The side files are looked at (on the thread pool) while the programs are listed (which may take this thread).
    const unfinished = unfinishedWrite(this.deps.files, folder, GAME_FILES)
    unfinished.catch(() => {})
    return (await gameRunning(this.deps.processes)) ?? (await unfinished)
  }

  async #restoreRefusal(plan: RestorePlan): Promise<Refused | null> {
    const { request, current } = plan
    const preview = plan.report.preview!
    const guard = await this.#guards(plan.status!.folder!)
    if (guard) return guard
    const names = (p: SavePlayer | null) => p?.player ?? p?.userUuid ?? '?'
    if (preview.otherPlayer && !request.allowOtherPlayer)
      return { reason: 'other-player', detail: `${names(preview.restored)} / ${names(preview.current)}` }
    if (preview.downgrade && !request.allowDowngrade) return { reason: 'downgrade', detail: null }
    if (request.expectCurrent && request.expectCurrent !== current?.sha256) return { reason: 'changed-since-preview', detail: null }
    return null
  }

  async #exportRefusal(plan: RestorePlan): Promise<Refused | null> {
    const { exportTo } = plan.request
    if (!exportTo) return null
    for (const name of plan.intended?.data ? GAME_FILES : GAME_FILES.slice(0, 1)) {
      const path = join(exportTo, name)
      if (
        await this.deps.files.lstat(path).then(
          () => true,
          () => false
        )
      )
        return { reason: 'target-exists', detail: path }
    }
    return null
  }

  async #step(step: RestoreStep, plan: RestorePlan): Promise<void> {
    await this.deps.onStep?.(step, plan.request.backupId)
  }

  /**
   * The game and SQLite's side files are looked at, and the library's folder for the snapshot is made ready
   * (writable, locked, tidied), while the restore's own lock is taken: no restore changes what the checks look
   * at. Should another restore hold that lock, the folder is let go at once (that restore may need it) and
   * both are done again once the lock is this restore's: the game may have started meanwhile.
   */
  async #restore(plan: RestorePlan): Promise<RestoreReport> {
    const folder = plan.status!.folder!
    const hold = (signal: AbortSignal) => this.deps.local.hold((plan.current!.identity ?? NO_IDENTITY).id, signal)
    // Awaited only after the 'checking' step is announced: a failure meanwhile is the restore's, not unhandled.
    const lookAtGame = () => {
      const looking = this.#guards(folder)
      looking.catch(() => {})
      return looking
    }
    let guards = lookAtGame()
    let library = inBackground(hold)
    let waited: Promise<void> | null = null
    try {
      return await this.#withLock(
        async () => {
          if (waited) {
            await waited
            guards = lookAtGame()
            library = inBackground(hold)
          }
          return await this.#restoreWith(plan, library, guards)
        },
        () => {
          waited = library.release()
        }
      )
    } finally {
      await library.release()
    }
  }

  async #restoreWith(plan: RestorePlan, library: Background<HeldFolder>, guards: Promise<Refused | null>): Promise<RestoreReport> {
    const { files } = this.deps
    const folder = plan.status!.folder!
    const intended = plan.intended!
    const sleep = this.deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
    await this.#step('checking', plan)
    const now = plan.current!
    // What a stopped restore left (each touches only files of ours), and the checks, at once.
    const [stamp, , , guard] = await Promise.all([
      this.#stamp(folder),
      tidyTemps(files, folder, GAME_FILES),
      this.#unshareKilled(folder),
      guards
    ])
    if (guard) throw new Refusal(guard)
    // The files are the ones previewed (same file, size and time); the snapshot makes sure of their bytes.
    if (stamp !== now.stamp) throw new Refusal({ reason: 'changed-since-preview', detail: null })
    const targets = { save: join(folder, 'saves.db'), data: join(folder, 'data.db') }

    await this.#step('snapshot', plan)
    // Given back should this restore fail (null: none; undefined: unreadable, then left as this restore leaves it).
    const lastBefore = this.lastRestore().catch(() => undefined)
    const snapshot = await this.#snapshot(plan, now, targets, library.ready)
    // The snapshot is in the library: its folder is let go while the restore goes on.
    void library.release()
    const snapshotId = snapshot.id
    const base = { ...plan.report, snapshotId }
    const previous = await lastBefore
    const undoing = plan.undo !== null
    const staged: string[] = []
    const replaced: string[] = []
    const at = this.deps.clock.now()
    let recorded = false
    let unrecorded: string | null
    try {
      await this.#step('writing', plan)
      const staging = this.#stageAll(plan, targets, at, staged)
      // The record for Undo is flushed while the new files are: both are on disk before the rename, so Undo
      // never puts back the save from before an earlier restore.
      recorded = true
      const recording = this.#record(undoing ? null : this.#lastOf(plan, folder, snapshotId, at))
      const [{ saveTemp, dataTemp }, record] = await allDone([staging, recording])
      unrecorded = record
      await this.#step('replacing', plan)
      // The game's files are exactly as they were read (the game did not start and write meanwhile).
      if ((await this.#stamp(folder)) !== now.stamp) throw new Refusal({ reason: 'changed-since-preview', detail: null })
      await replace(files, saveTemp, targets.save, sleep)
      replaced.push(targets.save)
      if (dataTemp) {
        await this.#step('replacing-plays', plan)
        await replace(files, dataTemp, targets.data, sleep)
        replaced.push(targets.data)
      }
      await this.#step('reading-back', plan)
      // The new names are flushed while the bytes are read back: the bytes checked with the preview (integrity,
      // save row), byte for byte, so SQLite found them whole on disk too.
      await allDone([
        flushFolder(files, folder),
        verifySame(files, targets.save, intended.save),
        dataTemp ? verifySame(files, targets.data, intended.data!) : null
      ])
    } catch (error) {
      for (const temp of staged) await files.rm(temp, { force: true }).catch(() => {})
      const kept = replaced.length === 0 ? await this.#keepApart(snapshot) : true
      const putBack = replaced.length > 0 && (await this.#putBackAfter(plan, now, replaced, at))
      // The game's folder holds what it held before: so does the record. Not put back: Undo puts the snapshot back.
      if (recorded && previous !== undefined && (replaced.length === 0 || putBack))
        await writeLastRestore(files, this.root, previous).catch(() => {})
      if (error instanceof Refusal) throw error
      const detail = (ioMessage(error, 'The restore') ?? String(error instanceof Error ? error.message : error)).slice(0, 1000)
      // `written`: the game's files that were replaced (none: the game's folder is as it was).
      return { ...base, snapshotId: kept ? snapshotId : null, status: 'failed', reason: 'io', detail, written: [...replaced], putBack }
    }

    await this.#step('recording', plan)
    await this.#step('done', plan)
    const status = undoing ? 'undone' : 'restored'
    // Other features re-check the game's folder; their trouble is not the restore's.
    await Promise.resolve(
      this.deps.onRestored?.({ folder, backupId: plan.request.backupId, snapshotId, status, at: new Date(at).toISOString() })
    ).catch(() => {})
    if (undoing) return { ...base, status, written: replaced }
    // The save is restored either way; without its record, Undo is not offered (the snapshot is still in the library).
    return { ...base, status, written: replaced, detail: unrecorded, undoAvailable: unrecorded === null }
  }

  /** The new files written beside the game's, each flushed while SQLite checks it; `staged` lists them as they come. */
  async #stageAll(plan: RestorePlan, targets: { save: string; data: string }, at: number, staged: string[]) {
    const { files } = this.deps
    const intended = plan.intended!
    const saveTemp = await stage(files, targets.save, intended.save, at, async (temp) => {
      await this.#step('verifying', plan)
      await checkStaged(temp, intended.save)
    })
    staged.push(saveTemp)
    const dataTemp = intended.data ? await stage(files, targets.data, intended.data, at, (temp) => checkStaged(temp, intended.data!)) : null
    if (dataTemp) staged.push(dataTemp)
    return { saveTemp, dataTemp }
  }

  /** Puts the kept save back after a failure past the rename; whether that worked. */
  async #putBackAfter(plan: RestorePlan, kept: Current, replaced: string[], at: number): Promise<boolean> {
    await this.#step('putting-back', plan)
    return this.#putBack(plan.status!.folder!, kept, replaced, at).then(
      () => true,
      () => false
    )
  }

  #lastOf(plan: RestorePlan, folder: string, snapshotId: string, at: number): LastRestore {
    return {
      schema: 'companion-restore/1',
      at: new Date(at).toISOString(),
      folder,
      fromId: plan.source!.entry.id,
      fromBackedUpAt: plan.source!.entry.backedUpAt,
      snapshotId,
      withPlays: plan.intended!.data !== null,
      written: plan.intended!.sha256
    }
  }

  /**
   * Records the restore for Undo (an undo forgets the record). A record that cannot be written is
   * forgotten instead, and the restore goes on without Undo (the answer says why); when it can be
   * neither written nor forgotten, nothing is restored.
   */
  async #record(last: LastRestore | null): Promise<string | null> {
    try {
      await writeLastRestore(this.deps.files, this.root, last)
      return null
    } catch (error) {
      if (last === null) throw error
      await writeLastRestore(this.deps.files, this.root, null)
      return (ioMessage(error, 'Recording the restore') ?? String(error)).slice(0, 1000)
    }
  }

  /**
   * Nothing was replaced: the game keeps its files, so the snapshot gets bytes of its own. One the game
   * changed while they were one file (it saved during the restore) no longer holds the save that was
   * there, and goes to the library's trash; false then.
   */
  async #keepApart(snapshot: { id: string; shared: string[] }): Promise<boolean> {
    if (snapshot.shared.length === 0) return true
    for (const path of snapshot.shared) await unshare(this.deps.files, path).catch(() => {})
    const library = this.deps.local.library()
    const entry = await library.get(snapshot.id).catch(() => null)
    if (!entry) return false
    if ((await library.check(entry).catch(() => 'missing')) === 'ok') return true
    const lock = { program: this.deps.program, waitMs: this.deps.lockWaitMs ?? 10_000 }
    await library.delete(snapshot.id, true, lock).catch(() => {})
    return false
  }

  /**
   * A restore killed between its snapshot and its rename left the snapshot a second name of the game's
   * file, which the game would change with it: each such version gets bytes of its own.
   */
  async #unshareKilled(folder: string): Promise<void> {
    const { files } = this.deps
    for (const name of GAME_FILES) {
      const game = await files.stat(join(folder, name)).catch(() => null)
      if (!game || game.nlink < 2) continue
      const dirs = (await files.readdir(this.root).catch(() => [] as string[])).filter((d) => d.startsWith(`${COMPUTER_SOURCE}-`))
      for (const dir of dirs) {
        for (const file of await files.readdir(join(this.root, dir)).catch(() => [] as string[])) {
          const path = join(this.root, dir, file)
          const same = file.endsWith('.sqlite') && (await files.sameFile(path, join(folder, name)).catch(() => false))
          if (same) await unshare(files, path).catch(() => {})
        }
      }
    }
  }

  /**
   * Keeps the save that is there as a pinned "This computer" version with its note, and checks it: when
   * it cannot be kept whole, the restore stops before anything in the game's folder is written. A file
   * the restore replaces is kept as a second name of the game's file where the disk allows (no bytes
   * copied: after the rename the version alone holds the old file); `shared` lists those names.
   */
  async #snapshot(
    plan: RestorePlan,
    now: Current,
    targets: { save: string; data: string },
    library: Promise<HeldFolder>
  ): Promise<{ id: string; shared: string[] }> {
    const status = plan.status!
    const { files } = this.deps
    const reading: LocalReading = {
      status: { ...status, folder: status.folder! },
      save: { bytes: now.bytes, sha256: now.sha256, method: 'copy', contents: now.contents },
      data: now.data ? { bytes: now.data, sha256: now.dataSha256!, method: 'copy', contents: null } : null,
      identity: now.identity ?? NO_IDENTITY
    }
    const label = plan.undo ? `the restore of ${plan.undo.fromId}` : plan.request.backupId
    const note = plan.undo ? `before undoing ${label}` : beforeRestoringNote(label)
    // Only a plain file with no other name: a symbolic link's target, or a file another name shares, may change later.
    const linkable = async (path: string) => {
      const stats = await files.lstat(path).catch(() => null)
      return stats?.isFile() && stats.nlink === 1 ? path : undefined
    }
    const linkFrom = { save: await linkable(targets.save), data: plan.intended!.data ? await linkable(targets.data) : undefined }
    const shared: string[] = []
    const keep = async () => {
      const kept = await (await library).keep(reading, { always: true, pinned: true, note, linkFrom })
      const part = kept.parts.find((p) => p.role === 'data.db')
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
      const checked = await io('Checking the copy kept before restoring', async () => {
        const [save, data] = await Promise.all([
          same(kept.path!, targets.save, now.bytes, linkFrom.save !== undefined),
          now.data ? part !== undefined && same(join(kept.folder, part.file), targets.data, now.data, linkFrom.data !== undefined) : !part
        ])
        return save && data
      })
      return { kept, checked }
    }
    const { kept, checked } = await keep().catch(async (error: unknown) => {
      for (const path of shared) await unshare(files, path).catch(() => {})
      const message = ioMessage(error, 'Keeping the save in the library')
      if (message === null) throw error
      const cause = error instanceof AppError ? error.data.details?.cause : (error as NodeJS.ErrnoException).code
      const why = "the save in the game's folder could not be kept and checked in the library first"
      throw AppError.of('io', `Nothing was restored: ${why}. ${message}`, { details: { cause: cause ?? 'io' } })
    })
    if (!checked) {
      for (const path of shared) await unshare(files, path).catch(() => {})
      throw AppError.of('io', 'The copy of the save kept before restoring does not read back as the save; nothing was restored.', {
        details: { cause: 'verify' }
      })
    }
    return { id: kept.entryId!, shared }
  }

  /** After a failure past the rename: the kept save goes back the same way (beside, flushed, checked, one rename). */
  async #putBack(folder: string, kept: Current, replaced: string[], at: number): Promise<void> {
    const { files } = this.deps
    const sleep = this.deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
    const back = replaced.map((target) => ({ target, bytes: target.endsWith('data.db') ? kept.data : kept.bytes }))
    for (const { target, bytes } of back) {
      if (!bytes) continue
      const temp = await stage(files, target, bytes, at)
      try {
        await verifyWritten(files, temp, bytes, null)
        await replace(files, temp, target, sleep)
      } finally {
        await files.rm(temp, { force: true }).catch(() => {})
      }
    }
    await flushFolder(files, folder)
    for (const { target, bytes } of back) if (bytes) await verifySame(files, target, bytes)
  }

  /** Writes the restored files into a folder of the player's choice; nothing there is ever overwritten. */
  async #export(plan: RestorePlan): Promise<RestoreReport> {
    const { files } = this.deps
    const to = plan.request.exportTo
    if (!to) throw AppError.of('invalid_input', 'Choose the folder to export into.')
    const intended = plan.intended!
    const at = this.deps.clock.now()
    await io(`Creating ${to}`, () => files.mkdir(to, { recursive: true }))
    const jobs = [
      { name: 'saves.db', bytes: intended.save, row: intended.row },
      ...(intended.data ? [{ name: 'data.db', bytes: intended.data, row: null }] : [])
    ]
    const written: string[] = []
    const staged: string[] = []
    try {
      await this.#step('writing', plan)
      const temps = []
      for (const job of jobs) {
        const temp = await stage(files, join(to, job.name), job.bytes, at)
        staged.push(temp)
        temps.push(temp)
      }
      await this.#step('verifying', plan)
      for (const [i, job] of jobs.entries()) await verifyWritten(files, temps[i]!, job.bytes, job.row)
      await this.#step('replacing', plan)
      for (const [i, job] of jobs.entries()) {
        const target = join(to, job.name)
        if (!(await place(files, temps[i]!, target))) throw new Refusal({ reason: 'target-exists', detail: target })
        written.push(target)
      }
      await this.#step('reading-back', plan)
      for (const job of jobs) await verifySame(files, join(to, job.name), job.bytes)
    } finally {
      for (const temp of staged) await files.rm(temp, { force: true }).catch(() => {})
    }
    await this.#step('done', plan)
    return { ...plan.report, status: 'exported', written }
  }
}
