import { constants as fsConstants } from 'node:fs'
import * as fs from 'node:fs/promises'
import { dirname } from 'node:path'
import { writeFile as atomicWriteFile } from 'atomically'
import type { FileSystem } from '../ports'
import { tempName } from './writer-tag'

/** Hard links are how a name is claimed without overwriting; some file systems (FAT, exFAT, some shares) lack them. */
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV', 'EMLINK'])

async function syncDir(path: string): Promise<void> {
  let handle: fs.FileHandle | undefined
  try {
    handle = await fs.open(path, fsConstants.O_RDONLY)
    await handle.sync()
  } catch (error) {
    // Windows cannot open or fsync a folder; some file systems refuse it. The rename is still atomic.
    const code = (error as NodeJS.ErrnoException).code
    if (!['EISDIR', 'EPERM', 'EINVAL', 'EBADF', 'EACCES', 'ENOTSUP'].includes(code ?? '')) throw error
  } finally {
    await handle?.close()
  }
}

/** Gives `from` the second name `to`: `exists` when `to` is taken, `no-links` where this file system has no hard links. */
async function link(from: string, to: string): Promise<'linked' | 'exists' | 'no-links'> {
  try {
    await fs.link(from, to)
    return 'linked'
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? ''
    if (code === 'EEXIST') return 'exists'
    if (!NO_LINKS.has(code)) throw error
    return 'no-links'
  }
}

async function moveExclusive(from: string, to: string, options: Parameters<FileSystem['moveExclusive']>[2] = {}): Promise<boolean> {
  const linked = await link(from, to)
  if (linked === 'exists') return false
  if (linked === 'no-links') {
    // Without hard links: check, then rename (the caller holds the folder's lock, so nobody races it).
    const taken = await fs.lstat(to).then(
      () => true,
      () => false
    )
    if (taken) return false
    await fs.rename(from, to)
  } else {
    await rm(from, { force: true })
  }
  if (options.flush ?? true) await syncDir(dirname(to))
  return true
}

/**
 * A whole file in one read where the system allows: `fs.readFile` reads 512 KiB per call, a dozen round trips
 * to the thread pool for a 10 MiB save. Empty (special files say 0) or huge files go through `readFile` itself.
 */
async function readWhole(path: string): Promise<Buffer> {
  const handle = await fs.open(path, 'r')
  try {
    const { size } = await handle.stat()
    if (size === 0 || size > 2 ** 30) return await handle.readFile()
    const buffer = Buffer.allocUnsafe(size)
    let at = 0
    while (at < size) {
      const { bytesRead } = await handle.read(buffer, at, size - at, at)
      if (bytesRead === 0) break // the file shrank meanwhile
      at += bytesRead
    }
    return at === size ? buffer : buffer.subarray(0, at)
  } finally {
    await handle.close()
  }
}

async function sameFile(a: string, b: string): Promise<boolean> {
  const [x, y] = await Promise.all([fs.stat(a, { bigint: true }), fs.stat(b, { bigint: true })])
  return x.dev === y.dev && x.ino === y.ino
}

/**
 * `fs.rm` looks at the path before removing it: two calls to the thread pool. A plain file goes in one
 * `unlink`; anything else (a folder, a missing path without `force`, a read-only file on Windows) is left to `fs.rm`.
 */
async function rm(path: string, options: { force?: boolean; recursive?: boolean } = {}): Promise<void> {
  if (!options.recursive) {
    try {
      return await fs.unlink(path)
    } catch (error) {
      if (options.force && (error as NodeJS.ErrnoException).code === 'ENOENT') return
    }
  }
  return fs.rm(path, options)
}

/** The Node file system behind the FileSystem port: atomic and exclusive writes are defined here once. */
export const nodeFiles: FileSystem = {
  readFile: readWhole,
  readdir: (path) => fs.readdir(path),
  lstat: (path) => fs.lstat(path),
  stat: (path) => fs.stat(path),
  realpath: (path) => fs.realpath(path),
  mkdir: (path, options) => fs.mkdir(path, options),
  rm,
  rename: (from, to) => fs.rename(from, to),
  open: (path, flags, mode) => fs.open(path, flags, mode),
  utimes: (path, atime, mtime) => fs.utimes(path, atime, mtime),
  async writeAtomic(path, data, options = {}) {
    // atomically: unique temp name beside the file, fsync, rename; retries briefly on EBUSY/EPERM (antivirus on Windows).
    await atomicWriteFile(path, data, { mode: options.mode ?? 0o600, fsync: true, timeout: 1000, chown: false, tmpCreate: tempName })
    await syncDir(dirname(path))
  },
  moveExclusive,
  link,
  sameFile,
  syncDir
}
