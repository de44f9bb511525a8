import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { communityList } from '../../reference-service/src/community-list'
import { generateCatalogue } from '../../reference-service/src/seed/catalogue'
import { startReferenceService, type ReferenceService } from '../../reference-service/src/server'
import { cliTextsFor, errorTextsFor } from '../../src/main/i18n'
import { textWithMarkers } from '../../scripts/i18n-missing'
import { runCli, type CliRun } from '../support/cli-run'
import { KEPT, KEPT_PHRASES } from '../support/english-words'
import { writeDataDb, writeSavesDb } from '../support/game-saves'

/**
 * Every command of the CLI in Russian (#53 item 6): what it writes on stdout and stderr holds no sentence of its
 * English labels. A "sentence" is a run of two words or more between a text's parameters, taken from every English
 * label the CLI and its errors have (main's texts), unless Russian writes the same run (a kept phrase).
 */
const work = mkdtempSync(join(tmpdir(), 'cli-words-'))
const home = join(work, 'home')
const game = join(home, '.config', 'unity3d', 'Morizero', 'Milthm', 'data')
const library = join(work, 'library')
const catalogue = generateCatalogue()
/** Alice's cloud backups are kept in her account's folder (the CLI's --base-url is a custom deployment). */
const LOOSE_SAVE = join(library, 'custom-alice-10000001', 'save-without-manifest.json')
let service: ReferenceService
let list: string

/** The text runs of a label: its strings, plural forms and function texts (parameters as markers), split at the parameters. */
function runsOf(value: unknown): string[] {
  if (typeof value === 'string') return value.split(/‹\d+›|\{\{\w+\}\}/)
  if (Array.isArray(value)) return value.flatMap(runsOf)
  if (typeof value === 'function')
    return 'forms' in value
      ? Object.values(value.forms as object).flatMap(runsOf)
      : runsOf(textWithMarkers(value as (...a: string[]) => string, value.length))
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(runsOf)
  return []
}

/** A run of two words or more (letters, apostrophes, hyphens), trimmed of punctuation at its ends. */
const sentences = (runs: string[]) =>
  runs.map((r) => r.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '')).filter((r) => (r.match(/\p{L}{2,}/gu) ?? []).length >= 2)

const russianRuns = new Set(sentences([...runsOf(cliTextsFor('ru')), ...runsOf(errorTextsFor('ru'))]))
/** The CLI's English sentences that Russian does not write the same way. */
const ENGLISH = [...new Set(sentences([...runsOf(cliTextsFor('en')), ...runsOf(errorTextsFor('en'))]))].filter(
  (s) => !russianRuns.has(s) && !KEPT_PHRASES.some((kept) => kept === s)
)

const latinWords = (runs: string[]) => new Set(runs.flatMap((r) => r.match(/[A-Za-z]{3,}/g) ?? []).map((w) => w.toLowerCase()))
/** Latin words a Russian text may hold: those its labels write (Reality, MiB…) and the names every language keeps. */
const KEPT_LATIN = new Set([
  ...latinWords([...runsOf(cliTextsFor('ru')), ...runsOf(errorTextsFor('ru'))]),
  ...[...KEPT].map((w) => w.toLowerCase())
])
/** Every word of the English labels (lower case), but those a Russian text may hold. */
const ENGLISH_WORDS = new Set(
  [...latinWords([...runsOf(cliTextsFor('en')), ...runsOf(errorTextsFor('en'))])].filter((w) => !KEPT_LATIN.has(w))
)
const titles = [...new Set(catalogue.map((c) => c.title))].sort((a, b) => b.length - a.length)
/**
 * What the output names, which no language translates: addresses, paths and files, flags, the service's field names
 * (`updated_at`, `meta.reality_value`, and the words of its `--json` keys), the game's kept phrases, chart titles.
 */
function names(text: string, fields: ReadonlySet<string>): string {
  const bare = [/https?:\/\/\S+/g, /\S*\/\S*/g, /\S*\.(?:db|json|sqlite)\b/g, /--[a-z][\w-]*/g, /\b\w+(?:[._]\w+)+\b/g].reduce(
    (t, re) => t.replace(re, ' '),
    text
  )
  return [...KEPT_PHRASES, ...titles].reduce(
    (t, name) => t.replaceAll(name, ' '),
    bare.replace(/[A-Za-z]+/g, (w) => (fields.has(w) ? ' ' : w))
  )
}
/** The keys of a `--json` document, every level. */
const keysOf = (value: unknown): string[] =>
  value !== null && typeof value === 'object'
    ? Object.entries(value).flatMap(([k, v]) => [...(Array.isArray(value) ? [] : [k]), ...keysOf(v)])
    : []
/** English words of the labels left in a command's output. */
const englishWordsIn = (run: CliRun, fields: ReadonlySet<string>) =>
  [...new Set(names(`${run.stdout}\n${run.stderr}`, fields).match(/[A-Za-z]{3,}/g) ?? [])].filter((w) => ENGLISH_WORDS.has(w.toLowerCase()))

/** The English sentences found in a command's output (its table padding read as one space). */
const englishIn = (run: CliRun) => {
  const text = `${run.stdout}\n${run.stderr}`.replace(/ {2,}/g, ' ')
  return ENGLISH.filter((s) => text.includes(s))
}

const cli = (args: string[], lang = 'ru'): Promise<CliRun> =>
  runCli(
    ['--lang', lang, '--base-url', service.deployments.global.base_url, '--data-dir', join(work, 'data'), ...args],
    { PATH: process.env.PATH, HOME: home, COMPANION_USER_TOKEN: service.accounts.find((a) => a.username === 'alice')!.user_token },
    120_000
  )

beforeAll(async () => {
  service = await startReferenceService({ testControls: true })
  const played = (service.controls.plays('global', 'alice') as { chart_id: string; score: number; played_at: string }[]).slice(-6)
  // The game's folder in its usual place: a save a little ahead of the cloud, plays with one above 1,010,000.
  writeSavesDb(join(game, 'saves.db'), { charts: played.map((p) => ({ id: p.chart_id, score: Math.min(p.score + 1, 1_010_000) })) })
  writeDataDb(join(game, 'data.db'), [
    ...played.map((p) => ({ chart_id: p.chart_id, score: p.score, played_at: p.played_at })),
    { chart_id: played[0]!.chart_id, score: 1_023_456, played_at: '2026-11-20T21:00:00Z', modifiers: '["HeavyDownpour"]' }
  ])
  list = join(work, 'resources.json')
  writeFileSync(list, JSON.stringify(communityList(catalogue)))
  expect((await cli(['charts', 'import', list, '--quiet'])).code).toBe(0)
  // A cloud backup and a "This computer" version, so the library's commands have something to say.
  const backup = await cli(['backup', '--dir', library, '--json'])
  expect(backup.code).toBe(0)
  // A save file with no manifest in the account's folder, for `backups index`.
  expect(dirname((backup.json as { file: string }).file)).toBe(dirname(LOOSE_SAVE))
  copyFileSync((backup.json as { file: string }).file, LOOSE_SAVE)
  expect((await cli(['local', 'backup', '--dir', library, '--quiet'])).code).toBe(0)
}, 240_000)
afterAll(async () => {
  await service?.close()
  rmSync(work, { recursive: true, force: true })
})

/** Every command, with what makes it speak: its tables, its notes, its refusals and its errors. */
const COMMANDS: string[][] = [
  ['profile'],
  ['user', 'alice'],
  ['user', 'nobody-at-all'],
  ['recent'],
  ['rank'],
  ['nickname', 'Новое имя'],
  ['save', 'info'],
  ['backup', '--dir', join(work, 'library')],
  ['backups', 'list', '--dir', join(work, 'library')],
  ['backups', 'verify', '--dir', join(work, 'library')],
  ['backups', 'diff', '--dir', join(work, 'library')],
  ['backups', 'summary', '--dir', join(work, 'library')],
  ['backups', 'folders', '--dir', join(work, 'library')],
  ['backups', 'summary', join(work, 'no-such-file.sqlite')],
  ['charts', 'status'],
  ['local', 'status'],
  ['local', 'status', '--game-dir', join(work, 'nowhere')],
  ['local', 'backup', '--dir', join(work, 'library')],
  ['local', 'plays'],
  ['local', 'sessions'],
  ['local', 'diff', '--dir', join(work, 'library')],
  ['local', 'folders'],
  ['local', 'versions', '--dir', join(work, 'library')],
  ['local', 'versions', '--dir', join(work, 'empty-library')],
  ['local', 'restore', 'latest', '--dir', join(work, 'library'), '--dry-run'],
  ['local', 'restore', 'latest', '--dir', join(work, 'library'), '--to', join(work, 'export'), '--yes'],
  ['local', 'restore', '--undo', '--dir', join(work, 'library'), '--dry-run'],
  ['backups', 'index', '--dir', join(work, 'library'), 'save-without-manifest.json'],
  // Last: it changes the nickname the commands above show.
  ['nickname', 'Алиса', '--yes']
]

describe('the CLI in Russian says nothing in English', () => {
  it('the check finds the English sentences of the same commands in English (it can fail)', async () => {
    expect(ENGLISH.length).toBeGreaterThan(100)
    const english = await Promise.all(COMMANDS.slice(0, 8).map((args) => cli(args, 'en')))
    expect(new Set(english.flatMap(englishIn)).size).toBeGreaterThan(5)
    expect(new Set(english.flatMap((run) => englishWordsIn(run, new Set()))).size).toBeGreaterThan(10)
  }, 240_000)

  it.each(COMMANDS.map((args) => [args.join(' ').replace(work, '…'), args] as const))('%s', async (_, args) => {
    const run = await cli(args)
    // It ran and said something (an answer, a note or an error), in Russian only.
    expect(`${run.stdout}${run.stderr}`.trim().length, `${run.stderr}`).toBeGreaterThan(0)
    expect(englishIn(run), `${run.stdout}\n${run.stderr}`).toEqual([])
    // Nor a word of them, but where it names a field of the command's --json.
    const fields = new Set(keysOf((await cli([...args, '--json'])).json))
    expect(englishWordsIn(run, fields), `${run.stdout}\n${run.stderr}`).toEqual([])
  })

  it('charts import and charts update: the progress and the status in Russian', async () => {
    const runs = await Promise.all([cli(['charts', 'import', list]), cli(['charts', 'update', '--url', service.chartList.url])])
    for (const run of runs) {
      expect(englishIn(run), `${run.stdout}\n${run.stderr}`).toEqual([])
      expect(englishWordsIn(run, new Set()), `${run.stdout}\n${run.stderr}`).toEqual([])
    }
  })
})
