import type { Command } from 'commander'
import { createInterface } from 'node:readline/promises'
import type { ChartMove, RestoreReport, SavePlayer } from '../../shared/restore'
import { difficultyCode } from '../../shared/charts'
import type { KeptReason } from '../../shared/backups'
import { CliError } from '../errors'
import type { Language } from '../../shared/settings'
import type { ChartInfo } from '../../shared/data'
import type { Headless } from '../../main/headless/headless'
import { cliLabels, cliNumbers, restoreLabels } from '../labels'
import { BACKUP_FORMS, dirOption, gameDirOption } from '../options'
import { EXIT, table, type Printer } from '../output'
import type { Cli } from '../program'
import { chartText, STAR, timeText } from '../render'

/** What the restore commands take from the CLI around them. */
export interface RestoreCliContext {
  out: () => Printer
  lang: Language
  version: string
  charts: () => ReadonlyMap<string, ChartInfo>
  /** The signed-in account (a cloud backup named by id must be its own). */
  connect: () => Headless
  /** Names a chart for people (title and difficulty from the chart list). */
  chartText: (chartId: string) => string
  /** --verbose: the app's English detail of a refusal or failure too, in a language other than English. */
  verbose?: boolean
}

export interface RestoreFlags {
  dir: string
  gameDir?: string
  to?: string
  dryRun: boolean
  yes: boolean
  allowDowngrade: boolean
  allowOtherPlayer: boolean
  withPlays: boolean
  undo: boolean
}

/** `companion local versions`: every "This computer" version in the library. */
export async function listVersions(opts: { dir: string }, ctx: RestoreCliContext): Promise<void> {
  const versions = await ctx.connect().restore(opts.dir).versions()
  const labels = cliLabels(ctx.lang)
  const text = labels.restore
  ctx.out().data(versions, () =>
    versions.length
      ? table(
          text.versionColumns,
          versions.map((v) => [
            v.id,
            timeText(v.time, ctx.lang),
            v.player,
            cliNumbers(ctx.lang).mib(v.size, 2),
            v.pinned ? text.yes : '',
            v.starred ? STAR : '',
            v.reason ? keptText(ctx.lang, v.reason) : v.note
          ])
        )
      : text.noVersions(opts.dir)
  )
}

/** Why the app kept a version by itself, in the --lang words (`--json` keeps the English note it always had). */
function keptText(lang: Language, reason: KeptReason): string {
  const { kept } = cliLabels(lang)
  const { source, backedUpAt } = reason.version
  const undo = reason.kind === 'before-undo'
  if (!source || !backedUpAt) return undo ? kept.undoUnknown : kept.restoreUnknown
  const worded = source === 'cloud' ? (undo ? kept.undoCloud : kept.restoreCloud) : undo ? kept.undoComputer : kept.restoreComputer
  return worded(timeText(backedUpAt, lang))
}

/** A chart the preview names: as the chart list names it for the --lang reader, else as the version's save does. */
const moveLine = (ctx: RestoreCliContext) => (m: ChartMove) => {
  const named = m.title && !ctx.charts().has(m.chart_id)
  const name = named ? `${m.title}${m.difficulty ? ` [${difficultyCode(m.difficulty)}]` : ''}` : ctx.chartText(m.chart_id)
  return `    ${name}: ${m.before ?? '—'} → ${m.after ?? '—'}`
}

/** Refusals whose detail is the app's English prose (not a name, a path or a state): said in other words, see `detailOf`. */
const PROSE_DETAILS = new Set<string | null>(['cannot-check-game', 'unusable-version', 'no-container'])

/**
 * A refusal's or failure's detail in the --lang language: a name, a path or a file's state as it is (a state in words);
 * the app's English prose only in English, elsewhere "details with --verbose" (printed after the report, see `finish`).
 */
function detailOf(report: Pick<RestoreReport, 'status' | 'reason' | 'detail'>, lang: Language): string | null {
  const labels = cliLabels(lang)
  const { detail } = report
  if (report.reason === 'damaged-version' && (detail === 'mismatch' || detail === 'missing')) return labels.backups.states[detail]
  const prose = report.status === 'failed' || PROSE_DETAILS.has(report.reason ?? null)
  return prose && lang !== 'en' && detail ? labels.failure.moreWithVerbose : detail
}

/** The preview and outcome for people, in the `--lang` language. */
export function describe(report: RestoreReport, ctx: RestoreCliContext): string {
  const text = restoreLabels(ctx.lang)
  const lines: string[] = []
  const { from, preview } = report
  const target = report.target ?? '—'
  if (from) lines.push(report.mode === 'export' ? text.exportHeading(from.id, target) : text.heading(from.id, from.kind, target))
  if (preview) {
    const who = (p: SavePlayer | null) =>
      p ? text.player(p.player ?? '?', p.userUuid, p.lastSaveTime && timeText(p.lastSaveTime, ctx.lang)) : text.noSaveHere
    const problem = preview.currentProblem && (ctx.lang === 'en' ? preview.currentProblem : cliLabels(ctx.lang).failure.moreWithVerbose)
    lines.push(`  ${text.playerNow}: ${problem ? text.damagedHere(problem) : who(preview.current)}`)
    lines.push(`  ${text.playerRestored}: ${who(preview.restored)}`)
    if (preview.otherPlayer) lines.push(`  ${text.otherPlayer(preview.restored.player ?? '?', preview.current?.player ?? '?')}`)
    if (preview.olderSave) lines.push(`  ${text.olderSave}`)
    const list = (title: string, moves: ChartMove[]) => [`  ${title}`, ...moves.slice(0, 50).map(moveLine(ctx))]
    lines.push(...list(text.lowered(preview.lowered.length), preview.lowered))
    lines.push(...list(text.lost(preview.lost.length), preview.lost))
    lines.push(...list(text.raised(preview.raised.length), preview.raised))
    lines.push(`  ${text.unchanged(preview.unchanged)}`)
    const reality = (r: number | null) => (r === null ? text.unknown : cliNumbers(ctx.lang).reality(r))
    lines.push(`  ${text.reality(reality(preview.realityBefore), reality(preview.realityAfter))}`)
    lines.push(`  ${preview.withPlays ? text.playsReplaced : preview.playsAvailable ? text.playsKept : text.playsNone}`)
  }
  lines.push(outcome(report, ctx.lang))
  return lines.join('\n')
}

/** The app's English details the report said in other words (`detailOf`), as --verbose prints them. */
function replacedDetails(report: RestoreReport, lang: Language): string[] {
  if (lang === 'en') return []
  const failure = cliLabels(lang).failure
  const english = [report.preview?.currentProblem ?? null, detailOf(report, lang) === failure.moreWithVerbose ? report.detail : null]
  return english.filter((text): text is string => text !== null).map(failure.detail)
}

function outcome(report: RestoreReport, lang: Language): string {
  const text = restoreLabels(lang)
  const detail = detailOf(report, lang)
  const snapshot = report.snapshotId ?? '—'
  switch (report.status) {
    case 'dry-run':
      return text.dryRun
    case 'restored': {
      const undo = report.undoAvailable === false ? text.undoUnavailable(snapshot) : text.undoHint
      return [text.restored(snapshot), text.nextStep, undo].join('\n')
    }
    case 'undone':
      return [text.undone(snapshot), text.nextStep].join('\n')
    case 'exported':
      return text.exported(report.written)
    case 'failed':
      // `written`: the game's files the restore replaced before it failed; none, and the game's folder is as it was.
      return [
        text.failed(detail ?? ''),
        report.written.length === 0 ? text.nothingChanged : (report.putBack ? text.putBack : text.notPutBack)(snapshot)
      ].join('\n')
    case 'refused':
      return report.reason && report.reason !== 'io' ? text.refused[report.reason](detail) : ''
  }
}

export const exitFor = (report: RestoreReport): number =>
  report.status === 'failed' ? EXIT.io : report.status === 'refused' ? (report.reason === 'needs-yes' ? EXIT.usage : EXIT.service) : EXIT.ok

async function ask(question: string): Promise<boolean> {
  const prompt = createInterface({ input: process.stdin, output: process.stderr })
  try {
    return /^\s*(y|yes)\s*$/i.test(await prompt.question(question))
  } finally {
    prompt.close()
  }
}

function usage(flags: RestoreFlags, ref: string | undefined): void {
  const wrong = flags.undo
    ? ref !== undefined
      ? 'versionAndUndo'
      : flags.to !== undefined
        ? 'toWithUndo'
        : null
    : ref === undefined
      ? 'nameVersion'
      : null
  if (wrong) throw new CliError('invalid_input', (labels) => labels.usage[wrong])
}

/** `companion local restore <backup> | --undo`: the preview, a question on a terminal (or --yes), then the restore. */
export async function restoreCommand(ref: string | undefined, flags: RestoreFlags, ctx: RestoreCliContext): Promise<number> {
  usage(flags, ref)
  const out = ctx.out()
  const restore = ctx.connect().restore(flags.dir, flags.gameDir ?? null)
  const request = {
    mode: flags.to !== undefined ? ('export' as const) : ('restore' as const),
    exportTo: flags.to ?? null,
    withPlays: flags.withPlays,
    allowDowngrade: flags.allowDowngrade,
    allowOtherPlayer: flags.allowOtherPlayer
  }
  // A dry run only reads files; a version that will be written must be the player's.
  const plan = flags.undo ? await restore.planUndo() : await restore.plan({ ...request, backupId: ref! }, { dryRun: flags.dryRun })
  const finish = (report: RestoreReport) => {
    out.data(report, () => describe(report, ctx))
    // With --json the document says why in codes; the reason in words goes to stderr, as errors do.
    if (out.json && (report.status === 'refused' || report.status === 'failed'))
      process.stderr.write(`companion: ${outcome(report, ctx.lang).replace(/\s+/g, ' ').trim()}\n`)
    if (ctx.verbose) for (const english of replacedDetails(report, ctx.lang)) process.stderr.write(`companion: ${english}\n`)
    return exitFor(report)
  }
  if (plan.report.status !== 'dry-run' || flags.dryRun) return finish(plan.report)
  if (!flags.yes) {
    const refuse = (reason: 'needs-yes' | 'declined') => finish({ ...plan.report, status: 'refused', reason, detail: null })
    if (!process.stdin.isTTY || !process.stderr.isTTY) return refuse('needs-yes')
    process.stderr.write(`${describe(plan.report, ctx).split('\n').slice(0, -1).join('\n')}\n`)
    const text = restoreLabels(ctx.lang)
    const target = plan.report.target ?? ''
    if (!(await ask(flags.to !== undefined ? text.exportQuestion(target) : text.question(target)))) return refuse('declined')
  }
  return finish(await restore.apply(plan))
}

/** `local versions` and `local restore`: "This computer" versions, and putting a version back into the game's folder. */
export function registerRestoreCommands(cli: Cli, local: Command): void {
  const { action, out, version } = cli
  const restoreContext = (): RestoreCliContext => ({
    out,
    lang: cli.options().lang,
    version,
    charts: cli.charts,
    connect: cli.connect,
    chartText: (id) => chartText(cli, id),
    verbose: cli.options().verbose
  })

  local
    .command('versions')
    .description('the "This computer" versions in the backup library, newest first (id, time, player, size, pinned, starred, note)')
    .addOption(dirOption())
    .action(action(async (opts: { dir: string }) => listVersions(opts, restoreContext())))

  local
    .command('restore [backup]')
    .description(
      `put a library version back into the game folder (<backup>: ${BACKUP_FORMS}; a cloud backup is written only with its ` +
        "account's credential, a --dry-run needs none). Refused while Milthm runs; the save there is kept first as a pinned " +
        'version; exit 0 restored/exported/dry run, 1 refused, 2 usage, 5 I/O or verification failure (the save that was there ' +
        'is back in place)'
    )
    .addOption(dirOption())
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
}
