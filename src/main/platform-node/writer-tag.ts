import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import { z } from 'zod'

/**
 * Short-lived files (temp files of atomic writes, partial downloads) name the process that writes
 * them, `<host>.<pid>`, so a later tidy-up on the same machine can tell at once that their writer
 * is gone, instead of waiting for them to age.
 */
export const hostTag = (): string =>
  hostname()
    .replace(/[^A-Za-z0-9-]/g, '-')
    .slice(0, 40) || 'host'

export const Writer = z.object({ host: z.string().max(40), pid: z.number().int() })
export type Writer = z.infer<typeof Writer>

/** Whether a process with this pid runs on this machine (EPERM: it exists but is not ours). */
export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The writer's process ended (on this machine, and it is not this process). Another machine's writer is never known to be gone. */
export const writerGone = (writer: Writer): boolean => writer.host === hostTag() && writer.pid !== process.pid && !processAlive(writer.pid)

/** The temp file an atomic write of `path` goes through: `<path>.<host>.<pid>.<random>.tmp`. */
export const tempName = (path: string): string => `${path}.${hostTag()}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`

const TEMP = /\.([A-Za-z0-9-]{1,40})\.(\d{1,10})\.[0-9a-f]{12}\.tmp$/
/** Names earlier versions gave their temp files, which do not say who wrote them. */
const UNSIGNED_TEMP = [/\.tmp-\d{16}$/, /\.\d+-[0-9a-f]{12}\.tmp$/]

/** A temp file's writer; `null` for a temp file that does not name one; `undefined` for any other file. */
export function tempWriter(name: string): Writer | null | undefined {
  const match = TEMP.exec(name)
  if (match) return { host: match[1]!, pid: Number(match[2]) }
  return UNSIGNED_TEMP.some((pattern) => pattern.test(name)) ? null : undefined
}
