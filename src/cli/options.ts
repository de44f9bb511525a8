import { InvalidArgumentError, Option, type Command } from 'commander'
import type { RetentionPolicy } from '../shared/backups'
import { Language } from '../shared/settings'
import { DEFAULT_BACKUP_DIR } from '../main/headless/headless'

/** A whole number of at least `min`, or a usage error naming the option. */
export const count = (name: string, min: number) => (value: string) => {
  const n = Number(value)
  if (!Number.isInteger(n) || n < min) throw new InvalidArgumentError(`${name} must be a whole number of at least ${min}.`)
  return n
}

/** `--dir`: the backup library. */
export const dirOption = () => new Option('--dir <dir>', 'backup folder').default(DEFAULT_BACKUP_DIR)

/** `--game-dir`: the game's data folder instead of the usual place. */
export const gameDirOption = () =>
  new Option('--game-dir <dir>', "the game's data folder (e.g. a phone's copied over), instead of the usual place")

/** `--exact`: the service's values as they are. */
export const exactOption = () =>
  new Option('--exact', 'Reality to 4 decimals and times in UTC, as the service sends them (default: as the game and the app show them)')

export interface RetentionFlags {
  keepLast?: number
  keepDaily?: number
  keepWeekly?: number
}

/** `--keep-last`, `--keep-daily`, `--keep-weekly`, worded for what is kept (`backups` or local `versions`). */
export function addRetentionOptions(command: Command, kept: { last: string; each: string }): Command {
  return command
    .option('--keep-last <n>', `after the run, keep only the newest N ${kept.last}`, count('--keep-last', 1))
    .option('--keep-daily <days>', `also keep the newest ${kept.each} of each of the last D days`, count('--keep-daily', 0))
    .option('--keep-weekly <weeks>', `also keep the newest ${kept.each} of each of the last W weeks`, count('--keep-weekly', 0))
}

/** --keep-last/--keep-daily/--keep-weekly as a policy; none given: no retention. */
export const retentionOf = (opts: RetentionFlags): RetentionPolicy | null =>
  opts.keepLast === undefined && opts.keepDaily === undefined && opts.keepWeekly === undefined
    ? null
    : { keepLast: opts.keepLast ?? 1000, dailyForDays: opts.keepDaily ?? 0, weeklyForWeeks: opts.keepWeekly ?? 0 }

/** `--gap`: whole minutes from 30 to 360 (the app's setting's range). */
export function gapMinutes(value: string): number {
  const n = Number(value)
  if (!Number.isInteger(n) || n < 30 || n > 360) throw new InvalidArgumentError('--gap must be a whole number of minutes from 30 to 360.')
  return n
}

export type FolderKindFlag = 'level' | 'difficulty' | 'pack'

/** `--by`: the folders of one kind only. */
export const byOption = () => new Option('--by <kind>', 'only the folders of one kind').choices(['level', 'difficulty', 'pack'])

/** What every command that takes `<backup>` accepts (the one grammar of backups/backup-ref.ts). */
export const BACKUP_FORMS = 'an id (folder/stem), a file name, a stem, "latest", or the path of a save file'

/** The --lang the command line names (`--lang ru`, `--lang=ru`), read before commander parses it; English otherwise. */
export function argvLanguage(argv: readonly string[]): Language {
  const at = argv.findIndex((a) => a === '--lang' || a.startsWith('--lang='))
  const given = argv[at] ?? ''
  const value = given.startsWith('--lang=') ? given.slice('--lang='.length) : argv[at + 1]
  const parsed = Language.safeParse(value)
  return parsed.success ? parsed.data : 'en'
}
