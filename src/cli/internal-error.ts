import { appendFileSync, mkdirSync, renameSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describeFailure } from '../shared/errors'
import type { Language } from '../shared/settings'
import { cliLabels, type CliLabels } from './labels'
import { EXIT } from './output'

/**
 * The CLI's last line of defence: a failure the code did not expect (an uncaught exception, an
 * unhandled rejection, an action that threw something that is not an AppError) never shows a stack
 * trace. The player reads one line that says what happened and where the log is; the stack goes to
 * that log, redacted; the exit code is 70 (EX_SOFTWARE, "internal error").
 */
export interface InternalErrorDeps {
  /** The CLI's data folder; the log goes in its `logs/`, or in the OS temp folder when that cannot be written. */
  dataDir: () => string
  json: () => boolean
  /** A JSON document is already on stdout (the command's answer): no second one. */
  answered: () => boolean
  redact: (text: string) => string
  /** The --lang language the line on stderr is said in (the JSON document's message is English). */
  language: () => Language
  version: string
  stdout: (text: string) => void
  stderr: (text: string) => void
  now?: () => Date
}

/** A log past this size is set aside as `cli.log.1` (the one before is dropped): two files at most. */
const LOG_MAX_BYTES = 1024 * 1024

/** Everything known of the failure, for the log: the stack and each cause's stack. */
function details(error: unknown): string {
  const parts: string[] = []
  let current: unknown = error
  for (let depth = 0; current !== undefined && depth < 5; depth++) {
    parts.push(
      current instanceof Error
        ? (current.stack ?? `${current.name}: ${current.message}`)
        : `thrown value: ${(() => {
            try {
              return JSON.stringify(current)
            } catch {
              return String(current)
            }
          })()}`
    )
    current = current instanceof Error ? current.cause : undefined
    if (current !== undefined) parts.push('caused by:')
  }
  return parts.join('\n')
}

function append(path: string, text: string): void {
  try {
    if (statSync(path).size > LOG_MAX_BYTES) renameSync(path, `${path}.1`)
  } catch {
    // No log yet.
  }
  appendFileSync(path, text, { mode: 0o600 })
}

/** Writes the entry to the data folder's log, or to the temp folder's; returns the path written, or null. */
export function writeInternalLog(deps: InternalErrorDeps, kind: string, error: unknown): string | null {
  const now = (deps.now ?? (() => new Date()))().toISOString()
  const argv = process.argv.slice(2).join(' ')
  const entry = deps.redact(
    `${now} companion ${deps.version} (node ${process.version}, ${process.platform}) ${kind}\n` +
      `command: companion ${argv}\n${details(error)}\n\n`
  )
  const candidates = [
    () => {
      const dir = join(deps.dataDir(), 'logs')
      mkdirSync(dir, { recursive: true, mode: 0o700 })
      return join(dir, 'cli.log')
    },
    () => join(tmpdir(), 'game-account-companion-cli.log')
  ]
  for (const candidate of candidates) {
    try {
      const path = candidate()
      append(path, entry)
      return path
    } catch {
      // The next place.
    }
  }
  return null
}

/** Logs the failure and prints the one line (and the JSON document under --json); returns exit code 70. */
export function reportInternalError(deps: InternalErrorDeps, kind: string, error: unknown): number {
  const what = deps.redact(describeFailure(error))
  const log = writeInternalLog(deps, kind, error)
  const said = (labels: CliLabels) => (log ? labels.failure.internal(what, log) : labels.failure.internalNoLog(what))
  const message = said(cliLabels('en'))
  if (deps.json() && !deps.answered()) deps.stdout(`${JSON.stringify({ error: { code: 'internal', status: null, message, log } })}\n`)
  deps.stderr(`companion: ${said(cliLabels(deps.language()))}\n`)
  return EXIT.internal
}

/**
 * Catches what escapes everything else. An uncaught exception leaves the process in an unknown state,
 * so it ends at once; so does an unhandled rejection (a CLI run has nothing to go on with). Reported once.
 */
export function installLastLineOfDefence(deps: InternalErrorDeps): void {
  let reported = false
  const end = (kind: string) => (error: unknown) => {
    if (!reported) {
      reported = true
      try {
        process.exitCode = reportInternalError(deps, kind, error)
      } catch {
        process.exitCode = EXIT.internal
      }
    }
    process.exit(EXIT.internal)
  }
  process.on('uncaughtException', end('uncaught exception'))
  process.on('unhandledRejection', end('unhandled rejection'))
}

/**
 * A planted fault, for the tests of this last line of defence (documented in docs/robustness.md):
 * COMPANION_PLANT_INTERNAL_ERROR=uncaught (thrown from a timer, outside every promise), =rejection
 * (a promise nobody handles) or =action (a TypeError inside the command). It only makes the command fail.
 */
export function plantedFault(env: NodeJS.ProcessEnv = process.env): void {
  const kind = env.COMPANION_PLANT_INTERNAL_ERROR
  if (kind === 'uncaught')
    setTimeout(() => {
      throw new TypeError("planted fault: Cannot read properties of undefined (reading 'uid')")
    }, 0)
  if (kind === 'rejection') void Promise.reject(new RangeError('planted fault: an unhandled rejection'))
  if (kind === 'action') throw new TypeError('planted fault: a command threw something that is not an AppError')
}
