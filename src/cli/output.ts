import { AppError, toErrorData, type AppErrorCode } from '../shared/errors'
import type { Language } from '../shared/settings'
import { CliError, englishMessage, localizedMessage } from './errors'
import { cliLabels, type CliNumbers } from './labels'

/** Documented exit codes. 70: an internal error (EX_SOFTWARE), see internal-error.ts. */
export const EXIT = { ok: 0, service: 1, usage: 2, credential: 3, network: 4, io: 5, internal: 70 } as const

const BY_CODE: Partial<Record<AppErrorCode, number>> = {
  credential_invalid: EXIT.credential,
  scope_missing: EXIT.credential,
  needs_sign_in: EXIT.credential,
  not_signed_in: EXIT.credential,
  network: EXIT.network,
  timeout: EXIT.network,
  io: EXIT.io,
  invalid_input: EXIT.usage
}

const STATE_CODES = new Set<AppErrorCode>(['no_cloud_save', 'quota_exceeded'])

export function exitCodeFor(error: AppError): number {
  return BY_CODE[error.code] ?? EXIT.service
}

/** Whether a JSON document already went to stdout: `--json` prints exactly one, whatever happens after. */
let answered = false
export const jsonAnswered = () => answered

export interface Printer {
  json: boolean
  quiet: boolean
  data(value: unknown, human: () => string): void
  fail(error: unknown): number
  info(line: string): void
}

export interface PrinterOptions {
  json: boolean
  quiet: boolean
  /** With --verbose, an error said in another language than English is followed by the app's English detail. */
  verbose: boolean
  language: Language
}

/** Everything the CLI prints passes `redact`, so a server that echoes a credential cannot put it on screen or in cron mail. */
export function printer(o: PrinterOptions, redact: (text: string) => string): Printer {
  const out = (text: string) => {
    if (o.json) answered = true
    process.stdout.write(redact(text))
  }
  const err = (text: string) => process.stderr.write(redact(text))
  const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim()
  return {
    json: o.json,
    quiet: o.quiet,
    data(value, human) {
      out(o.json ? `${JSON.stringify(value)}\n` : `${human()}\n`)
    },
    info(line) {
      if (!o.quiet) err(`${line}\n`)
    },
    fail(error) {
      const app = error instanceof AppError ? error : new AppError(toErrorData(error))
      const status = app.data.status ?? null
      // A state the app names itself (no cloud save yet, the day's downloads spent) keeps its own code whatever the service called it.
      const ownCode = STATE_CODES.has(app.code)
      const code = ownCode ? app.code : (app.data.serviceCode ?? app.code)
      // --json is a public interface: its message is the English one it always was, whatever --lang says.
      const message = ownCode ? app.message : englishMessage(app)
      const spent = app.data.details?.downloadsSpent
      const extra = typeof spent === 'number' ? { downloadsSpent: spent } : {}
      if (o.json) out(`${JSON.stringify({ error: { code, status, message, ...extra } })}\n`)
      err(`companion: ${oneLine(o.language === 'en' ? message : localizedMessage(app, o.language))}\n`)
      if (o.verbose && o.language !== 'en' && !(app instanceof CliError))
        err(`companion: ${oneLine(cliLabels(o.language).failure.detail(message))}\n`)
      return exitCodeFor(app)
    }
  }
}

/** East Asian wide and fullwidth characters (Han, kana, Hangul, CJK punctuation, fullwidth forms) take two terminal columns. */
const WIDE = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}\u3000-\u303f\uff01-\uff60\uffe0-\uffe6]/u

/** How many terminal columns a text takes. */
export function displayWidth(text: string): number {
  let width = 0
  for (const c of text) width += WIDE.test(c) ? 2 : 1
  return width
}

/** A plain text table: columns padded to the widest cell, in terminal columns. */
export function table(headers: string[], rows: (string | number | null | undefined)[][]): string {
  const cells = [headers, ...rows.map((r) => r.map((c) => (c === null || c === undefined ? '—' : String(c))))]
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => displayWidth(r[i] ?? ''))))
  return cells
    .map((r) =>
      r
        .map((c, i) => c + ' '.repeat(widths[i]! - displayWidth(c)))
        .join('  ')
        .trimEnd()
    )
    .join('\n')
}

/** A download's progress on one terminal line, its numbers as the --lang language writes them. */
export function progressBar(received: number, total: number | null, rate: number, numbers: CliNumbers): string {
  const width = 30
  const ratio = total ? Math.min(1, received / total) : 0
  const filled = Math.round(ratio * width)
  const mib = (n: number) => numbers.decimal(n / 1024 / 1024, 1)
  const bar = `${'#'.repeat(filled)}${'.'.repeat(width - filled)}`
  const percent = total ? numbers.percent(Math.round(ratio * 100), 0) : ''
  return `\r[${bar}] ${percent} ${mib(received)}${total ? `/${mib(total)}` : ''} MiB ${mib(rate)} MiB/s`
}
