import { join } from 'node:path'
import { readSaveContents, type SaveContents } from '../backups/save-reader'
import { saveIdentity, type SaveIdentity } from '../game-folder/save-identity'
import { integrityProblem } from '../game-folder/snapshot'
import { io, isErrno } from '../platform-node/io'
import type { ListProcesses } from '../platform-node/processes'
import type { FileSystem } from '../ports'
import { gameRunning, unfinishedWrite, type Refused } from './guard'
import { isRefused, sha256 } from './source'

/** The game's own files, which a restore writes and its snapshot keeps. */
export const GAME_FILES = ['saves.db', 'data.db'] as const

/** The game's save as it is now: the exact bytes (never opened by SQLite in the game's folder), and what they hold. */
export interface CurrentSave {
  bytes: Buffer
  sha256: string
  data: Buffer | null
  dataSha256: string | null
  /** The files' identity, size and time when read: a restore writes only over files that still have them. */
  stamp: string
  identity: SaveIdentity | null
  contents: SaveContents | null
  problem: string | null
}

/** The game's files' identity, size and time (a file that is not there is `-`). */
export async function stampOf(files: FileSystem, folder: string): Promise<string> {
  // A file that cannot be looked at stamps as absent: a change to it still changes the stamp.
  const stats = await Promise.all(GAME_FILES.map((name) => files.stat(join(folder, name)).catch(() => null)))
  return stats.map((s) => (s ? `${s.ino}:${s.size}:${s.mtimeMs}` : '-')).join('|')
}

/** The game's files read as bytes, stamped before and after (a write during the read is seen and read again). */
async function readGameFiles(
  files: FileSystem,
  folder: string,
  sleep: (ms: number) => Promise<void>
): Promise<Pick<CurrentSave, 'bytes' | 'data' | 'stamp'> | Refused> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const stamp = await stampOf(files, folder)
    const read = await io('Reading the game save', async () => ({
      bytes: await files.readFile(join(folder, 'saves.db')),
      data: await files.readFile(join(folder, 'data.db')).catch((error: unknown) => {
        if (isErrno(error) && error.code === 'ENOENT') return null
        throw error
      })
    }))
    if ((await stampOf(files, folder)) === stamp) return { ...read, stamp }
    await sleep(100 * (attempt + 1))
  }
  return { reason: 'unfinished-write', detail: 'saves.db' }
}

/** The game's save as it is now (never opened by SQLite in the game's folder: its bytes are read) and what it holds. */
export async function readCurrentSave(
  files: FileSystem,
  folder: string,
  sleep: (ms: number) => Promise<void>
): Promise<CurrentSave | Refused> {
  const read = await readGameFiles(files, folder, sleep)
  if (isRefused(read)) return read
  const problem = await integrityProblem(read.bytes)
  // A save that does not read is no error here: `problem` says so, and the preview shows it as damaged.
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

/** Both of the game's files: the snapshot keeps data.db with saves.db, so neither may be mid-write; nor may the game run. */
export async function guardsOf(files: FileSystem, processes: ListProcesses, folder: string): Promise<Refused | null> {
  // The side files are looked at (on the thread pool) while the programs are listed (which may take this thread);
  // a failure of that look is awaited below, after the programs, and answered there.
  const unfinished = unfinishedWrite(files, folder, GAME_FILES)
  unfinished.catch(() => {})
  return (await gameRunning(processes)) ?? (await unfinished)
}
