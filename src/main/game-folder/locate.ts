import { join } from 'node:path'
import { AppError } from '../../shared/errors'
import { GAME_FILES, SIDE_SUFFIXES, type GameFile, type GameFolderStatus } from '../../shared/game-folder'
import type { FileSystem } from '../ports'

/** The facts of this computer the folder lookup needs (injected, so each system's layout is testable anywhere). */
export interface SystemFacts {
  platform: NodeJS.Platform
  home: string
  env: Readonly<Record<string, string | undefined>>
  /** The system's root for system-wide folders (`/`; a test gives a fake one). */
  root?: string
}

export const systemFacts = (): SystemFacts => ({
  platform: process.platform,
  home: process.env.HOME ?? process.env.USERPROFILE ?? '',
  env: process.env
})

/**
 * Unity's persistent data folder of Milthm (company Morizero), per system, in the order they are looked in.
 * Joined with this system's separator (a test may ask for another system's layout under a fake home).
 */
export function gameFolderCandidates({ platform, home, env, root = '/' }: SystemFacts): string[] {
  if (platform === 'win32') {
    const profile = env.USERPROFILE ?? home
    return [join(profile, 'AppData', 'LocalLow', 'Morizero', 'Milthm', 'data')]
  }
  if (platform === 'darwin') {
    return [
      join(home, 'Library', 'Application Support', 'Morizero', 'Milthm', 'data'),
      join(root, 'Library', 'Application Support', 'Morizero', 'Milthm', 'data')
    ]
  }
  const config = env.XDG_CONFIG_HOME || join(home, '.config')
  const candidates = [join(config, 'unity3d', 'Morizero', 'Milthm', 'data')]
  const usual = join(home, '.config', 'unity3d', 'Morizero', 'Milthm', 'data')
  return candidates.includes(usual) ? candidates : [...candidates, usual]
}

/** Whether a file of `gameFiles` is one of the game's own (not a side file). */
export const isGameFile = (file: Pick<GameFile, 'name'>): boolean => (GAME_FILES as readonly string[]).includes(file.name)

/**
 * A folder that is not the game's data folder (no saves.db, no data.db), as the player is told it: what is
 * missing, and where Milthm keeps its files on this system. `details` carry both paths for the window's words.
 * `invalid_input` for a folder just chosen (a page dialog keeps the question open on it), `not_found` for the
 * one in use (chosen before, or `--game-dir`).
 */
export function notTheGameFolder(folder: string, system: SystemFacts, code: 'invalid_input' | 'not_found' = 'not_found'): AppError {
  const usual = gameFolderCandidates(system)[0]!
  return AppError.of(
    code,
    `${folder} holds neither saves.db nor data.db, so it is not Milthm's data folder. ` +
      `On this computer Milthm keeps them in ${usual}. Nothing was changed.`,
    { details: { reason: 'no_game_files', folder, usual } }
  )
}

/** A folder just picked for its plays that holds no data.db, as the player is told it (see `notTheGameFolder`). */
export function noDataDb(folder: string, system: SystemFacts): AppError {
  const usual = gameFolderCandidates(system)[0]!
  return AppError.of(
    'invalid_input',
    `There is no data.db in ${folder}. Choose the folder that holds it: on this computer Milthm keeps it in ${usual}. Nothing was added.`,
    { details: { reason: 'no_data_db', folder, usual } }
  )
}

/** The game's files in `folder` with their size and last change; none when the folder cannot be read. */
export async function gameFiles(files: FileSystem, folder: string): Promise<GameFile[]> {
  const found: GameFile[] = []
  for (const base of GAME_FILES) {
    for (const name of [base, ...SIDE_SUFFIXES.map((s) => `${base}${s}`)]) {
      const stats = await files.stat(join(folder, name)).catch(() => null)
      if (stats?.isFile()) found.push({ name, size: stats.size, modifiedAt: new Date(stats.mtimeMs).toISOString() })
    }
  }
  return found
}

/**
 * Finds the game's data folder: the one the user chose, or the first usual place for this system
 * that holds `saves.db` or `data.db`. Only reads.
 */
export async function locateGame(files: FileSystem, system: SystemFacts, chosen: string | null): Promise<GameFolderStatus> {
  const searched = chosen ? [chosen] : gameFolderCandidates(system)
  for (const folder of searched) {
    const found = await gameFiles(files, folder)
    if (found.some(isGameFile)) return { folder, chosen: chosen !== null, searched, files: found }
  }
  return { folder: null, chosen: chosen !== null, searched, files: [] }
}
