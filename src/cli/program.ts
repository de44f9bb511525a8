import { Command, CommanderError, Option } from 'commander'
import { readFileSync, writeSync } from 'node:fs'
import { AppError } from '../shared/errors'
import { Language } from '../shared/settings'
import type { ChartInfo } from '../shared/data'
import { createHeadless, defaultCliDataDir, redact, type Headless } from '../main/headless/headless'
import { installLastLineOfDefence, plantedFault, reportInternalError, type InternalErrorDeps } from './internal-error'
import { cliLabels, cliNumbers, type CliLabels } from './labels'
import { argvLanguage } from './options'
import { EXIT, jsonAnswered, printer, type Printer } from './output'
import { timeText } from './render'

export interface GlobalOptions {
  deployment: 'global' | 'china' | 'local'
  baseUrl?: string
  tokenFile?: string
  dataDir?: string
  lang: Language
  json: boolean
  quiet: boolean
  verbose: boolean
}

/** What every command group is registered with: the program, its global options, the connection and the action wrapper. */
export interface Cli {
  program: Command
  version: string
  options(): GlobalOptions
  out(): Printer
  /** Runs a command body, printing its error the documented way and setting the exit code. */
  action<A extends unknown[]>(body: (...args: A) => Promise<void>): (...args: A) => Promise<void>
  /** The headless services, with the global options' deployment and credential: one core for the command, built on first use. */
  connect(): Headless
  /** The chart list the CLI keeps (`charts import` / `charts update`); empty until one is imported. */
  charts(): ReadonlyMap<string, ChartInfo>
  labels(): CliLabels
  numbers(): ReturnType<typeof cliNumbers>
  /** A time for a table or a line: in this computer's time zone and the --lang language's date format (render.ts). */
  time(value: string): string
}

function appVersion(): string {
  try {
    return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version
  } catch {
    return '0.0.0'
  }
}

/** Written before the process ends at once (process.stdout may be asynchronous, on a Windows pipe for one). */
const writeNow = (fd: 1 | 2, text: string) => {
  try {
    writeSync(fd, text)
  } catch {
    ;(fd === 1 ? process.stdout : process.stderr).write(text)
  }
}

/** `companion` with its global options. */
function globalProgram(version: string): Command {
  return new Command()
    .name('companion')
    .description(
      'Game Account Companion for scripts: read your Milkloud account and back up your cloud ' +
        'save.\nCredential: COMPANION_USER_TOKEN or --token-file (a User Token from your account page).'
    )
    .version(version)
    .addOption(new Option('--deployment <name>', 'deployment to use').choices(['global', 'china', 'local']).default('global'))
    .option('--base-url <url>', 'any {base_url} of the service (https; http only for 127.0.0.1; overrides --deployment)')
    .option('--token-file <path>', 'read the User Token from this file (yours, mode 600, not a link)')
    .option('--data-dir <dir>', 'where the CLI keeps its own records (nickname submissions)')
    .addOption(
      new Option('--lang <lang>', 'language of the tables, messages and errors (and Accept-Language)')
        .choices(Language.options)
        .default('en')
    )
    .option('--json', 'print exactly one JSON document on stdout', false)
    .option('--quiet', 'no progress or notes on stderr', false)
    .option('--verbose', 'print each request (method, host, path, status) on stderr; never credentials', false)
    .showHelpAfterError()
    .exitOverride()
}

/** The program with its global options, and what the commands share; installs the last line of defence. */
export function createCli(): Cli & { failed(error: unknown): number } {
  const version = appVersion()
  const program = globalProgram(version)

  const options = () => program.opts<GlobalOptions>()
  const out = () => {
    const o = options()
    return printer({ json: o.json, quiet: o.quiet, verbose: o.verbose, language: o.lang }, redact)
  }

  /** What the last line of defence needs; the options as given so far (the raw argv before they are parsed). */
  const internal: InternalErrorDeps = {
    dataDir: () => options().dataDir ?? defaultCliDataDir(),
    json: () => options().json || process.argv.includes('--json'),
    answered: jsonAnswered,
    redact,
    language: () => argvLanguage(process.argv),
    version,
    stdout: (text) => writeNow(1, text),
    stderr: (text) => writeNow(2, text)
  }
  installLastLineOfDefence(internal)

  /** An AppError is an answer (its documented exit code); anything else is a defect: exit 70, the stack in the log. */
  const failed = (error: unknown): number =>
    error instanceof AppError || (error instanceof Error && error.name === 'AbortError')
      ? out().fail(error)
      : reportInternalError(internal, 'error in a command', error)

  let connected: Headless | null = null
  const connect = (): Headless => {
    if (connected) return connected
    const o = options()
    return (connected = createHeadless({
      deployment: o.deployment,
      baseUrl: o.baseUrl,
      tokenFile: o.tokenFile,
      tokenFromEnv: process.env.COMPANION_USER_TOKEN,
      dataDir: o.dataDir,
      language: o.lang,
      version,
      onRequest: o.verbose ? (line) => process.stderr.write(`${redact(line)}\n`) : undefined
    }))
  }

  const action =
    <A extends unknown[]>(body: (...args: A) => Promise<void>) =>
    async (...args: A) => {
      try {
        plantedFault()
        await body(...args)
      } catch (error) {
        process.exitCode = failed(error)
      }
    }

  let chartList: ReadonlyMap<string, ChartInfo> | null = null
  return {
    program,
    version,
    options,
    out,
    action,
    connect,
    failed,
    charts: () => (chartList ??= connect().core.modules.chartList.charts()),
    labels: () => cliLabels(options().lang),
    numbers: () => cliNumbers(options().lang),
    time: (value) => timeText(value, options().lang)
  }
}

/** Ctrl-C stops the running work (a backup stops cleanly and says so) instead of killing the process. */
export function abortOnInterrupt(): AbortSignal {
  const controller = new AbortController()
  process.once('SIGINT', () => controller.abort())
  return controller.signal
}

/** Parses the command line and runs the command; usage errors exit 2 (with one JSON document under --json). */
export async function run(cli: Cli & { failed(error: unknown): number }, argv: string[]): Promise<void> {
  try {
    await cli.program.parseAsync(argv)
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help')
        process.exitCode = EXIT.ok
      else {
        if (cli.options().json)
          process.stdout.write(`${JSON.stringify({ error: { code: 'usage', status: null, message: redact(error.message) } })}\n`)
        process.exitCode = EXIT.usage
      }
    } else {
      process.exitCode = cli.failed(error)
    }
  }
}
