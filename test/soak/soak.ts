// A simulated month in the tray: the real core (as test/support/core.ts builds it) and the reference
// service on one test clock, hourly syncs and a daily automatic backup round for three accounts, the
// save changing on some days, faults at a seeded rate, two crash-restarts and a week offline. It
// measures what the issue asks (nothing lost, no growth, quota, no noise, honest state) and returns
// the figures; test/integration/soak.test.ts asserts them, `npm run soak` and the bench print them.
import { createHash } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { startReferenceService, type ReferenceService } from '../../reference-service/src/server'
import { createRandom } from '../../reference-service/src/seed/prng'
import { fileLogger } from '../../src/main/logging/logger'
import { nodeCipher } from '../../src/main/platform-node/node-cipher'
import { addUserToken, browserAs, testCore } from '../support/core'
import { faultyFiles } from '../support/faulty-files'
import { filesUnder } from '../support/files'

const HOUR = 3_600_000
const MiB = 1024 * 1024
/** The hour of the day (app time, from the start) when the automatic backup round runs. */
const BACKUP_HOUR = 4
/** The log's size limit in the soak: small, so that a month rotates it. */
const LOG_LIMIT = 64 * 1024

/**
 * What the month expects of the account without a cloud save, in one place: today the service
 * answers 404 `GameSaveNotFoundError`, and a backup round says nothing about it.
 */
export const NO_CLOUD_SAVE = { username: 'newbie', notifications: 0 }

export interface SoakOptions {
  days: number
  seed?: number
  /** The first day of the week offline (default: day 3 of a short run, day 12 of a month). */
  offlineFrom?: number
  log?: (line: string) => void
}

export interface Usage {
  heapMiB: number
  rssMiB: number
  /** Memory outside the JavaScript heap: buffers, and WebAssembly (sql.js) memory. */
  externalMiB: number
  /** process.getActiveResourcesInfo() by type, sockets left out (keep-alive connections come and go). */
  resources: Record<string, number>
  /** Sinks on the core's event hub, and listeners on `process`. */
  listeners: number
}

export interface SoakReport {
  days: number
  syncs: number
  backupRounds: number
  faults: Record<string, number>
  lost: { plays: number; playsTwice: number; versions: number; falselyVerified: number }
  playsReturned: number
  versions: number
  usage: { day3: Usage; end: Usage }
  logFiles: { name: string; bytes: number }[]
  historyLines: number
  quota: { spent: number; expected: number; saveVersions: number; faultsNeedingUrl: number }
  notifications: { total: number; saved: number; failed: number; repeated: number; unexplained: string[] }
  offline: { cachedKeptWhileOffline: boolean; staleSaidWhileOffline: boolean; freshAfter: boolean }
  noCloudSaveNotifications: number
  restarts: number
  wallSeconds: number
}

type Account = { id: string; username: string; hasSave: boolean }

/**
 * Before each measurement, the collection V8 makes under memory pressure ('last-resort': every
 * garbage, then the pages it no longer needs given back), whether or not node runs with --expose-gc
 * (vitest does not). After a plain full collection the heap keeps its committed pages, about four
 * times the live heap, and how many of them were resident yet on day 3 depends on timing: RSS then
 * read 20-131 MiB of "growth" with the heap used flat, all of it V8's own pages (smaps). What is
 * measured is what the process holds and cannot give back, the figure a leak shows in.
 */
type GcFunction = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void
function exposedGc(): () => void {
  let gc = global.gc as unknown as GcFunction | undefined
  if (!gc) {
    setFlagsFromString('--expose-gc')
    gc = runInNewContext('gc') as GcFunction
  }
  return () => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' })
}
const collect = exposedGc()

function usage(hubSinks: number): Usage {
  collect()
  const resources: Record<string, number> = {}
  for (const type of process.getActiveResourcesInfo()) if (!/TCP|Pipe|TTY/.test(type)) resources[type] = (resources[type] ?? 0) + 1
  const processListeners = process.eventNames().reduce((n, e) => n + process.listenerCount(e), 0)
  const m = process.memoryUsage()
  return {
    heapMiB: Math.round((m.heapUsed / MiB) * 10) / 10,
    rssMiB: Math.round((m.rss / MiB) * 10) / 10,
    externalMiB: Math.round((m.external / MiB) * 10) / 10,
    resources,
    listeners: hubSinks + processListeners
  }
}

/**
 * One clock for everything in this process: the app, the reference service and its OIDC provider
 * (which reads the system time itself, for token lifetimes) all see `Date` moved forward by the
 * soak. Timers stay real: an hour of app time is an instant of wall time.
 */
function shiftableDate() {
  const RealDate = Date
  let shift = 0
  class ShiftedDate extends RealDate {
    constructor(...args: ConstructorParameters<DateConstructor> | []) {
      if (args.length === 0) super(RealDate.now() + shift)
      else super(...(args as ConstructorParameters<DateConstructor>))
    }
    static override now() {
      return RealDate.now() + shift
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor
  return {
    advance: (ms: number) => void (shift += ms),
    restore: () => void (globalThis.Date = RealDate)
  }
}

const playKey = (p: { chart_id: string; played_at: string; score: number }) => `${p.chart_id}|${Date.parse(p.played_at)}|${p.score}`
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const time = shiftableDate()
  try {
    return await soak(options, time)
  } finally {
    time.restore()
  }
}

async function soak(options: SoakOptions, time: ReturnType<typeof shiftableDate>): Promise<SoakReport> {
  const started = performance.now()
  const log = options.log ?? (() => {})
  const random = createRandom(`soak:${options.seed ?? 35}`)
  const chance = (p: number) => random.next() < p
  const offlineFrom = options.offlineFrom ?? (options.days >= 20 ? 12 : 3)
  const offlineDays = Math.min(7, Math.max(1, options.days - offlineFrom - 2))
  const service: ReferenceService = await startReferenceService({ testControls: true, dailyDownloadLimit: 1000 })
  const base = service.deployments.global.base_url
  const dataDir = mkdtempSync(join(tmpdir(), 'soak-'))
  const backupFolder = join(dataDir, 'backups')
  const cipher = nodeCipher()
  const disk = faultyFiles()
  const logger = fileLogger(join(dataDir, 'logs', 'main.log'), LOG_LIMIT)

  // What the service answered, seen on the wire: the independent truth for "nothing lost".
  let offline = false
  const returned = new Map<string, Set<string>>()
  const refreshTokens: string[] = []
  const tap: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    if (offline) throw new TypeError('fetch failed', { cause: Object.assign(new Error('offline'), { code: 'ENETUNREACH' }) })
    const response = await fetch(input, init)
    if (process.env.SOAK_DEBUG === '2') log(`  ${init?.method ?? 'GET'} ${url.pathname} ${response.status}`)
    const recent = /\/v1\/user\/([^/]+)\/recent$/.exec(url.pathname)
    if (recent && response.ok) {
      type Play = { chart_id: string; played_at: string; score: number }
      const body = (await response.clone().json()) as { data?: Play[] | { data?: Play[] } }
      const plays = Array.isArray(body.data) ? body.data : (body.data?.data ?? [])
      const seen = returned.get(decodeURIComponent(recent[1]!)) ?? new Set<string>()
      for (const play of plays) seen.add(playKey(play))
      returned.set(decodeURIComponent(recent[1]!), seen)
    }
    if (url.pathname.endsWith('/oidc/token') && response.ok) {
      const token = ((await response.clone().json()) as { refresh_token?: string }).refresh_token
      if (token) refreshTokens.push(token)
    }
    return response
  }

  const notes: { title: string; body: string; day: number; offline: boolean }[] = []
  let day = 0
  const makeCore = () =>
    testCore({
      localBaseUrl: base,
      dataDir,
      cipher,
      browser: browserAs('alice'),
      deps: {
        fetch: tap,
        files: disk.files,
        logger,
        desktop: {
          notify: (title, body) => {
            notes.push({ title, body, day, offline })
            if (process.env.SOAK_DEBUG) log(`  notification on day ${day + 1}: ${title}: ${body}`)
          }
        }
      },
      tuning: {
        sleep: async () => {},
        retryAfterMs: null,
        timeoutMs: 5_000,
        downloadLimits: { connectTimeoutMs: 2_000, headersTimeoutMs: 700, idleTimeoutMs: 400, overallBaseMs: 20_000 }
      }
    })
  let t = makeCore()
  const advance = (ms: number) => time.advance(ms)

  await t.call('settings:update', { backupFolder, retention: { keepLast: 1000, dailyForDays: 0, weeklyForWeeks: 0 } })
  const alice = (await t.call('accounts:signInBrowser', 'local')).accountId
  const tokenOf = (username: string) => service.accounts.find((a) => a.username === username && a.deployment === 'global')!.user_token
  const owl = (await addUserToken(t.core.handlers, 'local', tokenOf('night owl/夜猫'))).account.id
  const newbie = (await addUserToken(t.core.handlers, 'local', tokenOf(NO_CLOUD_SAVE.username))).account.id
  const accounts: Account[] = [
    { id: alice, username: 'alice', hasSave: true },
    { id: owl, username: 'night owl/夜猫', hasSave: true },
    { id: newbie, username: NO_CLOUD_SAVE.username, hasSave: false }
  ]
  const withSave = accounts.filter((a) => a.hasSave)
  const newbieName = (await t.accounts()).accounts.find((a) => a.id === newbie)?.nickname ?? NO_CLOUD_SAVE.username
  t.core.start()

  // Every cloud save version that exists on a backup day (its bytes' hash), and whether a round saved it yet.
  const versions = new Map<string, { account: Account; day: number }>()
  const pending = new Map<string, string>()
  let saveVersions = 0
  const recordVersion = async (account: Account) => {
    const file = await service.controls.saveFile('global', account.username)
    versions.set(file.sha256, { account, day })
    pending.set(account.id, file.sha256)
    saveVersions++
  }
  for (const a of withSave) await recordVersion(a)

  const faults: Record<string, number> = {}
  const count = (name: string) => (faults[name] = (faults[name] ?? 0) + 1)
  const urlsIssued = () => service.controls.counters('global').downloadUrlsIssued
  const urlsAtStart = urlsIssued()
  let faultsNeedingUrl = 0
  let syncs = 0
  let backupRounds = 0
  let restarts = 0
  const crashAt = new Set([
    `${1 + Math.floor(random.next() * Math.max(1, offlineFrom - 1))}:${Math.floor(random.next() * 24)}`,
    `${offlineFrom + offlineDays}:${BACKUP_HOUR}`
  ])
  const revokeDay = options.days >= 20 ? 20 : 1
  let diskFullDone = false
  let signInAgain = false
  const savesOnDisk = () =>
    filesUnder(backupFolder).filter((f) => /\.(json|sqlite)$/.test(f) && !f.endsWith('.manifest.json') && !f.includes('/.'))
  const manifestsOf = () => filesUnder(backupFolder).filter((f) => f.endsWith('.manifest.json')).length
  const failedBodies = new Map<string, string>()
  let repeated = 0
  const unexplained: string[] = []
  let day3: Usage | null = null
  const offlineState = { cachedKeptWhileOffline: true, staleSaidWhileOffline: true, freshAfter: false }
  let profileBeforeOffline: unknown = null

  /** A crash at a random moment: the core stops mid-work (what it was doing is abandoned) and a new one starts on the same data. */
  const crashRestart = async (work: Promise<unknown>) => {
    await new Promise((r) => setTimeout(r, Math.floor(random.next() * 40)))
    await t.core.dispose()
    await work.catch(() => {})
    t = makeCore()
    t.core.start()
    restarts++
  }

  /** One automatic backup round, with the fault drawn for it; checks what the round told the player. */
  const backupRound = async (crash: boolean, faulty = true) => {
    backupRounds++
    const before = manifestsOf()
    const urlsBefore = urlsIssued()
    const noteCount = notes.length
    const pendingNow = withSave.filter((a) => pending.has(a.id)).length
    const landedBefore = withSave.length - pendingNow
    // Each kind that needs a download to matter comes at least once, at the first round it can; the rest at random.
    const due = (['disk-full', 'stall', 'daily-limit'] as const).find((k) => !faults[k] && pendingNow > 0)
    if (faulty && !offline && !crash && (due || chance(0.5))) {
      const kinds = ['5xx', 'file-5xx', 'stall', 'daily-limit', 'damaged-latest', 'expired-token'] as const
      const kind = due ?? random.pick(kinds)
      count(kind)
      if (process.env.SOAK_DEBUG) log(`  fault on day ${day + 1}: ${kind}`)
      if (kind === '5xx') service.controls.failNext(1, 'status500', 'api')
      if (kind === 'file-5xx') service.controls.failNext(2, 'status500', 'file')
      if (kind === 'stall') {
        // Every download of the round stalls: each spent a URL the next round spends again.
        service.controls.stallNextDownload('body', 'half', 50)
        faultsNeedingUrl += pendingNow
      }
      if (kind === 'daily-limit') service.controls.refuseNext('/v1/game/save', 418, 'GameSaveDownloadLimitExceededError', 10)
      if (kind === 'expired-token') service.controls.expireAccessTokens('global')
      if (kind === 'damaged-latest') {
        // The latest backup of an account whose cloud save it still is: the app must notice and download it again.
        // (An older version's only copy damaged on disk could not come back from anywhere: not this fault.)
        const latestOf = new Map<string, string>()
        for (const f of savesOnDisk().sort()) {
          const owner = versions.get(sha(readFileSync(f)))?.account
          if (owner) latestOf.set(owner.id, f)
        }
        const target = [...latestOf].find(([id]) => !pending.has(id))?.[1]
        if (target) {
          const bytes = readFileSync(target)
          bytes[bytes.length >> 1] = bytes[bytes.length >> 1]! ^ 0xff
          writeFileSync(target, bytes)
          faultsNeedingUrl++
        }
      }
      if (kind === 'disk-full' && !diskFullDone && pendingNow > 0) {
        diskFullDone = true
        disk.fail('write', /\.manifest\.json\.[^/]*\.tmp$/, 'ENOSPC')
        faultsNeedingUrl += pendingNow
      }
    }
    const round = t.core.desktop.backUpNow()
    if (crash) await crashRestart(round)
    else await round
    service.controls.resetFaults()
    disk.clear()
    disk.calls.length = 0
    const spent = urlsIssued() - urlsBefore
    const made = manifestsOf() - before
    if (process.env.SOAK_DEBUG) log(`  round on day ${day + 1}: ${pendingNow} due, ${spent} URLs, ${made} new, crash ${crash}`)
    // Which versions are now in the library (by the hash of the files on disk, not what the app says).
    const onDisk = new Set(
      filesUnder(backupFolder)
        .filter((f) => /\.(json|sqlite)$/.test(f) && !f.endsWith('.manifest.json') && !f.includes('/.'))
        .map((f) => sha(readFileSync(f)))
    )
    for (const [id, hash] of [...pending]) if (onDisk.has(hash)) pending.delete(id)
    // A crash is at a random moment: what it cost is read from the service (URLs spent, versions that did not land).
    if (crash) faultsNeedingUrl += Math.max(0, spent - (withSave.length - pending.size - landedBefore))
    const told = notes.slice(noteCount)
    const saved = told.filter((n) => !/fail|失败/i.test(n.title)).length
    if (!crash && saved !== made) unexplained.push(`day ${day}: ${saved} "saved" notifications for ${made} new backups`)
    for (const n of told.filter((n) => /fail|失败/i.test(n.title))) {
      const account = n.body.split(/[:：]/)[0]!
      if (failedBodies.get(account) === n.body) repeated++
      failedBodies.set(account, n.body)
    }
    // A backup saved since: the next failure of that account is news again.
    for (const n of told)
      if (!/fail|失败/i.test(n.title)) for (const name of failedBodies.keys()) if (n.body.includes(name)) failedBodies.delete(name)
  }

  for (day = 0; day < options.days; day++) {
    const offlineToday = day >= offlineFrom && day < offlineFrom + offlineDays
    if (offlineToday && !offline) {
      profileBeforeOffline = (await t.data(alice)).profile.data
    }
    for (let hour = 0; hour < 24; hour++) {
      advance(HOUR)
      offline = offlineToday
      const crash = crashAt.has(`${day}:${hour}`)
      if (hour === BACKUP_HOUR) {
        // On some days the player plays and the game uploads the save, once the version before it is in the library.
        // (Plays come with an upload: the reference service derives save/info's `meta` from the plays, as the save's would be.)
        if (!offline)
          for (const a of withSave)
            if (!pending.has(a.id) && chance(0.4)) {
              service.controls.addPlays('global', a.username, 1 + Math.floor(random.next() * 3))
              service.controls.updateSave('global', a.username)
              await recordVersion(a)
            }
        await backupRound(crash)
        continue
      }
      if (day === revokeDay && hour === 10 && refreshTokens.length) {
        count('revoked-refresh-token')
        await fetch(`${service.deployments.global.issuer}/token/revocation`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ token: refreshTokens.at(-1)!, client_id: 'companion-desktop' }).toString()
        })
        service.controls.expireAccessTokens('global')
        signInAgain = true
      } else if (!offline && chance(0.04)) {
        count('sync-5xx')
        service.controls.failNext(1, 'status500', 'api')
      }
      const sync = Promise.all(accounts.map((a) => t.call('sync:run', a.id, {}).catch(() => {})))
      if (crash) await crashRestart(sync)
      else await sync
      syncs += accounts.length
      service.controls.resetFaults()
      // The harness's own record of events would grow for a month: only the latest state is read.
      t.events.log.length = 0
      if (signInAgain && hour === 12 && !offline) {
        // The player sees "sign in again" and does.
        await t.call('accounts:signInBrowser', 'local')
        signInAgain = false
      }
      if (offline) {
        const data = await t.data(alice)
        if (JSON.stringify(data.profile.data) !== JSON.stringify(profileBeforeOffline)) offlineState.cachedKeptWhileOffline = false
        if (data.profile.panel.status === 'fresh') offlineState.staleSaidWhileOffline = false
      }
    }
    if (day === offlineFrom + offlineDays) {
      const data = await t.data(alice)
      offlineState.freshAfter = data.profile.panel.status === 'fresh'
    }
    if (day === Math.min(2, options.days - 1)) day3 = usage(t.core.events.sinkCount)
    if (process.env.SOAK_DEBUG) {
      const list = (await t.accounts()).accounts.map((a) => `${a.username}:${a.status}`).join(' ')
      const alicePanel = (await t.data(alice)).recent.panel
      const seen = [...returned].map(([k, v]) => `${k}=${v.size}`).join(' ')
      log(`  accounts ${list}; plays seen ${seen}; alice recent ${JSON.stringify(alicePanel)}`)
    }
    const m = process.memoryUsage()
    const memory = `RSS ${Math.round(m.rss / MiB)}, heap ${Math.round(m.heapUsed / MiB)}, external ${Math.round(m.external / MiB)} MiB`
    const where = offlineToday ? ' (offline)' : ''
    log(`day ${day + 1}: ${syncs} syncs, ${backupRounds} backup rounds, ${notes.length} notifications, ${memory}${where}`)
  }
  // The next morning's round, without faults: every version that existed on a backup day has had its chance.
  await backupRound(false, false)
  // Let the last writes land, then measure.
  await new Promise((r) => setTimeout(r, 200))
  const end = usage(t.core.events.sinkCount)

  // Nothing lost: every play the service returned is kept once; every version is in the library and verifies.
  let lostPlays = 0
  let playsTwice = 0
  let historyLines = 0
  for (const a of accounts) {
    const { records } = await t.call('sync:history', a.id)
    const kept = new Map<string, number>()
    for (const r of records) kept.set(playKey(r), (kept.get(playKey(r)) ?? 0) + 1)
    for (const key of returned.get(a.username) ?? []) {
      const n = kept.get(key) ?? 0
      if (n === 0) lostPlays++
      if (n > 1) playsTwice++
    }
    const logFile = readdirSync(dataDir).find((f) => f.startsWith('records-') && f.endsWith('.jsonl') && f.includes(a.id.slice(-8)))
    if (logFile) historyLines += readFileSync(join(dataDir, logFile), 'utf8').split('\n').filter(Boolean).length
  }
  for (const a of withSave) await t.call('backups:verify', a.id, null)
  const files = filesUnder(backupFolder).filter((f) => /\.(json|sqlite)$/.test(f) && !f.endsWith('.manifest.json') && !f.includes('/.'))
  const onDisk = new Map(files.map((f) => [sha(readFileSync(f)), f]))
  const lostVersions = [...versions.keys()].filter((hash) => !onDisk.has(hash)).length
  let falselyVerified = 0
  for (const manifest of filesUnder(backupFolder).filter((f) => f.endsWith('.manifest.json') && !f.includes('/.'))) {
    const m = JSON.parse(readFileSync(manifest, 'utf8')) as { sha256: string; verifyStatus?: string; file: string | null }
    if (m.verifyStatus === 'ok' && !versions.has(m.sha256)) falselyVerified++
    const file = m.file ? join(manifest, '..', m.file) : null
    if (m.verifyStatus === 'ok' && file && sha(readFileSync(file)) !== m.sha256) falselyVerified++
  }
  await t.core.dispose()
  await new Promise((r) => setTimeout(r, 100))
  const logDir = join(dataDir, 'logs')
  const logFiles = readdirSync(logDir).map((name) => ({ name, bytes: statSync(join(logDir, name)).size }))
  await service.close()
  const saved = notes.filter((n) => !/fail|失败/i.test(n.title)).length
  return {
    days: options.days,
    syncs,
    backupRounds,
    faults,
    lost: { plays: lostPlays, playsTwice, versions: lostVersions, falselyVerified },
    playsReturned: [...returned.values()].reduce((n, s) => n + s.size, 0),
    versions: versions.size,
    usage: { day3: day3 ?? end, end },
    logFiles,
    historyLines,
    quota: { spent: urlsIssued() - urlsAtStart, expected: saveVersions + faultsNeedingUrl, saveVersions, faultsNeedingUrl },
    notifications: { total: notes.length, saved, failed: notes.length - saved, repeated, unexplained },
    offline: offlineState,
    // While online (offline, every account's round fails to reach the service, and says so).
    noCloudSaveNotifications: notes.filter(
      (n) => !n.offline && (n.body.startsWith(`${newbieName}:`) || n.body.startsWith(`${newbieName} `))
    ).length,
    restarts,
    wallSeconds: Math.round((performance.now() - started) / 1000)
  }
}
