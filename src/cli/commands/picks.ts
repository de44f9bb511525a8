import { InvalidArgumentError, Option } from 'commander'
import { AppError } from '../../shared/errors'
import { DEFAULT_PICKS, MAX_PICKS, picksFor, playerLevelOf, randomPick, type PicksInput } from '../../shared/picks/picks'
import type { Pick, RandomFilter } from '../../shared/picks/schema'
import { BACKUP_FORMS, dirOption } from '../options'
import { EXIT, table } from '../output'
import type { Cli } from '../program'
import { chartText } from '../render'

/** A whole number from `min` to `max`, or a usage error naming the option. */
const wholeIn = (name: string, min: number, max: number) => (value: string) => {
  const n = Number(value)
  if (!/^\d+$/.test(value.trim()) || !Number.isInteger(n) || n < min || n > max)
    throw new InvalidArgumentError(`${name} must be a whole number from ${min} to ${max}.`)
  return n
}

interface PickOptions {
  n?: number
  level?: number
  difficulty?: string
  pack?: string
  unplayed?: boolean
  random?: boolean
  seed?: number
  file?: string
  backup?: string
  dir: string
}

const filterOf = (o: PickOptions): RandomFilter => ({
  ...(o.level !== undefined ? { level: o.level } : {}),
  ...(o.difficulty !== undefined ? { difficulty: o.difficulty } : {}),
  ...(o.pack !== undefined ? { pack: o.pack } : {}),
  ...(o.unplayed ? { unplayed: true } : {})
})

/** Why a pick is picked, in the --lang language. */
function whyText(cli: Cli, pick: Pick): string {
  const text = cli.labels().picks
  const n = cli.numbers()
  const { why } = pick
  switch (why.kind) {
    case 'nearMiss':
      return why.miss === 'allPerfect'
        ? text.allPerfect
        : why.miss === 'fullCombo'
          ? text.fullCombo
          : text.grade(String(why.gap), pick.target?.grade ?? '')
    case 'plan':
      return text.plan(n.decimal(why.toward, 2))
    case 'stale':
      return text.stale(why.days)
    case 'unplayed':
      return text.unplayed(String(why.level))
    case 'random':
      return text.random(String(why.seed), String(why.among))
  }
}

function targetText(cli: Cli, pick: Pick): string | null {
  const { target } = pick
  if (!target) return null
  const marks = cli.labels().picks.marks
  const score = target.score !== null ? `${target.score}${target.grade ? ` ${target.grade}` : ''}` : null
  const mark = target.mark ? marks[target.mark] : null
  return target.mark === 'AP' ? mark : [score, mark].filter(Boolean).join(' · ') || null
}

function picksTable(cli: Cli, picks: readonly Pick[]): string {
  const text = cli.labels().picks
  return table(
    text.columns,
    picks.map((p) => [chartText(cli, p.chart_id), text.modes[p.mode], whyText(cli, p), p.best ?? text.notPlayed, targetText(cli, p)])
  )
}

/** The input the picks are worked out from: a save's bests (`--file`, `--backup`: no credential), or the token's account. */
async function inputOf(
  cli: Cli,
  o: PickOptions
): Promise<{ input: PicksInput; source: { kind: 'account' | 'save'; path: string | null } }> {
  const now = Date.now()
  if (o.file !== undefined || o.backup !== undefined) {
    const { path, list } = await cli.connect().picks.save(o.dir, o.file ?? o.backup ?? null)
    return { input: { charts: cli.charts(), lists: [list], nearMisses: [], now }, source: { kind: 'save', path } }
  }
  const { lists, nearMisses } = await cli.connect().picks.account()
  return { input: { charts: cli.charts(), lists, nearMisses, now }, source: { kind: 'account', path: null } }
}

/** `pick`: what to play next, or one chart at random. */
function pickCommand(cli: Cli): void {
  const { program, action, out } = cli
  program
    .command('pick')
    .description(
      "charts worth playing next (near misses, the planner's cheapest steps, charts not played for long, charts not played yet " +
        'at your level), each with why and a target; or one at random'
    )
    .option('--n <n>', `how many (1 to ${MAX_PICKS}; default ${DEFAULT_PICKS})`, wholeIn('--n', 1, MAX_PICKS))
    .option('--level <level>', "only charts of this level (the constant's whole part: 13.0–13.9 is 13)", wholeIn('--level', 0, 30))
    .option('--difficulty <name>', 'only charts of this difficulty (as the chart list names it: Cloudburst…)')
    .option('--pack <name>', 'only charts of this song pack (as the chart list names it)')
    .option('--unplayed', 'only charts not played yet')
    .option('--random', 'one chart drawn at random among those the filters keep')
    .option('--seed <n>', 'with --random: the draw of this seed again', wholeIn('--seed', 0, 0xffff_ffff))
    .addOption(new Option('--file <save>', 'the bests of this save file (no credential)').conflicts('backup'))
    .option('--backup <backup>', `the bests of a backup in --dir: ${BACKUP_FORMS} (no credential)`)
    .addOption(dirOption())
    .action(
      action(async (o: PickOptions) => {
        if (o.seed !== undefined && !o.random) throw AppError.of('invalid_input', '--seed goes with --random.')
        const { input, source } = await inputOf(cli, o)
        const filter = filterOf(o)
        if (o.random) return printRandom(cli, input, source, filter, o.seed)
        const picks = picksFor(input, o.n ?? DEFAULT_PICKS, filter)
        const levels = input.lists.map((l) => ({ mode: l.mode, level: playerLevelOf(l) }))
        const text = cli.labels().picks
        out().data({ source, filter, levels, picks }, () => {
          const known = levels.filter((l) => l.level !== null).map((l) => `${text.modes[l.mode]} ${l.level}`)
          const head = text.heading(source.path ?? text.account) + (known.length ? `\n${text.levels(known.join(', '))}` : '')
          return picks.length ? `${head}\n${picksTable(cli, picks)}` : `${head}\n${text.none}`
        })
        if (picks.length === 0) process.exitCode = EXIT.service
      })
    )
}

function printRandom(
  cli: Cli,
  input: PicksInput,
  source: { kind: 'account' | 'save'; path: string | null },
  filter: RandomFilter,
  seed: number | undefined
): void {
  const drawn = randomPick(input, filter, seed ?? Math.floor(Math.random() * 0x1_0000_0000))
  const text = cli.labels().picks
  cli
    .out()
    .data({ source, filter, ...drawn }, () =>
      drawn.pick ? `${picksTable(cli, [drawn.pick])}\n${text.seedHint(String(drawn.seed))}` : text.noMatch
    )
  if (!drawn.pick) process.exitCode = EXIT.service
}

/** `goals export|import`: the CLI keeps no goals (they live in the app); it checks a goal pack file and says what it holds. */
function goalsCommand(cli: Cli): void {
  const { program, action, out } = cli
  const goals = program.command('goals').description('goal packs: goals live in the app (the CLI keeps none); check a pack file')
  goals
    .command('export <file>')
    .description('goals live in the app: export a goal pack there (Progress → Goals); this says so and exits 1')
    .action(
      action(async () => {
        process.exitCode = out().fail(AppError.of('not_found', cli.labels().goals.appOnly))
      })
    )
  goals
    .command('import <file>')
    .description('check a goal pack file (size, shape, the charts it names) and show what it holds; exit 1 if it is refused')
    .action(
      action(async (file: string) => {
        try {
          await printPack(cli, file)
        } catch (error) {
          const refused = error instanceof AppError && String(error.data.details?.reason ?? '').startsWith('pack_')
          if (!refused) throw error
          out().fail(error)
          process.exitCode = EXIT.service
        }
      })
    )
}

async function printPack(cli: Cli, file: string): Promise<void> {
  const read = await cli.connect().goalPack(file, cli.charts())
  const text = cli.labels().goals
  const { pack } = read
  const doc = {
    valid: true,
    checkedCharts: read.checked,
    pack: { name: pack.name, version: pack.version, description: pack.description ?? null },
    folders: read.folders,
    goals: pack.goals,
    note: 'Goals live in the app: import this pack there (Progress → Goals).'
  }
  cli
    .out()
    .data(doc, () =>
      [
        `${text.pack(pack.name, String(pack.version))}: ${text.goals(pack.goals.length)}, ${text.folders(pack.folders.length)}`,
        ...(pack.description ? [pack.description] : []),
        ...read.folders.map((f) => `  ▸ ${f.name}: ${text.charts(f.charts)}`),
        ...read.goals.map((g) => `  • ${g.words}`),
        ...(read.checked ? [] : [text.notChecked]),
        text.valid,
        text.importHint
      ].join('\n')
    )
}

export function registerPickCommands(cli: Cli): void {
  pickCommand(cli)
  goalsCommand(cli)
}
