import { lstatSync, readFileSync } from 'node:fs'
import { AppError } from '../../shared/errors'
import { redactor } from '../logging/redact'
import { failureInWords } from '../platform-node/io'
import { normalizeUserToken } from './user-token'

/**
 * The User Token file must be a plain file (not a link) owned by this user, with no permission
 * bits for the group or others: a token anyone else can read or replace is how tokens leak.
 */
export function readTokenFile(path: string): string {
  let info
  try {
    info = lstatSync(path)
  } catch (error) {
    throw AppError.of('io', `Cannot read the token file ${path}: ${failureInWords((error as NodeJS.ErrnoException).code)}.`)
  }
  if (info.isSymbolicLink()) throw AppError.of('credential_invalid', `${path} is a symbolic link. Point --token-file at the file itself.`)
  if (!info.isFile()) throw AppError.of('credential_invalid', `${path} is not a file.`)
  if (process.platform !== 'win32') {
    if (typeof process.getuid === 'function' && info.uid !== process.getuid())
      throw AppError.of('credential_invalid', `${path} belongs to another user. Copy it to a file you own and run: chmod 600 <file>`)
    if ((info.mode & 0o077) !== 0) {
      const readable = (info.mode & 0o044) !== 0
      throw AppError.of(
        'credential_invalid',
        `${path} is ${readable ? 'readable' : 'writable or usable'} by other ` +
          `users (mode ${(info.mode & 0o777).toString(8)}). Run: chmod 600 ${path}`
      )
    }
  }
  try {
    return readFileSync(path, 'utf8')
  } catch (error) {
    throw AppError.of('io', `Cannot read the token file ${path}: ${failureInWords((error as NodeJS.ErrnoException).code)}.`)
  }
}

/** The Authorization header of the User Token (from the file, else the environment); every form of it is masked in output. */
export function userTokenHeader(o: { tokenFile?: string; tokenFromEnv?: string }): string {
  const raw = o.tokenFile ? readTokenFile(o.tokenFile) : o.tokenFromEnv
  if (!raw || raw.trim() === '')
    throw AppError.of(
      'not_signed_in',
      'No credential: set COMPANION_USER_TOKEN or pass --token-file PATH (a User Token from your account page).'
    )
  try {
    const header = normalizeUserToken(raw)
    redactor.add(header)
    redactor.add(header.replace(/^Basic\s+/, ''))
    return header
  } catch {
    throw AppError.of(
      'credential_invalid',
      'The credential does not look like a User Token. Use the "Authorization header" value from the token page.'
    )
  } finally {
    redactor.add(raw.trim())
  }
}
