import { join } from 'node:path'
import { LastRestore } from '../../shared/restore'
import { io, isErrno } from '../platform-node/io'
import type { FileSystem } from '../ports'

/** The restore's own folder in the backup library: its lock, and the record of the last restore (for Undo). */
export const restoreDir = (root: string) => join(root, '.restore')
const lastPath = (root: string) => join(restoreDir(root), 'last.json')

/** The last restore into a game folder, as recorded in the library; null when there is none (or the record is unusable). */
export async function readLastRestore(files: FileSystem, root: string): Promise<LastRestore | null> {
  try {
    const bytes = await files.readFile(lastPath(root))
    if (bytes.length > 64 * 1024) return null
    const parsed = LastRestore.safeParse(JSON.parse(bytes.toString('utf8')))
    return parsed.success ? parsed.data : null
  } catch (error) {
    if (error instanceof SyntaxError || (isErrno(error) && error.code === 'ENOENT')) return null
    throw error
  }
}

export async function writeLastRestore(files: FileSystem, root: string, last: LastRestore | null): Promise<void> {
  if (!last) {
    await io('Forgetting the last restore', () => files.rm(lastPath(root), { force: true }))
    return
  }
  await io('Recording the restore', async () => {
    await files.mkdir(restoreDir(root), { recursive: true, mode: 0o700 })
    await files.writeAtomic(lastPath(root), JSON.stringify(LastRestore.parse(last), null, 2))
  })
}
