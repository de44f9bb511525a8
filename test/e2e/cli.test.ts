import { spawn } from 'node:child_process'
import { createServer } from 'node:http'
import { createHash } from 'node:crypto'
import { chmodSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Language } from '../../src/shared/settings'
import { startReferenceService, type ReferenceService } from '../../reference-service/src/server'
import { runCli, type CliRun } from '../support/cli-run'
import { filesUnder } from '../support/files'

let service: ReferenceService
const tokenOf = (username: string) => service.accounts.find((a) => a.username === username && a.deployment === 'global')!.user_token
const seen: string[] = []

beforeAll(async () => {
  service = await startReferenceService({ testControls: true, dailyDownloadLimit: 100_000 })
})
afterAll(async () => {
  await service?.close()
})

/** Runs the built CLI; everything it prints is kept for the final secret scan. */
const dataDir = mkdtempSync(join(tmpdir(), 'cli-data-'))

async function cli(args: string[], env: Record<string, string | undefined> = {}): Promise<CliRun> {
  const base = { PATH: process.env.PATH, HOME: process.env.HOME, COMPANION_USER_TOKEN: tokenOf('alice'), ...env }
  const run = await runCli(['--base-url', service.deployments.global.base_url, '--data-dir', dataDir, ...args], base, 30_000)
  seen.push(run.stdout, run.stderr)
  return run
}

describe('companion CLI (built, as a child process, against the reference service)', () => {
  it('profile: the service data with its field names, as one JSON document', async () => {
    const r = await cli(['profile', '--json'])
    expect(r.code).toBe(0)
    expect(r.json).toMatchObject({ uid: '10000001', username: 'alice', email: 'alice@example.test' })
    expect(r.stdout.trim().split('\n')).toHaveLength(1)
    const human = await cli(['profile'])
    expect(human.stdout).toMatch(/username\s+alice/)
  })

  it('user: a public profile without credentials, identity encoded as one segment', async () => {
    const r = await cli(['user', 'night owl/夜猫', '--json'], { COMPANION_USER_TOKEN: undefined })
    expect(r.code).toBe(0)
    expect(r.json).toEqual({ username: 'night owl/夜猫', nickname: expect.any(String), avatar: expect.any(String) })
  })

  it('recent and rank', async () => {
    const recent = await cli(['recent', '--json'])
    expect((recent.json as { data: unknown[] }).data).toHaveLength(20)
    const rank = await cli(['rank', '--json'])
    expect(rank.json).toMatchObject({
      touch_reality: expect.any(Number),
      keyboard_reality: expect.any(Number),
      touch_ranks: expect.any(Array)
    })
    expect((await cli(['rank'])).stdout).toMatch(/Touch Reality \d+\.\d{2}\n/)
  })

  it('save info spends no download', async () => {
    const before = service.controls.counters('global').downloadUrlsIssued
    const r = await cli(['save', 'info', '--json'])
    expect(r.json).toMatchObject({ updated_at: expect.any(String), size: expect.any(Number) })
    expect(service.controls.counters('global').downloadUrlsIssued).toBe(before)
  })

  it('save info for people: times on this computer’s clock (TZ), numbers in the --lang digits; --json as sent', async () => {
    const json = (await cli(['save', 'info', '--json'])).json as { updated_at: string; meta: Record<string, unknown> }
    const ru = await cli(['--lang', 'ru', 'save', 'info'], { TZ: 'Asia/Tokyo' })
    const cell = (key: string) =>
      ru.stdout
        .split('\n')
        .find((line) => line.startsWith(`${key} `))
        ?.replace(key, '')
        .trim()
    // Written again here with Intl: Tokyo is UTC+9, Russian writes a decimal comma.
    const tokyo = new Intl.DateTimeFormat('ru', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Tokyo' })
    expect(json.updated_at).toMatch(/Z$/)
    expect(cell('updated_at')).toBe(tokyo.format(Date.parse(json.updated_at)))
    for (const [key, value] of Object.entries(json.meta)) {
      if (typeof value === 'number') expect(cell(`meta.${key}`), key).toBe(String(value).replace('.', ','))
      if (typeof value === 'string' && /Z$/.test(value)) expect(cell(`meta.${key}`), key).toBe(tokyo.format(Date.parse(value)))
    }
  })

  it('backup: downloads, then "up-to-date" without spending a download; --force downloads; list and verify', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-backups-'))
    const env = { COMPANION_USER_TOKEN: tokenOf('night owl/夜猫') }
    const first = await cli(['backup', '--dir', dir, '--json'], env)
    expect(first.code).toBe(0)
    const truth = await service.controls.saveFile('global', 'night owl/夜猫')
    expect(first.json).toEqual({
      status: 'downloaded',
      file: expect.stringContaining(dir),
      sha256: truth.sha256,
      size: truth.size,
      format: 'sqlite',
      reason: 'first',
      downloadsSpent: 1,
      resumedBytes: 0,
      removedByRetention: []
    })
    expect(
      createHash('sha256')
        .update(readFileSync((first.json as { file: string }).file))
        .digest('hex')
    ).toBe(truth.sha256)
    const before = service.controls.counters('global').downloadUrlsIssued
    const second = await cli(['backup', '--dir', dir, '--json'], env)
    expect(second.json).toMatchObject({ status: 'up-to-date' })
    expect(service.controls.counters('global').downloadUrlsIssued).toBe(before)
    expect((await cli(['backup', '--dir', dir, '--force', '--json'], env)).json).toMatchObject({ status: 'downloaded' })
    const list = await cli(['backups', 'list', '--dir', dir, '--json'], env)
    expect(list.json).toHaveLength(2)
    const verify = await cli(['backups', 'verify', '--dir', dir, '--json'], env)
    expect(verify.code).toBe(0)
    expect(verify.json).toEqual([
      expect.objectContaining({ state: 'ok', recorded: true }),
      expect.objectContaining({ state: 'ok', recorded: true })
    ])
    const folder = readdirSync(dir)[0]!
    const file = readdirSync(join(dir, folder)).find((f) => f.endsWith('.sqlite'))!
    writeFileSync(join(dir, folder, file), 'damaged')
    const damaged = await cli(['backups', 'verify', '--dir', dir, '--json'], env)
    expect(damaged.code).toBe(5)
    expect((damaged.json as { state: string }[]).map((e) => e.state)).toEqual(['mismatch', 'mismatch'])
  })

  it('nickname refuses without --yes (usage, exit 2) and changes it with --yes', async () => {
    service.controls.setStamina('global', 'alice', 2)
    const refused = await cli(['nickname', 'Scripted'])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toMatch(/uses one nickname change opportunity/)
    expect(service.controls.stamina('global', 'alice').count).toBe(2)
    const done = await cli(['nickname', 'Scripted', '--yes', '--json'])
    expect(done.code).toBe(0)
    expect(done.json).toMatchObject({ nickname: 'Scripted' })
  })

  it.each([
    ['a missing token', ['profile', '--json'], { COMPANION_USER_TOKEN: undefined }, 3],
    ['a wrong token', ['profile', '--json'], { COMPANION_USER_TOKEN: 'Basic ' + Buffer.from('nope:nope-nope').toString('base64') }, 3],
    ['a usage error', ['frobnicate'], {}, 2],
    ['an unknown option', ['profile', '--colour'], {}, 2],
    ['a service error', ['user', 'nobody-at-all', '--json'], {}, 1]
  ])('exits with the documented code for %s', async (_, args, env, code) => {
    const r = await cli(args as string[], env as Record<string, string | undefined>)
    expect(r.code).toBe(code)
    expect(r.stderr.trim().split('\n').length).toBeGreaterThanOrEqual(1)
    if ((args as string[]).includes('--json'))
      expect(r.json).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } })
  })

  it('exit 3 for a token lacking a scope', async () => {
    const r = await cli(['save', 'info', '--json'], {
      COMPANION_USER_TOKEN: service.controls.createUserToken('global', 'alice', ['profile'])
    })
    expect(r.code).toBe(3)
    expect(r.json).toMatchObject({ error: { code: 'InsufficientScopeError', status: 403 } })
  })

  it('exit 4 when the service is down, 5 when the backup folder cannot be written', async () => {
    const down = await cli(['--base-url', 'http://127.0.0.1:9/global/api', 'profile', '--json'])
    expect(down.code).toBe(4)
    const blocked = join(mkdtempSync(join(tmpdir(), 'cli-')), 'file')
    writeFileSync(blocked, 'x')
    const io = await cli(['backup', '--dir', join(blocked, 'sub'), '--json'])
    expect(io.code).toBe(5)
  })

  it.skipIf(process.platform === 'win32')(
    'reads --token-file, refusing any group or other permission bit and a symbolic link',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'cli-token-'))
      const file = join(dir, 'token')
      writeFileSync(file, tokenOf('alice'))
      for (const [mode, why] of [
        [0o644, /readable by other users/],
        [0o620, /writable or usable by other users/],
        [0o602, /writable or usable by other users/],
        [0o640, /readable by other users/]
      ] as const) {
        chmodSync(file, mode)
        const refused = await cli(['--token-file', file, 'profile'], { COMPANION_USER_TOKEN: undefined })
        expect(refused.code, mode.toString(8)).toBe(3)
        expect(refused.stderr).toMatch(why)
        expect(refused.stderr).toMatch(/chmod 600/)
      }
      chmodSync(file, 0o600)
      symlinkSync(file, join(dir, 'link'))
      const linked = await cli(['--token-file', join(dir, 'link'), 'profile'], { COMPANION_USER_TOKEN: undefined })
      expect(linked.code).toBe(3)
      expect(linked.stderr).toMatch(/symbolic link/)
      expect((await cli(['--token-file', file, 'profile', '--json'], { COMPANION_USER_TOKEN: undefined })).code).toBe(0)
    }
  )

  it('applies no retention unless asked; --keep-last moves older backups to <dir>/.trash', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-retention-'))
    const env = { COMPANION_USER_TOKEN: tokenOf('tired') }
    for (let i = 0; i < 3; i++) {
      service.controls.advanceClock(1000)
      service.controls.updateSave('global', 'tired')
      expect((await cli(['backup', '--dir', dir, '--json'], env)).json).toMatchObject({ status: 'downloaded', removedByRetention: [] })
    }
    expect((await cli(['backups', 'list', '--dir', dir, '--json'], env)).json).toHaveLength(3)
    service.controls.advanceClock(1000)
    service.controls.updateSave('global', 'tired')
    const pruned = await cli(['backup', '--dir', dir, '--keep-last', '2', '--json'], env)
    expect((pruned.json as { removedByRetention: string[] }).removedByRetention).toHaveLength(2)
    expect((await cli(['backups', 'list', '--dir', dir, '--json'], env)).json).toHaveLength(2)
    expect(filesUnder(join(dir, '.trash')).length).toBe(4)
    expect((await cli(['backup', '--help'])).stdout).toMatch(/no retention\s+unless\s+--keep-last/)
    expect((await cli(['backup', '--dir', dir, '--keep-last', '0'], env)).code).toBe(2)
  })

  it('backups diff: what changed between the last two backups, as JSON', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-diff-'))
    const env = { COMPANION_USER_TOKEN: tokenOf('tired') }
    await cli(['backup', '--dir', dir], env)
    const before = service.controls.saveBests('global', 'tired')
    const plays = service.controls.addPlays('global', 'tired', 25)
    service.controls.advanceClock(1000)
    service.controls.updateSave('global', 'tired')
    await cli(['backup', '--dir', dir], env)
    const diff = await cli(['backups', 'diff', '--dir', dir, '--json'], env)
    expect(diff.code).toBe(0)
    const best = new Map<string, number>()
    for (const p of plays) best.set(p.chart_id, Math.max(best.get(p.chart_id) ?? 0, p.score))
    const doc = diff.json as {
      added: { chart_id: string }[]
      improved: { chart_id: string; before: { score: number }; after: { score: number } }[]
    }
    expect(doc.added.map((c) => c.chart_id).sort()).toEqual([...best.keys()].filter((c) => before[c] === undefined).sort())
    expect(
      doc.improved
        .filter((c) => c.after.score > c.before.score)
        .map((c) => c.chart_id)
        .sort()
    ).toEqual(
      [...best.entries()]
        .filter(([c, s]) => before[c] !== undefined && s > before[c]!)
        .map(([c]) => c)
        .sort()
    )
    expect((await cli(['backups', 'diff', '--dir', dir], env)).stdout).toMatch(/Improved: \d+/)
  })

  it('charts: imports both community formats, then rank --json carries title, difficulty and constant beside chart_id', async () => {
    const own = mkdtempSync(join(tmpdir(), 'cli-charts-'))
    const withList = (args: string[]) => cli(['--data-dir', own, ...args])
    const before = (await withList(['rank', '--json'])).json as { touch_ranks: { chart_id: string; title: string | null }[] }
    expect(before.touch_ranks[0]!.title).toBeNull()
    const ids = [...new Set(before.touch_ranks.map((r) => r.chart_id))]
    // The song-keyed list, as the community publishes it: one song per chart here, one of them in Japanese.
    const songs = Object.fromEntries(
      ids.map((id, i) => [
        i === 0 ? '夜明けの歌' : `Test Song ${i}`,
        {
          titleCulture: i === 0 ? 'ja' : 'en',
          latinTitle: `Test Song ${i}`,
          difficulty: { Cloudburst: { chartid: id, difficultyValue: 10 + i / 10 } }
        }
      ])
    )
    const resources = join(own, 'resources.json')
    writeFileSync(resources, JSON.stringify(songs))
    const imported = await withList(['charts', 'import', resources, '--json'])
    expect(imported.json).toMatchObject({ count: ids.length, format: 'songs', source: 'imported' })
    const rank = (await withList(['rank', '--json'])).json as {
      touch_ranks: { chart_id: string; title: string; difficulty: string; constant: number }[]
    }
    for (const r of rank.touch_ranks) {
      const i = ids.indexOf(r.chart_id)
      expect(r).toMatchObject({ title: i === 0 ? '夜明けの歌' : `Test Song ${i}`, difficulty: 'Cloudburst', constant: 10 + i / 10 })
    }
    expect((await withList(['rank'])).stdout).toContain('夜明けの歌 [CB 10]')
    // A Vietnamese reader gets the kana title's Latin form, and constants with a decimal comma.
    const vietnamese = (await withList(['--lang', 'vi', 'rank'])).stdout
    expect(vietnamese).toContain('Test Song 0 [CB 10]')
    expect(vietnamese).toContain('Test Song 1 [CB 10,1]')
    expect(vietnamese).not.toContain('夜明けの歌')
    // The constants script, read as data: its names and constantv3 replace the list above.
    const script = join(own, 'constant.js')
    const entries = ids.map((id, i) => `"${id}": { "constant": 9, "constantv3": ${11 + i / 100}, "category": "CL", "name": "Script ${i}" }`)
    writeFileSync(script, `const constants = {\n${entries.join(',\n')}\n};\nconsole.log("never run")\n`)
    expect((await withList(['charts', 'import', script, '--json'])).json).toMatchObject({
      count: ids.length,
      format: 'constants',
      lastChange: { added: 0, removed: 0, constantsChanged: ids.length }
    })
    const recent = (await withList(['recent', '--json'])).json as { data: { chart_id: string; title: string | null }[] }
    for (const r of recent.data) if (ids.includes(r.chart_id)) expect(r.title).toBe(`Script ${ids.indexOf(r.chart_id)}`)
    // From the community list's host (this computer): a second update transfers nothing.
    const full = service.chartList.counters.full
    const updated = await withList(['charts', 'update', '--url', service.chartList.url, '--json'])
    expect(updated.json).toMatchObject({ source: 'url', format: 'songs', url: service.chartList.url })
    expect((await withList(['charts', 'update', '--json'])).code).toBe(0)
    expect(service.chartList.counters.full).toBe(full + 1)
    expect((await withList(['charts', 'status'])).stdout).toMatch(/charts \(songs\) from http:\/\/127\.0\.0\.1/)
    // A file that is no chart list changes nothing.
    writeFileSync(join(own, 'other.json'), '{"hello": "world"}')
    const refused = await withList(['charts', 'import', join(own, 'other.json'), '--json'])
    expect(refused.code).toBe(2)
    expect(refused.json).toMatchObject({ error: { code: 'invalid_input', message: expect.stringMatching(/not a chart list/) } })
    expect((await withList(['charts', 'status', '--json'])).json).toMatchObject({ source: 'url', format: 'songs' })
  })

  it('survives kill -9 at random moments: no partial or orphan accumulates, no older backup changes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-kill-'))
    const env = { COMPANION_USER_TOKEN: tokenOf('alice') }
    let seed = 20261122
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647
    // Slow enough that kills land before, during and after the download (pieces of 5 kB).
    service.controls.throttleDownloads(20_000)
    const finished = new Map<string, string>()
    let interrupted = 0
    try {
      // How long a whole run takes on this machine now (a loaded machine starts Node slowly): kills land across it.
      const started = performance.now()
      expect((await cli(['backup', '--dir', mkdtempSync(join(tmpdir(), 'cli-kill-timing-'))], env)).code).toBe(0)
      const whole = performance.now() - started
      for (let i = 0; i < 16; i++) {
        if (random() < 0.4) {
          service.controls.advanceClock(1000)
          service.controls.updateSave('global', 'alice')
        }
        const child = spawn(
          process.execPath,
          ['out/cli/index.js', '--base-url', service.deployments.global.base_url, '--data-dir', dataDir, 'backup', '--dir', dir],
          { env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env }, stdio: 'ignore' }
        )
        const exited = new Promise((r) => child.once('exit', r))
        await new Promise((r) => setTimeout(r, 60 + Math.floor(random() * whole * 1.4)))
        child.kill('SIGKILL')
        await exited
        if (filesUnder(dir).some((f) => f.endsWith('.part'))) interrupted++
        const verify = await cli(['backups', 'verify', '--dir', dir, '--json'], env)
        expect(verify.code, verify.stderr).toBe(0)
        const files = filesUnder(dir)
        expect(files.filter((f) => f.endsWith('.part')).length).toBeLessThanOrEqual(1)
        expect(files.filter((f) => /\.tmp(-\d+)?$/.test(f) || f.endsWith('.lock.break'))).toEqual([])
        const saves = files.filter((f) => /\.(json|sqlite)$/.test(f) && !f.endsWith('.manifest.json') && !f.includes('.part'))
        for (const [path, hash] of finished) expect(createHash('sha256').update(readFileSync(path)).digest('hex'), path).toBe(hash)
        for (const f of saves) if (!finished.has(f)) finished.set(f, createHash('sha256').update(readFileSync(f)).digest('hex'))
        const listed = (await cli(['backups', 'list', '--dir', dir, '--json'], env)).json as { path: string }[]
        expect(new Set(listed.map((e) => e.path))).toEqual(new Set(saves))
      }
    } finally {
      service.controls.resetFaults()
    }
    expect(finished.size).toBeGreaterThan(1)
    expect(interrupted).toBeGreaterThan(0)
  }, 240_000)

  it('--lang ja prints rank in Japanese; --json is the same document in every language', async () => {
    const human = await cli(['--lang', 'ja', 'rank'])
    expect(human.code).toBe(0)
    const lines = human.stdout.split('\n')
    expect(lines[0]).toMatch(/^タッチ Reality \d+\.\d{2}$/)
    expect(lines[1]).toMatch(/^プレイ日時\s+譜面\s+ランク\s+スコア\s+精度\s+Reality\s+入力$/)
    expect(lines[2]).toMatch(/ タッチ$/)
    expect(human.stdout).toMatch(/^キーボード Reality \d+\.\d{2}$/m)
    expect(human.stdout).not.toMatch(/Touch|Keyboard|played_at|accuracy/)
    const english = await cli(['rank', '--json'])
    for (const lang of ['zh-CN', 'zh-TW', 'ja', 'ko']) expect((await cli(['--lang', lang, 'rank', '--json'])).json).toEqual(english.json)
  })

  it('--lang ru, es, it and vi print rank in their words with decimal commas; --json is the same bytes in every language', async () => {
    const TABLES = {
      ru: {
        touch: 'Reality (сенсор)',
        header: ['Сыграно', 'Чарт', 'Ранг', 'Счёт', 'Точность', 'Reality', 'Ввод'],
        mode: 'сенсор',
        pct: '\u00a0%'
      },
      es: {
        touch: 'Reality táctil',
        header: ['Fecha', 'Chart', 'Rango', 'Puntuación', 'Precisión', 'Reality', 'Entrada'],
        mode: 'táctil',
        pct: '\u00a0%'
      },
      it: {
        touch: 'Reality touch',
        header: ['Data', 'Chart', 'Voto', 'Punteggio', 'Precisione', 'Reality', 'Input'],
        mode: 'touch',
        pct: '%'
      },
      vi: {
        touch: 'Reality cảm ứng',
        header: ['Thời điểm chơi', 'Chart', 'Hạng', 'Điểm', 'Độ chính xác', 'Reality', 'Kiểu nhập'],
        mode: 'cảm ứng',
        pct: '%'
      }
    } as const
    const english = await cli(['rank'])
    const englishReality = english.stdout.split('\n')[0]!.split(' ').at(-1)!
    for (const [lang, words] of Object.entries(TABLES)) {
      const human = await cli(['--lang', lang, 'rank'])
      expect(human.code, lang).toBe(0)
      const lines = human.stdout.split('\n')
      // The same Reality, with a decimal comma.
      expect(lines[0], lang).toBe(`${words.touch} ${englishReality.replace('.', ',')}`)
      expect(lines[1]!.split(/\s{2,}/), lang).toEqual(words.header)
      expect(lines[2], lang).toMatch(new RegExp(` \\d{2,3},\\d{2}${words.pct}\\s+\\d+,\\d{2}\\s+${words.mode}$`))
      expect(human.stdout, lang).not.toMatch(/Touch|Keyboard|played_at|accuracy/)
      // No decimal point but in the time of a play (as the service wrote it, the same in every language).
      const cells = lines.flatMap((line) => line.split(/\s{2,}/).slice(line.startsWith('20') ? 1 : 0))
      expect(
        cells.filter((cell) => /\d\.\d/.test(cell)),
        lang
      ).toEqual([])
    }
    // --json is a public interface: the same bytes whatever the language.
    const json = await cli(['rank', '--json'])
    for (const lang of Language.options) expect((await cli(['--lang', lang, 'rank', '--json'])).stdout, lang).toBe(json.stdout)
  })

  it('sends --lang as Accept-Language; stderr says the error in the CLI’s words of that language, --json keeps the service’s', async () => {
    const r = await cli(['--lang', 'zh-CN', 'user', 'nobody-at-all', '--json'])
    // The service answered in Chinese (its message for UserNotFoundError in zh-CN): it was asked in Chinese.
    expect((r.json as { error: { message: string } }).error.message).toMatch(/用户不存在或已不可用/)
    expect(r.stderr).toBe('companion: 没有该玩家（或账号已不可用）。 (UserNotFoundError)\n')
  })

  it('never prints a token or a signed URL, even with --verbose', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-verbose-'))
    const r = await cli(['--verbose', 'backup', '--dir', dir, '--force'])
    expect(r.stderr).toMatch(/GET 127\.0\.0\.1:\d+\/files\/save\//)
    const everything = seen.join('\n')
    for (const account of service.accounts) expect(everything).not.toContain(account.user_token.replace(/^Basic /, ''))
    expect(everything).not.toMatch(/sig=/)
  })

  it('a server that echoes the credential in its error never puts it on screen', async () => {
    const token = tokenOf('alice')
    const echo = createServer((req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ code: 'InvalidTokenError', message: `bad credential ${req.headers.authorization}` }))
    })
    await new Promise<void>((r) => echo.listen(0, '127.0.0.1', r))
    try {
      const port = (echo.address() as { port: number }).port
      const r = await cli(['--base-url', `http://127.0.0.1:${port}/api`, 'profile', '--json'])
      expect(r.code).toBe(3)
      expect(r.stdout + r.stderr).toMatch(/bad credential \[redacted\]/)
      expect(r.stdout + r.stderr).not.toContain(token.replace(/^Basic /, ''))
    } finally {
      echo.close()
    }
  })
})
