import { basename, dirname, resolve } from 'node:path'
import type { BackupEntry } from '../../shared/backups'
import { AppError } from '../../shared/errors'
import { io } from '../platform-node/io'
import type { FileSystem } from '../ports'
import { MANIFEST_SUFFIX, type BackupLibrary } from './library'

/**
 * `<backup>` resolved: a version of the library (by its id; `byPath` when the player named its save file by
 * its path), or a save file elsewhere on disk.
 */
export type ResolvedBackup = { kind: 'version'; id: string; byPath: boolean } | { kind: 'file'; path: string }

/** Where a name, a stem or `latest` is looked for: the library, and which of its folders (one account's, or all). */
export interface BackupScope {
  library: BackupLibrary
  files: FileSystem
  folders(): Promise<string[]>
}

/** Every folder of the library (each account's, and each player's "This computer" versions); an unreadable library says why. */
export async function everyFolder(library: BackupLibrary, files: FileSystem): Promise<string[]> {
  const names = await io(`Reading ${library.root}`, () => files.readdir(library.root))
  return names.filter((name) => !name.startsWith('.'))
}

/** The versions of the scope's folders that have their save file, newest first (a folder that cannot be read adds none). */
async function versionsIn(scope: BackupScope): Promise<BackupEntry[]> {
  const lists = await Promise.all((await scope.folders()).map((f) => scope.library.entries(f).catch(() => [] as BackupEntry[])))
  return lists
    .flat()
    .filter((e) => e.path !== null)
    .sort((a, b) => b.backedUpAt.localeCompare(a.backedUpAt) || b.id.localeCompare(a.id))
}

/** The library version whose save file `path` is (the same file, through any link), or null. */
async function versionAt(path: string, scope: BackupScope): Promise<string | null> {
  const { files, library } = scope
  const [real, root] = await Promise.all([files.realpath(path), files.realpath(library.root).catch(() => resolve(library.root))])
  if (dirname(dirname(real)) !== root) return null
  for (const entry of await library.entries(basename(dirname(real))).catch(() => [] as BackupEntry[]))
    if (entry.path && (await files.realpath(entry.path).catch(() => null)) === real) return entry.id
  return null
}

const isFile = (files: FileSystem, path: string) =>
  files.stat(path).then(
    (stats) => stats.isFile(),
    () => false
  )

/**
 * The one grammar of `<backup>`, for every command that takes one:
 * - nothing, or `latest`: the newest version in the scope's folders;
 * - the path of a file on disk: the library version whose save file it is, else that file itself;
 * - `<folder>/<stem>`: the version of that id (whether it exists is for its reader to find);
 * - a file name (the save's, or its manifest's) or a stem: the version in the scope's folders so named.
 */
export async function resolveBackup(ref: string | null, scope: BackupScope): Promise<ResolvedBackup> {
  const where = scope.library.root
  if (ref === null || ref === 'latest') {
    const [newest] = await versionsIn(scope)
    if (!newest) throw AppError.of('not_found', `There are no backups in ${where} yet.`)
    return { kind: 'version', id: newest.id, byPath: false }
  }
  if (await isFile(scope.files, ref)) {
    const id = await versionAt(ref, scope)
    return id ? { kind: 'version', id, byPath: true } : { kind: 'file', path: ref }
  }
  const parts = ref.split('/')
  if (parts.length === 2 && parts.every(Boolean)) return { kind: 'version', id: ref, byPath: false }
  const name = ref.endsWith(MANIFEST_SUFFIX) ? ref.slice(0, -MANIFEST_SUFFIX.length) : ref
  const found = parts.length === 1 && (await versionsIn(scope)).find((e) => e.file === name || e.id.endsWith(`/${name}`))
  if (!found) throw AppError.of('not_found', `No backup named ${ref} in ${where}.`)
  return { kind: 'version', id: found.id, byPath: false }
}
