import { InvalidArgumentError, Option, type Command } from 'commander'
import { difficultyCode, difficultyName, foldForSearch } from '../../shared/charts'
import type { ChartInfo } from '../../shared/data'
import { AppError } from '../../shared/errors'
import { realityText } from '../../shared/game-numbers'
import { realityChangeText } from '../../shared/number-text'
import type { Plan, PlanOptions, WhatIf, WhatIfChange, WhatIfScore } from '../../shared/planner/schema'
import { MAX_SCORE } from '../../shared/reality'
import type { PlannerCliSource } from '../../main/headless/headless'
import { BACKUP_FORMS, count, dirOption } from '../options'
import { EXIT, table } from '../output'
import type { Cli } from '../program'
import { chartText } from '../render'

/** The options `plan` and `whatif` share: where the bests come from. */
interface SourceFlags {
  mode?: 'touch' | 'keyboard'
  file?: string
  backup?: string
  dir: string
}

function addSourceOptions(command: Command): Command {
  return command
    .addOption(new Option('--mode <mode>', "the signed-in account's input mode (default: touch)").choices(['touch', 'keyboard']))
    .addOption(new Option('--file <save>', 'a save file (no credential): its bests, both input modes together').conflicts('backup'))
    .option('--backup <backup>', `a backup in --dir (${BACKUP_FORMS}; any account's, no credential)`)
    .addOption(dirOption())
}

/** A save file, a backup or the token's account; `--mode` is the account's (a save holds both modes as one list). */
function sourceOf(opts: SourceFlags): PlannerCliSource {
  const save = opts.file !== undefined || opts.backup !== undefined
  if (save && opts.mode !== undefined)
    throw AppError.of('invalid_input', "--mode is the account's: a save's list holds both input modes together; leave it out.")
  if (opts.file !== undefined) return { kind: 'file', path: opts.file }
  if (opts.backup !== undefined) return { kind: 'backup', dir: opts.dir, ref: opts.backup }
  return { kind: 'account', mode: opts.mode ?? 'touch' }
}

/** `--target`: Reality as the game shows it, 0 to 100 (more than two decimals go up to the next hundredth). */
function target(value: string): number {
  const n = /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : Number.NaN
  if (!(n >= 0 && n <= 100)) throw new InvalidArgumentError('--target must be a Reality from 0 to 100, such as 13.71.')
  return n
}

function maxLevel(value: string): number {
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0 || n > 30) throw new InvalidArgumentError('--max-level must be a whole number from 0 to 30.')
  return n
}

/** A share of what was left to 1,010,000, in percent as the --lang language writes it. */
const effortText = (cli: Cli, effort: number) => cli.numbers().percent(effort * 100)

function planText(cli: Cli, plan: Plan): string {
  const text = cli.labels().planner
  const lang = cli.options().lang
  const game = (value: number) => realityText(value, 'game', lang)
  const lines = [text.now(game(plan.from), realityText(plan.target, 'game', lang)), text.rule]
  if (!plan.reachable) lines.push(text.unreachable(game(plan.best)))
  if (plan.steps.length === 0) return [...lines, plan.reachable ? text.reached : ''].join('\n').trimEnd()
  const rows = plan.steps.map((s, i) => [
    i + 1,
    chartText(cli, s.chart_id),
    cli.numbers().plain(s.constant),
    s.from,
    s.to,
    s.grade,
    effortText(cli, s.effort)
  ])
  lines.push('', table(text.planColumns, rows), '', text.after(game(plan.realityAfter), effortText(cli, plan.effort)))
  if (!plan.optimal) lines.push(text.notProven)
  return lines.join('\n')
}

/** `companion plan`: which charts to raise, and to which score, to reach a Reality as the game shows it. */
function planCommand(cli: Cli): void {
  const command = cli.program
    .command('plan')
    .description(
      'which charts to raise, and to which score, to reach a Reality as the game shows it (two decimals, cut), for the least ' +
        'effort; from the signed-in account (--mode), a save file (--file) or a backup (--backup), the last two with no credential. ' +
        'Exit 1 when the target cannot be reached under the options (the plan then reaches the highest it can)'
    )
    .requiredOption('--target <reality>', 'the Reality to reach, e.g. 13.71', target)
    .option('--played-only', 'only charts already played (charts not played yet are never added)', false)
    .option('--max-charts <n>', 'at most N charts raised', count('--max-charts', 1))
    .option('--max-level <level>', 'only charts of this level or lower (a level is the constant without its decimals)', maxLevel)
    .option('--unplayed', "also charts not played yet, of your level or lower (your level: the highest among today's best 20)", false)
  addSourceOptions(command).action(
    cli.action(
      async (opts: SourceFlags & { target: number; playedOnly: boolean; maxCharts?: number; maxLevel?: number; unplayed: boolean }) => {
        const source = sourceOf(opts)
        const options: PlanOptions = {
          playedOnly: opts.playedOnly,
          maxCharts: opts.maxCharts ?? null,
          maxLevel: opts.maxLevel ?? null,
          includeUnplayedAtLevel: opts.unplayed
        }
        const h = cli.connect()
        const plan = await h.core.modules.planner.service.plan(await h.planner.list(source), opts.target, options)
        cli.out().data(plan, () => planText(cli, plan))
        if (!plan.reachable) process.exitCode = EXIT.service
      }
    )
  )
}

/** A chart of the chart list by its title (in any of its scripts, any case) and difficulty (its name or code). */
function chartByTitle(charts: ReadonlyMap<string, ChartInfo>, title: string, difficulty: string): string {
  const wanted = foldForSearch(title.trim())
  const level = difficulty.trim().toLowerCase()
  const found = [...charts.values()].filter(
    (c) =>
      [c.title, c.latin_title, c.title_zh_hans].some((t) => t !== undefined && foldForSearch(t) === wanted) &&
      [difficultyName(c.difficulty), difficultyCode(c.difficulty)].some((d) => d?.toLowerCase() === level)
  )
  if (found.length === 1) return found[0]!.chart_id
  const said = `${title}:${difficulty}`
  if (found.length === 0)
    throw AppError.of(
      'invalid_input',
      `No chart ${said} in the chart list (a title and a difficulty, e.g. "Song:Cloudburst" or "Song:CB").`
    )
  throw AppError.of('invalid_input', `${said} names ${found.length} charts: give its chart id instead.`)
}

const PRESETS: Record<string, WhatIfScore['preset']> = { 'best+5000': 'best+5000', ss: 'SS', ap: 'AP' }

/** `<chart>=<score>`: a chart id, or `title:difficulty`; a score (digits, with , or _ between thousands), `best+5000`, `SS` or `AP`. */
export function askOf(arg: string, charts: ReadonlyMap<string, ChartInfo>): WhatIfScore {
  const at = arg.lastIndexOf('=')
  const chart = arg.slice(0, Math.max(0, at)).trim()
  const score = arg.slice(at + 1).trim()
  if (at < 0 || chart === '' || score === '')
    throw AppError.of(
      'invalid_input',
      `${arg}: write each as <chart>=<score> (a chart id or "title:difficulty"; a score, best+5000, SS or AP).`
    )
  const colon = chart.lastIndexOf(':')
  const chartId = colon > 0 ? chartByTitle(charts, chart.slice(0, colon), chart.slice(colon + 1)) : chart
  const preset = PRESETS[score.toLowerCase()]
  if (preset) return { chart_id: chartId, preset }
  const digits = /^\d{1,3}([,_]?\d{3})*$/.test(score) ? Number(score.replace(/[,_]/g, '')) : Number.NaN
  if (!(digits >= 0 && digits <= MAX_SCORE))
    throw AppError.of('invalid_input', `${arg}: the score must be a whole number from 0 to 1,010,000, or best+5000, SS or AP.`)
  if (chartId.length > 100) throw AppError.of('invalid_input', `${arg}: that is not a chart id.`)
  return { chart_id: chartId, score: digits }
}

function whatIfText(cli: Cli, answer: WhatIf): string {
  const text = cli.labels().planner
  const lang = cli.options().lang
  const numbers = cli.numbers()
  const game = (value: number) => realityText(value, 'game', lang)
  const lines = [text.reality(game(answer.from), game(answer.to), realityChangeText(answer.from, answer.to, 'game', lang)), text.rule]
  const place = (c: WhatIfChange) => (c.inBestBefore ? text.place.stays : c.inBestAfter ? text.place.enters : text.place.outside)
  const value = (v: number | null) => (v === null ? '—' : numbers.decimal(v, 3))
  const rows = answer.changes.map((c) => [
    chartText(cli, c.chart_id),
    c.constant === null ? null : numbers.plain(c.constant),
    c.from,
    c.to,
    c.grade,
    `${value(c.valueFrom)} → ${value(c.valueTo)}`,
    place(c)
  ])
  lines.push('', rows.length ? table(text.whatIfColumns, rows) : text.nothing)
  const names = (ids: string[]) => ids.map((id) => chartText(cli, id)).join(', ')
  if (answer.entered.length) lines.push(text.entered(names(answer.entered)))
  if (answer.left.length) lines.push(text.left(names(answer.left)))
  if (answer.skipped.length) lines.push(text.skipped(names(answer.skipped)))
  return lines.join('\n')
}

/** `companion whatif`: Reality after new scores on some charts, and the charts entering or leaving the best 20. */
function whatIfCommand(cli: Cli): void {
  const command = cli.program
    .command('whatif <chart=score...>')
    .description(
      'Reality as the game would show it after new scores (each <chart>=<score>: a chart id or "title:difficulty"; a score, ' +
        'best+5000, SS or AP), and the charts that enter or leave the best 20; from the signed-in account (--mode), a save file ' +
        '(--file) or a backup (--backup). Exit 1 when a chart could not be rated (not in the list, or no constant)'
    )
  addSourceOptions(command).action(
    cli.action(async (asked: string[], opts: SourceFlags) => {
      const source = sourceOf(opts)
      const scores = asked.map((arg) => askOf(arg, cli.charts()))
      if (scores.length > 50) throw AppError.of('invalid_input', 'At most 50 scores at once.')
      const h = cli.connect()
      const answer = h.core.modules.planner.service.whatIf(await h.planner.list(source), scores)
      cli.out().data(answer, () => whatIfText(cli, answer))
      if (answer.skipped.length) process.exitCode = EXIT.service
    })
  )
}

/** `plan` and `whatif` (#54): what to play next, on the account, a save file or a backup. */
export function registerPlannerCommands(cli: Cli): void {
  planCommand(cli)
  whatIfCommand(cli)
}
