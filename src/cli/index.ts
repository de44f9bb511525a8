import { Command, CommanderError, Option } from 'commander'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { accuracyPercent, isTouchPlay } from '../shared/api'
import type { BackupEntry } from '../shared/backups'
import { AppError } from '../shared/errors'
import { defaultSettings } from '../shared/settings'
import { BackupService, type BackupAccount } from '../main/backups/backup-service'
import { BackupLibrary } from '../main/backups/library'
import { systemClock } from '../main/ports'
import { appVersion, connect, type GlobalOptions } from './context'
import { EXIT, printer, progressBar, table } from './output'

const version = appVersion()
const DEFAULT_DIR = join(homedir(), 'Documents', 'Game Account Companion Backups')

const program = new Command()
  .name('companion')
  .description('Game Account Companion for scripts: read your Milkloud account and back up your cloud save.\nCredential: COMPANION_USER_TOKEN or --token-file (a User Token from your account page).')
  .version(version)
  .addOption(new Option('--deployment <name>', 'deployment to use').choices(['global', 'china', 'local']).default('global'))
  .option('--base-url <url>', 'any {base_url} of the service (overrides --deployment)')
  .option('--token-file <path>', 'read the User Token from this file (must not be readable by others)')
  .addOption(new Option('--lang <lang>', 'language of service messages (Accept-Language)').choices(['en', 'zh-CN']).default('en'))
  .option('--json', 'print exactly one JSON document on stdout', false)
  .option('--quiet', 'no progress or notes on stderr', false)
  .option('--verbose', 'print each request (method, host, path, status) on stderr; never credentials', false)
  .showHelpAfterError()
  .exitOverride()

function context() {
  const options = program.opts<GlobalOptions>()
  return { options, out: printer(options.json, options.quiet), conn: connect(options, version) }
}

/** Runs a command body, printing its error the documented way and setting the exit code. */
function action<A extends unknown[]>(body: (...args: A) => Promise<void>) {
  return async (...args: A) => {
    try {
      await body(...args)
    } catch (error) {
      process.exitCode = printer(program.opts<GlobalOptions>().json, false).fail(error)
    }
  }
}

program
  .command('profile')
  .description('your profile (GET /v1/user); fields depend on the token scopes')
  .action(action(async () => {
    const { out, conn } = context()
    const profile = await conn.client.currentUser(conn.credentials())
    out.data(profile, () => table(['field', 'value'], Object.entries(profile)))
  }))

program
  .command('user <identity>')
  .description('a public profile by username or UID:<uid>, without credentials')
  .action(action(async (identity: string) => {
    const { out, conn } = context()
    const profile = await conn.client.publicUser(identity)
    out.data(profile, () => table(['field', 'value'], Object.entries(profile)))
  }))

async function account(conn: ReturnType<typeof connect>): Promise<BackupAccount> {
  const profile = await conn.client.currentUser(conn.credentials())
  if (!profile.username || !profile.uid) throw AppError.of('scope_missing', 'This User Token cannot read your username: create one with the "profile" scope.')
  return { id: `cli-${conn.deployment.id}-${profile.uid}`, deploymentId: conn.deployment.id, username: profile.username, uid: profile.uid, baseUrl: conn.deployment.baseUrl }
}

const recordRows = (records: { chart_id: string; score: number; score_accuracy: number; grade: string; reality: number; modifiers: string[]; played_at: string }[]) =>
  records.map((r) => [r.played_at, r.chart_id.slice(0, 8), r.grade, r.score, accuracyPercent(r.score_accuracy).toFixed(2) + '%', r.reality.toFixed(3), isTouchPlay(r) ? 'touch' : 'keyboard'])

program
  .command('recent')
  .description('your recent scores (newest first, at most 20)')
  .action(action(async () => {
    const { out, conn } = context()
    const me = await account(conn)
    const recent = await conn.client.recent(conn.credentials(), me.username!)
    out.data(recent, () => table(['played_at', 'chart', 'grade', 'score', 'accuracy', 'reality', 'input'], recordRows(recent.data)))
  }))

program
  .command('rank')
  .description('your Reality and best performances, touch and keyboard')
  .action(action(async () => {
    const { out, conn } = context()
    const me = await account(conn)
    const rank = await conn.client.rank(conn.credentials(), me.username!)
    out.data(rank, () =>
      [`Touch Reality ${rank.touch_reality.toFixed(4)}`, table(['played_at', 'chart', 'grade', 'score', 'accuracy', 'reality', 'input'], recordRows(rank.touch_ranks.slice(0, 20))), '', `Keyboard Reality ${rank.keyboard_reality.toFixed(4)}`, table(['played_at', 'chart', 'grade', 'score', 'accuracy', 'reality', 'input'], recordRows(rank.keyboard_ranks.slice(0, 20)))].join('\n')
    )
  }))

program
  .command('save')
  .description('cloud save commands')
  .command('info')
  .description('cloud-save metadata (spends no download)')
  .action(action(async () => {
    const { out, conn } = context()
    const info = await conn.client.saveInfo(conn.credentials())
    out.data(info, () => table(['field', 'value'], [['updated_at', info.updated_at], ['size', info.size], ...Object.entries(info.meta ?? {}).map(([k, v]) => [`meta.${k}`, String(v)])]))
  }))

function backupService(conn: ReturnType<typeof connect>, me: BackupAccount, dir: string, showProgress: boolean) {
  const verbose = program.opts<GlobalOptions>().verbose
  return new BackupService({
    onDownloadRequest: verbose ? (method, url, status) => process.stderr.write(`${method} ${url} → ${status}\n`) : undefined,
    auth: { client: () => conn.client, credentials: () => conn.credentials() },
    registry: { get: (id) => (id === me.id ? me : undefined), list: () => [me] },
    clock: systemClock,
    settings: () => ({ ...defaultSettings, backupFolder: dir }),
    defaultFolder: DEFAULT_DIR,
    appVersion: version,
    emitProgress: (p) => {
      if (showProgress && p.stage === 'downloading') process.stderr.write(progressBar(p.received, p.total, p.rate))
      if (showProgress && (p.stage === 'done' || p.stage === 'failed' || p.stage === 'cancelled')) process.stderr.write('\n')
    }
  })
}

program
  .command('backup')
  .description('one backup run: no download when the cloud save is unchanged (unless --force); verified, atomic, resumable; retention applied')
  .option('--dir <dir>', 'backup folder', DEFAULT_DIR)
  .option('--force', 'download even when unchanged (spends one of the daily downloads)', false)
  .action(action(async (opts: { dir: string; force: boolean }) => {
    const { out, conn, options } = context()
    const me = await account(conn)
    const service = backupService(conn, me, opts.dir, process.stderr.isTTY && !options.quiet && !options.json)
    const controller = new AbortController()
    process.once('SIGINT', () => controller.abort())
    const result = await service.run(me.id, { force: opts.force, signal: controller.signal })
    const entry = result.entry
    const doc = { status: result.status === 'up-to-date' ? 'up-to-date' : 'downloaded', file: entry?.path ?? null, sha256: entry?.sha256 ?? null, size: entry?.size ?? null, format: entry?.format ?? null }
    out.data(doc, () => (result.status === 'up-to-date' ? `Up to date: the cloud save has not changed, no download used.\n${doc.file ?? ''}` : `Saved ${doc.file} (${doc.size} bytes, ${doc.format}, sha256 ${doc.sha256})`))
  }))

const backups = program.command('backups').description('the backup library')

async function libraryEntries(dir: string, conn: ReturnType<typeof connect>): Promise<{ library: BackupLibrary; entries: BackupEntry[] }> {
  const me = await account(conn)
  const library = new BackupLibrary(dir)
  const folder = backupService(conn, me, dir, false).folderOf(me)
  return { library, entries: await library.list(folder) }
}

backups
  .command('list')
  .option('--dir <dir>', 'backup folder', DEFAULT_DIR)
  .description('backups of this account, newest first')
  .action(action(async (opts: { dir: string }) => {
    const { out, conn } = context()
    const { entries } = await libraryEntries(opts.dir, conn)
    out.data(entries, () => (entries.length ? table(['backed_up_at', 'cloud_updated_at', 'size', 'format', 'pinned', 'file'], entries.map((e) => [e.backedUpAt, e.updatedAt, e.size, e.format, e.pinned ? 'yes' : '', e.path])) : 'No backups yet.'))
  }))

backups
  .command('verify')
  .option('--dir <dir>', 'backup folder', DEFAULT_DIR)
  .description('re-hash every backup against its manifest (exit 5 when any is damaged or missing)')
  .action(action(async (opts: { dir: string }) => {
    const { out, conn } = context()
    const { library, entries } = await libraryEntries(opts.dir, conn)
    const verified = []
    for (const e of entries) verified.push(await library.verify(e.id, Date.now()))
    const doc = verified.map((e) => ({ id: e.id, backedUpAt: e.backedUpAt, file: e.path, size: e.size, sha256: e.sha256, state: e.verifyStatus }))
    out.data(doc, () => (doc.length ? table(['backed_up_at', 'state', 'file'], doc.map((d) => [d.backedUpAt, d.state, d.file])) : 'No backups yet.'))
    if (doc.some((d) => d.state !== 'ok')) process.exitCode = EXIT.io
  }))

program
  .command('nickname <new>')
  .description('change your nickname (needs the "user" scope); every submission uses one change opportunity')
  .option('--yes', 'confirm that this uses one change opportunity, even if it fails', false)
  .action(action(async (nickname: string, opts: { yes: boolean }) => {
    const { out, conn } = context()
    const trimmed = nickname.trim()
    if (!opts.yes) throw AppError.of('invalid_input', 'Every submission uses one nickname change opportunity, even a failed one (one comes back every 15 days 12 hours). Add --yes to go ahead.')
    if (!trimmed) throw AppError.of('invalid_input', 'The nickname must not be empty.')
    await conn.client.updateNickname(conn.credentials(), trimmed)
    const profile = await conn.client.currentUser(conn.credentials())
    out.data(profile, () => `Nickname changed to ${profile.nickname ?? trimmed}.`)
  }))

try {
  await program.parseAsync(process.argv)
} catch (error) {
  if (error instanceof CommanderError) {
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') process.exitCode = EXIT.ok
    else {
      if (program.opts<GlobalOptions>().json) process.stdout.write(`${JSON.stringify({ error: { code: 'usage', status: null, message: error.message } })}\n`)
      process.exitCode = EXIT.usage
    }
  } else {
    process.exitCode = printer(false, false).fail(error)
  }
}
