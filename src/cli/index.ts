import { Command, CommanderError, InvalidArgumentError, Option } from 'commander'
import { readFileSync, writeSync } from 'node:fs'
import type { ScoreRecord } from '../shared/api'
import { accuracyPercent } from '../shared/records'
import type { ChartChange, RetentionPolicy, SaveChart } from '../shared/backups'
import { chartTitle, difficultyCode } from '../shared/charts'
import { AppError } from '../shared/errors'
import { plural } from '../shared/plural'
import { Language } from '../shared/settings'
import {
  backupFolders,
  createHeadless,
  createLocalGame,
  DEFAULT_BACKUP_DIR,
  defaultCliDataDir,
  redact,
  type ChartListInfo,
  type ChartInfo,
  type Headless
} from '../main/headless/headless'
import { cliLabels, cliNumbers } from './labels'
import { installLastLineOfDefence, plantedFault, reportInternalError, type InternalErrorDeps } from './internal-error'
import { EXIT, jsonAnswered, printer, progressBar, table } from './output'
import { CLI_COMMAND, playTable, realityLines, type PlayFormat } from './plays'
import { registerFolderCommands } from './folders'
import { listVersions, restoreCommand, type RestoreCliContext, type RestoreFlags } from './restore'
import { gapMinutes, sessionsText } from './sessions'

interface GlobalOptions {
  deployment: 'global' | 'china' | 'local'
  baseUrl?: string
  tokenFile?: string
  dataDir?: string
  lang: Language
  json: boolean
  quiet: boolean
  verbose: boolean
}

function appVersion(): string {
  try {
    return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version
  } catch {
    return '0.0.0'
  }
}

const version = appVersion()

const program = new Command()
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
    new Option('--lang <lang>', 'language of the tables and of service messages (Accept-Language)').choices(Language.options).default('en')
  )
  .option('--json', 'print exactly one JSON document on stdout', false)
  .option('--quiet', 'no progress or notes on stderr', false)
  .option('--verbose', 'print each request (method, host, path, status) on stderr; never credentials', false)
  .showHelpAfterError()
  .exitOverride()

const options = () => program.opts<GlobalOptions>()
const out = () => printer(options().json, options().quiet, redact)

/** Written before the process ends at once (process.stdout may be asynchronous, on a Windows pipe for one). */
const writeNow = (fd: 1 | 2, text: string) => {
  try {
    writeSync(fd, text)
  } catch {
    ;(fd === 1 ? process.stdout : process.stderr).write(text)
  }
}

/** What the last line of defence needs; the options as given so far (the raw argv before they are parsed). */
const internal: InternalErrorDeps = {
  dataDir: () => options().dataDir ?? defaultCliDataDir(),
  json: () => options().json || process.argv.includes('--json'),
  answered: jsonAnswered,
  redact,
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

function connect(): Headless {
  const o = options()
  return createHeadless({
    deployment: o.deployment,
    baseUrl: o.baseUrl,
    tokenFile: o.tokenFile,
    tokenFromEnv: process.env.COMPANION_USER_TOKEN,
    dataDir: o.dataDir,
    language: o.lang,
    version,
    onRequest: o.verbose ? (line) => process.stderr.write(`${redact(line)}\n`) : undefined
  })
}

/** Runs a command body, printing its error the documented way and setting the exit code. */
function action<A extends unknown[]>(body: (...args: A) => Promise<void>) {
  return async (...args: A) => {
    try {
      plantedFault()
      await body(...args)
    } catch (error) {
      process.exitCode = failed(error)
    }
  }
}

const count = (name: string, min: number) => (value: string) => {
  const n = Number(value)
  if (!Number.isInteger(n) || n < min) throw new InvalidArgumentError(`${name} must be a whole number of at least ${min}.`)
  return n
}

program
  .command('profile')
  .description('your profile (GET /v1/user); fields depend on the token scopes')
  .action(
    action(async () => {
      const profile = await connect().profile()
      out().data(profile, () => table(['field', 'value'], Object.entries(profile)))
    })
  )

program
  .command('user <identity>')
  .description('a public profile by username or UID:<uid>, without credentials')
  .action(
    action(async (identity: string) => {
      const profile = await connect().publicUser(identity)
      out().data(profile, () => table(['field', 'value'], Object.entries(profile)))
    })
  )

/** The chart list the CLI keeps (`charts import` / `charts update`); empty until one is imported. */
let chartList: ReadonlyMap<string, ChartInfo> | null = null
const charts = () => (chartList ??= connect().charts.list())

/** A chart for people: its title in the --lang reader's script and its difficulty code, or a short id. */
function chartText(chartId: string): string {
  const chart = charts().get(chartId)
  if (!chart) return `${chartId.slice(0, 8)}… (${labels().unknownChart})`
  const code = difficultyCode(chart.difficulty)
  const constant = chart.constant !== undefined ? ` ${numbers().plain(chart.constant)}` : ''
  return `${chartTitle(chart, options().lang)}${code ? ` [${code}${constant}]` : ''}`
}

/** A record for scripts: the service's fields as they are, with the chart list's title, difficulty and constant beside chart_id. */
function withChart<R extends { chart_id: string }>(record: R) {
  const chart = charts().get(record.chart_id)
  return { ...record, title: chart?.title ?? null, difficulty: chart?.difficulty ?? null, constant: chart?.constant ?? null }
}

const labels = () => cliLabels(options().lang)
const EXACT = ['--exact', 'Reality to 4 decimals and times in UTC, as the service sends them (default: as the game and the app show them)']
const playFormat = (opts: { exact?: boolean }): PlayFormat => ({ exact: opts.exact ?? false, language: options().lang })
const plays = (records: ScoreRecord[], f: PlayFormat) => playTable(records, chartText, labels(), f)
/** "1 chart", "2 charts": the CLI's own sentences are English (only its tables follow --lang). */
const chartCount = (count: number) => plural('en', count, { one: '{{count}} chart', other: '{{count}} charts' })
const numbers = () => cliNumbers(options().lang)

program
  .command('recent')
  .description('your recent scores (newest first, at most 20): Reality as in the game, local times')
  .option(EXACT[0]!, EXACT[1])
  .action(
    action(async (opts: { exact?: boolean }) => {
      const recent = await connect().recent()
      out().data({ ...recent, data: recent.data.map(withChart) }, () => plays(recent.data, playFormat(opts)))
    })
  )

const RANK_LISTS_NOT_READY =
  'The service has not finished the best-performance lists yet (asked again with pauses); ' +
  'the Reality values above are current. Try again in a minute.'

program
  .command('rank')
  .description('your Reality and best performances, touch and keyboard: Reality as in the game (2 decimals, cut), local times')
  .option(EXACT[0]!, EXACT[1])
  .action(
    action(async (opts: { exact?: boolean }) => {
      const f = playFormat(opts)
      const rank = await connect().rank()
      if (rank.listsReady === false) {
        // Never an empty list that is not empty: the values, and that the lists are not known yet (exit 1).
        const { touch_ranks: _touch, keyboard_ranks: _keyboard, ...values } = rank
        out().data({ ...values, touch_ranks: null, keyboard_ranks: null }, () =>
          [...realityLines(rank, labels(), f), RANK_LISTS_NOT_READY].join('\n')
        )
        process.exitCode = EXIT.service
        return
      }
      const doc = { ...rank, touch_ranks: rank.touch_ranks.map(withChart), keyboard_ranks: rank.keyboard_ranks.map(withChart) }
      const [touchLine, keyboardLine] = realityLines(rank, labels(), f)
      out().data(doc, () =>
        [touchLine, plays(rank.touch_ranks.slice(0, 20), f), '', keyboardLine, plays(rank.keyboard_ranks.slice(0, 20), f)].join('\n')
      )
    })
  )

program
  .command('save')
  .description('cloud save commands')
  .command('info')
  .description('cloud-save metadata (spends no download)')
  .action(
    action(async () => {
      const info = await connect().saveInfo()
      out().data(info, () =>
        table(
          ['field', 'value'],
          [
            ['updated_at', info.updated_at],
            ['size', info.size],
            ...Object.entries(info.meta ?? {}).map(([k, v]) => [`meta.${k}`, String(v)])
          ]
        )
      )
    })
  )

const REASONS: Record<string, string> = {
  first: 'the first backup of this account',
  changed: 'the cloud save changed',
  forced: 'asked with --force',
  'latest-damaged': 'the latest backup no longer matches its checksum (damaged)',
  'latest-missing': 'the latest backup file is missing',
  unchanged: 'the cloud save has not changed'
}

/** --keep-last/--keep-daily/--keep-weekly as a policy; none given: no retention. */
const retentionOf = (opts: { keepLast?: number; keepDaily?: number; keepWeekly?: number }): RetentionPolicy | null =>
  opts.keepLast === undefined && opts.keepDaily === undefined && opts.keepWeekly === undefined
    ? null
    : { keepLast: opts.keepLast ?? 1000, dailyForDays: opts.keepDaily ?? 0, weeklyForWeeks: opts.keepWeekly ?? 0 }

program
  .command('backup')
  .description(
    'one backup run: no download when the latest backup still holds the cloud save (unless --force); verified, atomic, ' +
      'resumable. Applies no retention unless --keep-last/--keep-daily/--keep-weekly is given; removed backups go to <dir>/.trash'
  )
  .option('--dir <dir>', 'backup folder', DEFAULT_BACKUP_DIR)
  .option('--force', 'download even when unchanged (spends one of the daily downloads)', false)
  .option(
    '--keep-last <n>',
    'after the run, keep only the newest N backups (plus daily/weekly ones and pinned ones)',
    count('--keep-last', 1)
  )
  .option('--keep-daily <days>', 'also keep the newest backup of each of the last D days', count('--keep-daily', 0))
  .option('--keep-weekly <weeks>', 'also keep the newest backup of each of the last W weeks', count('--keep-weekly', 0))
  .action(
    action(async (opts: { dir: string; force: boolean; keepLast?: number; keepDaily?: number; keepWeekly?: number }) => {
      const o = options()
      const retention = retentionOf(opts)
      const showProgress = process.stderr.isTTY && !o.quiet && !o.json
      const controller = new AbortController()
      process.once('SIGINT', () => controller.abort())
      const result = await connect().backup({
        dir: opts.dir,
        force: opts.force,
        retention,
        signal: controller.signal,
        onProgress: (p) => {
          if (showProgress && p.stage === 'waiting') process.stderr.write('Waiting for another backup of this account to finish…\n')
          if (showProgress && p.stage === 'downloading') process.stderr.write(progressBar(p.received, p.total, p.rate))
          if (showProgress && (p.stage === 'done' || p.stage === 'failed' || p.stage === 'cancelled')) process.stderr.write('\n')
        }
      })
      const doc = {
        status: result.status === 'up-to-date' ? 'up-to-date' : 'downloaded',
        file: result.path,
        sha256: result.sha256,
        size: result.size,
        format: result.format,
        reason: result.reason,
        downloadsSpent: result.downloadsSpent,
        resumedBytes: result.resumedBytes,
        removedByRetention: result.removedByRetention
      }
      out().data(doc, () => {
        if (result.status === 'up-to-date')
          return `Up to date: the cloud save has not changed and the latest backup still matches it; no download used.\n${doc.file ?? ''}`
        const lines = [
          `Saved ${doc.file} (${doc.size} bytes, ${doc.format}, sha256 ${doc.sha256})`,
          `Why: ${REASONS[result.reason] ?? result.reason}. Downloads used: ${result.downloadsSpent}.`
        ]
        if (result.resumedBytes > 0) lines.push(`Continued an interrupted download (${result.resumedBytes} bytes reused).`)
        if (result.removedByRetention.length)
          lines.push(
            plural('en', result.removedByRetention.length, {
              one: `Retention moved {{count}} older backup to ${opts.dir}/.trash.`,
              other: `Retention moved {{count}} older backups to ${opts.dir}/.trash.`
            })
          )
        return lines.join('\n')
      })
    })
  )

const backups = program.command('backups').description('the backup library')

backups
  .command('list')
  .option('--dir <dir>', 'backup folder', DEFAULT_BACKUP_DIR)
  .description('backups of this account, newest first (and save files without a manifest)')
  .action(
    action(async (opts: { dir: string }) => {
      const library = await connect().library(opts.dir)
      const { entries, unindexed, problems } = library
      out().data(entries, () => {
        const lines = [
          entries.length
            ? table(
                ['backed_up_at', 'cloud_updated_at', 'size', 'format', 'pinned', 'file'],
                entries.map((e) => [e.backedUpAt, e.updatedAt, e.size, e.format, e.pinned ? 'yes' : '', e.path])
              )
            : 'No backups yet.'
        ]
        for (const u of unindexed)
          lines.push(`Unindexed save file: ${u.name} (${u.size} bytes; index it with: ${CLI_COMMAND} backups index '${u.name}')`)
        for (const p of problems) lines.push(`Ignored ${p.name}: ${p.message}`)
        return lines.join('\n')
      })
      if (options().json) for (const u of unindexed) out().info(`unindexed save file: ${u.name}`)
    })
  )

backups
  .command('verify')
  .option('--dir <dir>', 'backup folder', DEFAULT_BACKUP_DIR)
  .description(
    're-hash every backup against its manifest (exit 5 when any is damaged or missing; a read-only archive is checked without writing)'
  )
  .action(
    action(async (opts: { dir: string }) => {
      const report = await connect().verify(opts.dir)
      const doc = report.entries.map((e) => ({
        id: e.id,
        backedUpAt: e.backedUpAt,
        file: e.path,
        size: e.size,
        sha256: e.sha256,
        state: e.verifyStatus,
        recorded: report.recorded
      }))
      out().data(doc, () =>
        doc.length
          ? table(
              ['backed_up_at', 'state', 'file'],
              doc.map((d) => [d.backedUpAt, d.state, d.file])
            ) + (report.recorded ? '' : '\n(The archive is read-only: results were not recorded.)')
          : 'No backups yet.'
      )
      if (doc.some((d) => d.state !== 'ok')) process.exitCode = EXIT.io
    })
  )

const changeLine = (c: ChartChange) => {
  const name = chartText(c.chart_id)
  const before = c.before ? `${c.before.score} ${c.before.grade}` : 'new'
  const flags = [c.after.fullCombo && !c.before?.fullCombo ? 'FC' : '', c.after.allPerfect && !c.before?.allPerfect ? 'AP' : '']
    .filter(Boolean)
    .join(' ')
  return `  ${name}: ${before} → ${c.after.score} ${c.after.grade}${flags ? ` (${flags} gained)` : ''}`
}

backups
  .command('diff [from] [to]')
  .option('--dir <dir>', 'backup folder', DEFAULT_BACKUP_DIR)
  .description('what changed between two backups (ids or file names; default: the latest against the one before it)')
  .action(
    action(async (from: string | undefined, to: string | undefined, opts: { dir: string }) => {
      const diff = await connect().diff(opts.dir, from ?? null, to ?? null)
      out().data(diff, () => {
        const lines = [`From ${diff.from.backedUpAt} to ${diff.to.backedUpAt}:`]
        lines.push(`New charts: ${diff.added.length}`, ...diff.added.map(changeLine))
        lines.push(`Improved: ${diff.improved.length}`, ...diff.improved.map(changeLine))
        if (diff.lowered.length) lines.push(`Lower than before: ${diff.lowered.length}`, ...diff.lowered.map(changeLine))
        if (diff.reality.change !== null)
          lines.push(
            `Reality: ${diff.reality.before?.toFixed(4)} → ${diff.reality.after?.toFixed(4)} ` +
              `(${diff.reality.change >= 0 ? '+' : ''}${diff.reality.change.toFixed(4)})`
          )
        return lines.join('\n')
      })
    })
  )

const bestLine = (b: SaveChart) =>
  `  ${chartText(b.chart_id)}: ${b.score} ${b.grade}${b.reality !== null ? ` (${b.reality.toFixed(3)})` : ''}`

backups
  .command('summary [backup]')
  .option('--dir <dir>', 'backup folder', DEFAULT_BACKUP_DIR)
  .description('what a backup holds (default: the latest): charts, grades, best charts and the Reality they imply from the chart list')
  .action(
    action(async (ref: string | undefined, opts: { dir: string }) => {
      const summary = await connect().summary(opts.dir, ref ?? null)
      out().data(summary, () => {
        const unrated = summary.charts - summary.ratedCharts
        const reality = summary.reality === null ? 'unknown' : summary.reality.toFixed(4)
        return [
          `${chartCount(summary.charts)} (${summary.layout}); Reality computed from the save: ${reality}` +
            (unrated > 0 ? ` (${chartCount(unrated)} without a known constant; import a chart list: ${CLI_COMMAND} charts update)` : ''),
          'Best charts:',
          ...summary.best.map(bestLine)
        ].join('\n')
      })
    })
  )

backups
  .command('index <file>')
  .option('--dir <dir>', 'backup folder', DEFAULT_BACKUP_DIR)
  .description('write a manifest for a save file in the account folder that has none')
  .action(
    action(async (file: string, opts: { dir: string }) => {
      const result = await connect().index(opts.dir, file)
      out().data(result, () => `Indexed as ${result.id}.`)
    })
  )

const chartsCommand = program
  .command('charts')
  .description('the chart list that names charts (song titles, difficulties, constants): kept in --data-dir')

const statusText = (info: ChartListInfo) => {
  const lines = [
    info.count
      ? `${chartCount(info.count)} (${info.format}) from ${info.origin ?? 'an unknown source'}, updated ${info.updatedAt}.`
      : `No chart list yet: charts show as short ids. Run: ${CLI_COMMAND} charts update   (or: ${CLI_COMMAND} charts import FILE)`
  ]
  const change = info.count ? info.lastChange : null
  if (change) lines.push(`Last update: ${change.added} added, ${change.removed} removed, ${change.constantsChanged} constants changed.`)
  if (info.skipped)
    lines.push(
      plural('en', info.skipped, {
        one: '{{count}} entry without a usable chart id was left out.',
        other: '{{count}} entries without a usable chart id were left out.'
      })
    )
  lines.push(`Update address: ${info.url ?? 'none'}`)
  if (info.lastError) lines.push(`Last update failed: ${info.lastError.message}`)
  return lines.join('\n')
}

chartsCommand
  .command('status')
  .description('the chart list kept: where it came from, how many charts, what the last update changed')
  .action(
    action(async () => {
      const info = await connect().charts.status()
      out().data(info, () => statusText(info))
    })
  )

chartsCommand
  .command('import <file>')
  .description('read a chart list file: the community\'s resources.json, its constant.js (read as data, never run), or {"charts": […]}')
  .action(
    action(async (file: string) => {
      const info = await connect().charts.import(file)
      out().data(info, () => statusText(info))
    })
  )

chartsCommand
  .command('update')
  .option('--url <url>', 'update from this address from now on (https; http only for 127.0.0.1)')
  .description('fetch the chart list from its address (the community list by default); nothing is sent until you run this')
  .action(
    action(async (opts: { url?: string }) => {
      const info = await connect().charts.update(opts.url)
      out().data(info, () => statusText(info))
    })
  )

const local = program
  .command('local')
  .description(
    "the game's own save on this computer (saves.db, data.db): no credential and no network. Looked for in the game's usual " +
      'data folder for this system, or in --game-dir'
  )

const gameDirOption = () =>
  new Option('--game-dir <dir>', "the game's data folder (e.g. a phone's copied over), instead of the usual place")

local
  .command('status')
  .description("where the game's data folder is and its files (sizes, last changes)")
  .addOption(gameDirOption())
  .action(
    action(async (opts: { gameDir?: string }) => {
      const status = await createLocalGame({ gameDir: opts.gameDir, version }).status()
      out().data(status, () =>
        status.folder
          ? [
              `Game folder: ${status.folder}${status.chosen ? ' (chosen)' : ''}`,
              table(
                ['file', 'size', 'changed'],
                status.files.map((f) => [f.name, f.size, f.modifiedAt])
              )
            ].join('\n')
          : [
              "The game's save was not found. Looked in:",
              ...status.searched.map((s) => `  ${s}`),
              "Point --game-dir at the game's data folder."
            ].join('\n')
      )
      if (!status.folder) process.exitCode = EXIT.service
    })
  )

local
  .command('backup')
  .description(
    'back up the local save (saves.db with its data.db) into the backup library as a "This computer" version; ' +
      'nothing is written when the latest version holds the same bytes'
  )
  .option('--dir <dir>', 'backup folder', DEFAULT_BACKUP_DIR)
  .addOption(gameDirOption())
  .option(
    '--keep-last <n>',
    'after the run, keep only the newest N local versions (plus daily/weekly and pinned ones)',
    count('--keep-last', 1)
  )
  .option('--keep-daily <days>', 'also keep the newest version of each of the last D days', count('--keep-daily', 0))
  .option('--keep-weekly <weeks>', 'also keep the newest version of each of the last W weeks', count('--keep-weekly', 0))
  .action(
    action(async (opts: { dir: string; gameDir?: string; keepLast?: number; keepDaily?: number; keepWeekly?: number }) => {
      const controller = new AbortController()
      process.once('SIGINT', () => controller.abort())
      const result = await createLocalGame({ gameDir: opts.gameDir, version }).backup(opts.dir, retentionOf(opts), controller.signal)
      out().data(result, () =>
        result.status === 'up-to-date'
          ? `Up to date: the latest local version holds these exact bytes; nothing was written.\n${result.path ?? ''}`
          : [
              `Saved ${result.path} (${result.size} bytes, sha256 ${result.sha256})` +
                (result.method === 'online-backup' ? ", as SQLite's own snapshot (the game was writing)" : ''),
              ...result.parts.map((p) => `  with ${p.role}: ${result.folder}/${p.file} (${p.size} bytes, sha256 ${p.sha256})`)
            ].join('\n')
      )
    })
  )

local
  .command('plays')
  .description('every play the game kept in data.db, newest first')
  .addOption(gameDirOption())
  .option('--file <data.db>', "read this data.db instead (e.g. a phone's, copied over)")
  .action(
    action(async (opts: { gameDir?: string; file?: string }) => {
      const plays = await createLocalGame({ gameDir: opts.gameDir, version }).plays(opts.file ?? null)
      out().data(plays, () =>
        [
          `${plural('en', plays.plays.length, { one: '{{count}} play', other: '{{count}} plays' })} in ${plays.file}` +
            (plays.skipped ? ` (${plural('en', plays.skipped, { one: '{{count}} row', other: '{{count}} rows' })} could not be read)` : ''),
          table(
            labels().columns,
            plays.plays.map((p) => [
              p.played_at,
              chartText(p.chart_id),
              p.grade,
              p.score,
              p.score_accuracy === null ? null : numbers().percent(accuracyPercent(p.score_accuracy)),
              p.reality === null ? null : numbers().decimal(p.reality, 3),
              p.mode && labels()[p.mode]
            ])
          )
        ].join('\n')
      )
      if (plays.plays.length === 0) process.exitCode = EXIT.service
    })
  )

local
  .command('sessions')
  .description(
    'sessions of the plays data.db kept, oldest first: a new one begins after more than --gap minutes without a play; ' +
      'plays without a usable time are left out and counted'
  )
  .addOption(gameDirOption().conflicts('file'))
  .option('--file <data.db>', "read this data.db instead (e.g. a phone's, copied over)")
  .option('--gap <minutes>', 'minutes without a play that end a session (30 to 360)', gapMinutes, 120)
  .option('--player <name or id>', 'whose plays, when data.db holds more than one player')
  .action(
    action(async (opts: { gameDir?: string; file?: string; gap: number; player?: string }) => {
      const chart = (id: string) => {
        const found = charts().get(id)
        return found ? { title: found.title, difficulty: found.difficulty ?? null } : undefined
      }
      const result = await createLocalGame({ gameDir: opts.gameDir, version }).sessions(opts.file ?? null, {
        gapMinutes: opts.gap,
        player: opts.player ?? null,
        chart
      })
      out().data(result.sessions, () => sessionsText(result, opts.gap, labels(), chartText))
      if (options().json && result.untimed) out().info(labels().sessions.untimed(result.untimed))
      if (result.sessions.length === 0) process.exitCode = EXIT.service
    })
  )

local
  .command('diff')
  .description('the local save against the latest cloud backup of the same player in --dir (spends no download)')
  .option('--dir <dir>', 'backup folder', DEFAULT_BACKUP_DIR)
  .addOption(gameDirOption())
  .action(
    action(async (opts: { dir: string; gameDir?: string }) => {
      const diff = await createLocalGame({ gameDir: opts.gameDir, version }).diff(opts.dir)
      out().data(diff, () => {
        const lines = [diff.message]
        if (diff.cloud) lines.push(`Against the cloud backup of ${diff.cloud.updatedAt} (${diff.cloud.backupId}).`)
        lines.push(`Better on this computer: ${diff.betterLocally.length}`, ...diff.betterLocally.map(changeLine))
        lines.push(`Only on this computer: ${diff.onlyLocal.length}`, ...diff.onlyLocal.map(changeLine))
        lines.push(`Better in the cloud: ${diff.betterInCloud.length}`, ...diff.betterInCloud.map(changeLine))
        lines.push(`Only in the cloud: ${diff.onlyInCloud.length}`, ...diff.onlyInCloud.map(changeLine))
        const reality = (r: number | null) => (r === null ? 'unknown (no chart constants)' : r.toFixed(4))
        lines.push(`Reality: this computer ${reality(diff.local.reality)}, cloud ${diff.cloud ? reality(diff.cloud.reality) : '—'}`)
        return lines.join('\n')
      })
      if (diff.verdict === 'no-cloud') process.exitCode = EXIT.service
    })
  )

// Folders (#43): progress per level, difficulty and song pack, from a backup's save or the game's own files.
registerFolderCommands({
  backups,
  local,
  gameDirOption,
  defaultDir: DEFAULT_BACKUP_DIR,
  charts,
  labels,
  out,
  action,
  backupFolders,
  localFolders: (gameDir, list, by) => createLocalGame({ gameDir, version }).folders(list, by)
})

// #40: "This computer" versions, and putting a version back into the game's folder (the logic is in restore.ts).
const restoreContext = (): RestoreCliContext => ({ out, lang: options().lang, version, charts, connect, chartText })

local
  .command('versions')
  .description('the "This computer" versions in the backup library, newest first (id, time, player, size, pinned, note)')
  .option('--dir <dir>', 'backup folder', DEFAULT_BACKUP_DIR)
  .action(action(async (opts: { dir: string }) => listVersions(opts, restoreContext())))

local
  .command('restore [backup]')
  .description(
    'put a library version back into the game folder (<backup>: an id from local versions or backups list, or a save file in ' +
      'the library). Refused while Milthm runs; the save there is kept first as a pinned version; exit 0 restored/exported/dry run, ' +
      '1 refused, 2 usage, 5 I/O or verification failure (the save that was there is back in place)'
  )
  .option('--dir <dir>', 'backup folder', DEFAULT_BACKUP_DIR)
  .addOption(gameDirOption())
  .option('--to <dir>', 'export the restored saves.db (and data.db) into this folder instead; nothing there is overwritten')
  .option('--dry-run', 'show what would change and write nothing', false)
  .option('--yes', 'restore without asking (needed when there is no terminal)', false)
  .option('--allow-downgrade', 'restore even when bests would go down or be lost, or the save is older', false)
  .option('--allow-other-player', "restore another player's save", false)
  .option('--with-plays', "replace the play history (data.db) with the version's too", false)
  .option('--undo', 'put back the save the last restore replaced', false)
  .action(
    action(async (ref: string | undefined, opts: RestoreFlags) => {
      process.exitCode = await restoreCommand(ref, opts, restoreContext())
    })
  )

program
  .command('nickname <new>')
  .description('change your nickname (needs the "user" scope); every submission uses one change opportunity')
  .option('--yes', 'confirm that this uses one change opportunity, even if it fails', false)
  .action(
    action(async (nickname: string, opts: { yes: boolean }) => {
      if (!opts.yes)
        throw AppError.of(
          'invalid_input',
          'Every submission uses one nickname change opportunity, even a failed ' +
            'one (one comes back every 15 days 12 hours). Add --yes to go ahead.'
        )
      if (!nickname.trim()) throw AppError.of('invalid_input', 'The nickname must not be empty.')
      const result = await connect().changeNickname(nickname)
      out().data(
        result,
        () =>
          `Nickname changed to ${result.nickname ?? nickname.trim()}.` +
          (result.nextRecovery ? ` The next opportunity is expected back at ${result.nextRecovery}.` : '')
      )
    })
  )

try {
  await program.parseAsync(process.argv)
} catch (error) {
  if (error instanceof CommanderError) {
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help')
      process.exitCode = EXIT.ok
    else {
      if (options().json)
        process.stdout.write(`${JSON.stringify({ error: { code: 'usage', status: null, message: redact(error.message) } })}\n`)
      process.exitCode = EXIT.usage
    }
  } else {
    process.exitCode = failed(error)
  }
}
