import { join } from 'node:path'
import { AppError } from '../../shared/errors'
import { allDone, io, isErrno } from '../platform-node/io'
import { tempName, tempWriter, writerGone } from '../platform-node/writer-tag'
import type { FileSystem } from '../ports'
import { problemOf, type SaveRow } from './container'

/**
 * The only writes a restore makes in the game's folder: a new file beside the one it replaces, under
 * a temp name of ours (`saves.db.<host>.<pid>.<random>.tmp`), flushed, checked, then given the real
 * name in one rename. Nothing else there is ever deleted or renamed.
 */

/** What to do when the game's folder cannot be written (a failure's message ends with it). */
const GAME_FOLDER_NOT_WRITABLE = "Check that the game's folder can be written and that Milthm is closed, then try again."

/**
 * Writes `bytes` beside `target` with the target's permissions and the time `now`, and flushes it to disk
 * while `check` reads back what was written: both must succeed before the caller renames it.
 */
export async function stage(
  files: FileSystem,
  target: string,
  bytes: Uint8Array,
  now: number,
  check?: (temp: string) => Promise<void>
): Promise<string> {
  const mode = await files.stat(target).then(
    (s) => s.mode & 0o777,
    () => 0o644
  )
  const temp = tempName(target)
  try {
    await io(
      `Writing beside ${target}`,
      async () => {
        const handle = await files.open(temp, 'wx', mode)
        try {
          await handle.writeFile(bytes)
          // The flush waits on the disk, the checks on the processor: at once, they take the time of the longer.
          // Its data and size are what matter (its times are set after); the rename's folder flush makes the name durable.
          await allDone([handle.datasync(), check?.(temp)])
        } finally {
          await handle.close()
        }
        // The restored save gets the time of the restore, not the backup's: the game and the player see it as new.
        await files.utimes(temp, new Date(now), new Date(now))
      },
      GAME_FOLDER_NOT_WRITABLE
    )
  } catch (error) {
    // A disk that filled up (or failed) halfway leaves no file of ours beside the player's.
    await files.rm(temp, { force: true }).catch(() => {})
    throw error
  }
  return temp
}

/**
 * Gives `staged` the name `target` in one rename. POSIX rename replaces atomically. On Windows Node's
 * rename is libuv's `MoveFileExW(…, MOVEFILE_REPLACE_EXISTING)` on the same volume: the name points at
 * the old file or the new one, never a mix; it fails (EPERM/EACCES/EBUSY) while another program holds
 * the target open, which is retried briefly (an antivirus scan) and then reported with the old file intact.
 * Once it returns, `target` is the new file: `flushFolder` then makes the new name durable.
 */
export async function replace(files: FileSystem, staged: string, target: string, sleep: (ms: number) => Promise<void>): Promise<void> {
  await io(
    `Replacing ${target}`,
    async () => {
      for (let attempt = 0; ; attempt++) {
        try {
          return await files.rename(staged, target)
        } catch (error) {
          const busy = isErrno(error) && ['EPERM', 'EACCES', 'EBUSY'].includes(error.code ?? '')
          if (!busy || attempt >= 5 || process.platform !== 'win32') throw error
          await sleep(100 * (attempt + 1))
        }
      }
    },
    GAME_FOLDER_NOT_WRITABLE
  )
}

/** Flushes a folder after renames in it: a failure here comes after the rename, so the file already has its new content. */
export const flushFolder = (files: FileSystem, folder: string): Promise<void> =>
  io(`Saving the names in ${folder} to disk`, () => files.syncDir(folder), GAME_FOLDER_NOT_WRITABLE)

/** Gives `staged` the name `target` only when nothing has it (an export never overwrites); false when something does. */
export async function place(files: FileSystem, staged: string, target: string): Promise<boolean> {
  return io(`Naming ${target}`, () => files.moveExclusive(staged, target))
}

/** What is on disk at `path` is exactly `bytes`, an intact database, holding `row` when given. */
export async function verifyWritten(files: FileSystem, path: string, bytes: Uint8Array, row: SaveRow | null): Promise<void> {
  // Once the file holds exactly `bytes`, SQLite (or sql.js, given those same bytes) checks what is on disk.
  const same = await io(`Reading ${path} back`, () => holdsBytes(files, path, bytes))
  const problem = same ? await problemOf(path, bytes, row) : 'its bytes are not the ones written'
  if (problem) throw notReadBack(path, problem)
}

/**
 * The file at `path`, being flushed, read by SQLite: an intact database (`bytes`, what was written, where
 * the runtime has no SQLite). Its save row was checked in `bytes` with the preview, and once the file has
 * its name its bytes are compared with those (`verifySame`): together, the whole save meant.
 */
export async function checkStaged(path: string, bytes: Uint8Array): Promise<void> {
  const problem = await problemOf(path, bytes, null)
  if (problem) throw notReadBack(path, problem)
}

/**
 * What is on disk at `path` is exactly `bytes`, which were found intact (and holding the save row) in
 * another file: the same bytes give the same verdict, so SQLite need not read them again.
 */
export async function verifySame(files: FileSystem, path: string, bytes: Uint8Array): Promise<void> {
  if (!(await io(`Reading ${path} back`, () => holdsBytes(files, path, bytes))))
    throw notReadBack(path, 'its bytes are not the ones written')
}

/** A read-back compares this much per read: five reads for a 10 MiB save, into one buffer far smaller than the save. */
const READ_BACK_CHUNK = 2 * 1024 * 1024

/** Whether the file at `path` holds exactly `bytes`, read piece by piece. */
export async function holdsBytes(files: FileSystem, path: string, bytes: Uint8Array): Promise<boolean> {
  const handle = await files.open(path, 'r')
  try {
    if ((await handle.stat()).size !== bytes.length) return false
    const buffer = Buffer.allocUnsafe(Math.min(READ_BACK_CHUNK, bytes.length))
    for (let at = 0; at < bytes.length;) {
      const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, bytes.length - at), at)
      if (bytesRead === 0 || Buffer.compare(buffer.subarray(0, bytesRead), bytes.subarray(at, at + bytesRead)) !== 0) return false
      at += bytesRead
    }
    return true
  } finally {
    await handle.close()
  }
}

const notReadBack = (path: string, problem: string) =>
  AppError.of('io', `${path} did not read back as written (${problem.slice(0, 200)}).`, { details: { cause: 'verify' } })

/** Removes temp files of a restore that was stopped (its process is gone); a file of any other name is never touched. */
export async function tidyTemps(files: FileSystem, folder: string, names: readonly string[]): Promise<void> {
  // A folder that cannot be read has nothing of ours to tidy now; the restore's own writes say what is wrong with it.
  const entries = await files.readdir(folder).catch(() => [] as string[])
  for (const entry of entries) {
    if (!names.some((name) => entry.startsWith(`${name}.`))) continue
    const writer = tempWriter(entry)
    // One that cannot be removed now is tried again by the next restore.
    if (writer && writerGone(writer)) await files.rm(join(folder, entry), { force: true }).catch(() => {})
  }
}

/** Gives a library file that is a second name of a game's file (see `linkFrom`) bytes of its own, in one rename. */
export async function unshare(files: FileSystem, path: string): Promise<void> {
  await files.writeAtomic(path, await files.readFile(path))
}
