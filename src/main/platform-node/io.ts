import { AppError } from '../../shared/errors'
import type { FileSystem } from '../ports'

/** The system's failure codes in words: a player (and the CLI's reader) is told what happened, never a code. */
const CAUSES: Record<string, string> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EACCES: 'permission denied',
  EPERM: 'the operation is not permitted',
  EROFS: 'the disk is read-only',
  EXDEV: 'the files are on different disks',
  ENOENT: 'it does not exist',
  ENOTDIR: 'a part of the path is not a folder',
  EISDIR: 'it is a folder',
  EEXIST: 'it already exists',
  ENOTEMPTY: 'the folder is not empty',
  EBUSY: 'it is in use by another program',
  EMFILE: 'too many files are open',
  ENFILE: 'too many files are open',
  EIO: 'the disk reported an error',
  ENAMETOOLONG: 'the path is too long',
  ELOOP: 'the path loops through links',
  EADDRINUSE: 'the port is in use',
  EADDRNOTAVAIL: 'the address is not available on this computer',
  ECONNRESET: 'the connection was reset',
  ECONNREFUSED: 'the server refused the connection',
  ECONNABORTED: 'the connection was aborted',
  EPIPE: 'the connection was closed',
  ETIMEDOUT: 'the connection timed out',
  ENOTFOUND: "the server's name was not found",
  EAI_AGAIN: "the server's name could not be looked up just now",
  EHOSTUNREACH: 'the server cannot be reached from this network',
  ENETUNREACH: 'the network cannot be reached',
  UND_ERR_SOCKET: 'the connection was closed',
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: 'the server sent another length than it announced'
}

/** A system failure code (`ENOENT`, `ECONNRESET`…) in words; one not listed is "the system reported an error". */
export const failureInWords = (code: string | undefined): string => (code && CAUSES[code]) || 'the system reported an error'

export const isErrno = (error: unknown): error is NodeJS.ErrnoException =>
  error instanceof Error &&
  typeof (error as NodeJS.ErrnoException).code === 'string' &&
  /^E[A-Z0-9]+$/.test((error as NodeJS.ErrnoException).code!)

/**
 * A local file failure as the `io` error the app shows and the CLI exits 5 with, naming the real cause.
 * `notWritable` is what to do about a folder that cannot be written (by default: the backup folder's advice).
 */
export function ioFailure(what: string, error: NodeJS.ErrnoException, notWritable = 'Choose a writable backup folder.'): AppError {
  const code = error.code ?? 'error'
  const hint =
    code === 'ENOSPC' || code === 'EDQUOT'
      ? ' Free some space and try again.'
      : code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
        ? ` ${notWritable}`
        : ''
  // The code stays in the details (for the log and for `isReadOnlyError`), out of the sentence.
  return AppError.of('io', `${what} failed: ${failureInWords(code)}.${hint}`, { details: { cause: code } })
}

/** Runs a file operation; any errno failure becomes an `io` error that says what and why. */
export async function io<T>(what: string, work: () => Promise<T>, notWritable?: string): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof AppError) throw error
    if (isErrno(error)) throw ioFailure(what, error, notWritable)
    throw error
  }
}

/** Waits for all of `work` (nothing is left running behind a failure), then throws the first failure, if any. */
export async function allDone<T extends readonly unknown[] | []>(work: T): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(work)
  for (const one of settled) if (one.status === 'rejected') throw one.reason
  return settled.map((one) => (one as PromiseFulfilledResult<unknown>).value) as { -readonly [K in keyof T]: Awaited<T[K]> }
}

/** Read-only or forbidden: a report can still be given, only not recorded. */
export const isReadOnlyError = (error: unknown): boolean =>
  error instanceof AppError
    ? ['EROFS', 'EACCES', 'EPERM'].includes(String(error.data.details?.cause))
    : isErrno(error) && ['EROFS', 'EACCES', 'EPERM'].includes(error.code!)

/**
 * Writes a new file (never one that exists) and flushes its bytes to disk. Its name in the folder is made
 * durable by whatever names it next (a rename or link followed by the folder's own flush).
 */
export async function writeNewFile(files: FileSystem, path: string, bytes: Uint8Array, mode: number): Promise<void> {
  const handle = await files.open(path, 'wx', mode)
  try {
    await handle.writeFile(bytes)
    await handle.sync()
  } finally {
    await handle.close()
  }
}
