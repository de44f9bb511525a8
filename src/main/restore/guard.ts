import { join } from 'node:path'
import type { RestoreRefusal } from '../../shared/restore'
import { allDone, io, isErrno } from '../platform-node/io'
import type { ListProcesses } from '../platform-node/processes'
import type { FileSystem } from '../ports'

/** The game's program on each system: Windows, Linux, macOS (the app bundle and the executable inside it). */
export const GAME_PROCESSES = ['Milthm.exe', 'Milthm.x86_64', 'Milthm.app', 'Milthm'] as const

export interface Refused {
  reason: RestoreRefusal
  detail: string | null
}

/** Milthm running: it may hold the save in memory and write it back on exit, so nothing is restored under it. */
export async function gameRunning(processes: ListProcesses): Promise<Refused | null> {
  let names: string[]
  try {
    names = await processes()
  } catch (error) {
    return { reason: 'cannot-check-game', detail: (error as Error).message.slice(0, 300) }
  }
  const wanted = new Set(GAME_PROCESSES.map((n) => n.toLowerCase()))
  const found = names.find((name) => wanted.has(name.toLowerCase()))
  return found ? { reason: 'game-running', detail: found } : null
}

/**
 * SQLite's side files of the game's databases: a non-empty `-journal` is a write in progress (or one a
 * crash left, which SQLite rolls back on the next open), a `-wal` holds committed pages not yet in the
 * database. Either way the database file alone is not the save: nothing is restored, and the side
 * files are never touched.
 */
export async function unfinishedWrite(files: FileSystem, folder: string, names: readonly string[]): Promise<Refused | null> {
  const sides = names.flatMap((name) => [
    { side: `${name}-journal`, emptyIsFine: true },
    { side: `${name}-wal`, emptyIsFine: false }
  ])
  // All looked at once; the first unfinished one (in that order) is named.
  const found = await allDone(
    sides.map(({ side, emptyIsFine }) =>
      // A side file that cannot be looked at is not known to be absent: an io error naming it.
      io(`Checking ${join(folder, side)}`, () =>
        files.stat(join(folder, side)).then(
          (stats) => !(emptyIsFine && stats.size === 0),
          (error: unknown) => {
            if (isErrno(error) && error.code === 'ENOENT') return false
            throw error
          }
        )
      )
    )
  )
  const side = sides.find((_, i) => found[i])
  return side ? { reason: 'unfinished-write', detail: side.side } : null
}
