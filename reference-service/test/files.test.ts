import { createHash } from 'node:crypto'
import { loadSqlJs } from '../../src/main/platform-node/sqljs'
import { describe, expect, it } from 'vitest'
import { generateCatalogue } from '../src/seed/catalogue'
import { startReferenceService } from '../src/server'
import { account, call, useService } from './support'

const box = useService({ largeSaveBytes: 3 * 1024 * 1024, dailyDownloadLimit: 1000 })
const base = () => box.service.deployments.global.base_url

async function fileUrl(username = 'alice', d: 'global' | 'china' = 'global') {
  const r = await call(`${box.service.deployments[d].base_url}/v1/game/save`, { auth: account(box.service, d, username).user_token })
  expect(r.body.code).toBe('OK')
  return String(r.body.data!.file_url)
}

describe('signed save URL', () => {
  it('is fetched with a plain GET, with Content-Length, ETag and the size save/info announced', async () => {
    const url = await fileUrl()
    expect(url).not.toContain('Authorization')
    const r = await fetch(url)
    const body = Buffer.from(await r.arrayBuffer())
    const info = await call(`${base()}/v1/game/save/info`, { auth: account(box.service, 'global', 'alice').user_token })
    expect(r.status).toBe(200)
    expect(Number(r.headers.get('content-length'))).toBe(body.length)
    expect(body.length).toBe(info.body.data?.size)
    expect(r.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/)
    const save = JSON.parse(body.toString()) as {
      Username: string
      UserID: number
      SongRecordsV3: { BeatmapID: string; BestScore: number; BestLevel: number; AchievedStatus: number[] }[]
    }
    expect(save).toMatchObject({ Username: 'alice', UserID: 10000001 })
    expect(save.SongRecordsV3.length).toBe(Object.keys(box.service.controls.saveBests('global', 'alice')).length)
    // The controls' truth is the file the URL serves.
    expect(await box.service.controls.saveFile('global', 'alice')).toEqual({
      size: body.length,
      sha256: createHash('sha256').update(body).digest('hex'),
      etag: r.headers.get('etag')
    })
  })

  it('serves byte ranges, and the whole file again when If-Range no longer matches', async () => {
    const url = await fileUrl()
    const full = Buffer.from(await (await fetch(url)).arrayBuffer())
    const part = await fetch(url, { headers: { range: 'bytes=100-199' } })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${full.length}`)
    expect(Buffer.from(await part.arrayBuffer())).toEqual(full.subarray(100, 200))
    const tail = await fetch(url, { headers: { range: `bytes=${full.length - 10}-` } })
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(full.subarray(full.length - 10))
    const stale = await fetch(url, { headers: { range: 'bytes=100-', 'if-range': '"stale"' } })
    expect(stale.status).toBe(200)
    const bad = await fetch(url, { headers: { range: `bytes=${full.length + 5}-` } })
    expect(bad.status).toBe(416)
  })

  it('refuses a tampered signature, an expired URL, and URLs expired early by the controls', async () => {
    const url = await fileUrl()
    expect((await fetch(url.replace(/sig=[^&]+/, 'sig=AAAA'))).status).toBe(403)
    expect((await fetch(url.replace(/expires=\d+/, 'expires=9999999999'))).status).toBe(403)
    box.service.controls.advanceClock(11 * 60_000)
    expect((await fetch(url)).status).toBe(403)
    const fresh = await fileUrl()
    box.service.controls.expireSignedUrls()
    expect((await fetch(fresh)).status).toBe(403)
    expect((await fetch(await fileUrl())).status).toBe(200)
  })

  it("serves SQLite saves in the game's container: kv(id, key UNIQUE, value, created_at, updated_at), PlayerFileV2", async () => {
    const body = Buffer.from(await (await fetch(await fileUrl('night owl/夜猫'))).arrayBuffer())
    expect(body.subarray(0, 16).toString('latin1')).toBe('SQLite format 3\0')
    const SQL = await loadSqlJs()
    const db = new SQL.Database(body)
    const tables = db.exec("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")[0]!.values.flat()
    expect(tables).toEqual(['kv', 'migrations', 'sqlite_sequence'])
    const columns = db.exec('PRAGMA table_info(kv)')[0]!.values.map((c) => [c[1], c[2], c[5]])
    expect(columns).toEqual([
      ['id', 'INTEGER', 1],
      ['key', 'TEXT', 0],
      ['value', 'TEXT', 0],
      ['created_at', 'DATETIME', 0],
      ['updated_at', 'DATETIME', 0]
    ])
    const rows = db.exec('SELECT key, value, typeof(value) FROM kv')[0]!.values
    expect(rows.length).toBeGreaterThan(1)
    const saves = rows.filter(([key]) => key === 'PlayerFileV2')
    expect(saves).toHaveLength(1)
    expect(saves[0]![2]).toBe('text')
    const save = JSON.parse(String(saves[0]![1])) as Record<string, unknown> & { SongRecordsV3: unknown[] }
    expect(save).toMatchObject({ Username: 'night owl/夜猫', Nickname: 'Night Owl', UserUUID: expect.stringMatching(/^[0-9a-f-]{36}$/) })
    expect(save.LastSaveTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/)
    for (const key of [
      'UserID',
      'SaveVersionCode',
      'SongRecords',
      'MarkRecords',
      'ImmerseProgresses',
      'Offsets',
      'ChapterSelectPreferences'
    ])
      expect(save).toHaveProperty(key)
    expect(save.SongRecordsV3.length).toBeGreaterThan(50)
  })

  it('an older save: PlayerFile, only the legacy SongRecords array, BestLevel in seven grades (no SS)', async () => {
    const body = Buffer.from(await (await fetch(await fileUrl('tired-cn', 'china'))).arrayBuffer())
    const db = new (await loadSqlJs()).Database(body)
    const rows = db.exec('SELECT key, value FROM kv')[0]!.values
    expect(rows.map(([key]) => key)).toContain('PlayerFile')
    expect(rows.map(([key]) => key)).not.toContain('PlayerFileV2')
    const save = JSON.parse(String(rows.find(([key]) => key === 'PlayerFile')![1])) as {
      SongRecordsV3: unknown[]
      SongRecords: { BestScore: number; BestLevel: number }[]
    }
    expect(save.SongRecordsV3).toEqual([])
    expect(save.SongRecords.length).toBeGreaterThan(5)
    // Independent truth: the old scheme's thresholds written out (0 R, 1 M, 2 S, 3 A, 4 B, 5 C, 6 F).
    const oldLevel = (s: number) =>
      s >= 1_010_000 ? 0 : s >= 1_000_000 ? 1 : s >= 850_000 ? 2 : s >= 750_000 ? 3 : s >= 650_000 ? 4 : s >= 600_000 ? 5 : 6
    for (const r of save.SongRecords) expect(r.BestLevel).toBe(oldLevel(r.BestScore))
    expect(save.SongRecords.some((r) => r.BestLevel === 2 && r.BestScore < 950_000)).toBe(true)
  })

  it('generates the large save on demand, at the configured size', async () => {
    const r = await fetch(await fileUrl('bench'))
    const body = Buffer.from(await r.arrayBuffer())
    expect(body.length).toBe(3 * 1024 * 1024)
    expect(() => JSON.parse(body.toString())).not.toThrow()
  })

  it('a new cloud save version changes updated_at and content', async () => {
    const auth = account(box.service, 'global', 'tired').user_token
    const before = await call(`${base()}/v1/game/save/info`, { auth })
    const oldHash = createHash('sha256')
      .update(Buffer.from(await (await fetch(await fileUrl('tired'))).arrayBuffer()))
      .digest('hex')
    box.service.controls.advanceClock(1000)
    box.service.controls.updateSave('global', 'tired')
    const after = await call(`${base()}/v1/game/save/info`, { auth })
    expect(after.body.data?.updated_at).not.toBe(before.body.data?.updated_at)
    const newHash = createHash('sha256')
      .update(Buffer.from(await (await fetch(await fileUrl('tired'))).arrayBuffer()))
      .digest('hex')
    expect(newHash).not.toBe(oldHash)
  })
})

describe('download faults', () => {
  it('cuts a download after N bytes, counts only complete downloads', async () => {
    const url = await fileUrl()
    const served = box.service.controls.counters('global').downloadsServed
    box.service.controls.cutNextDownload(1000)
    const r = await fetch(url)
    await expect(r.arrayBuffer()).rejects.toThrow()
    expect(box.service.controls.counters('global').downloadsServed).toBe(served)
    await (await fetch(url)).arrayBuffer()
    expect(box.service.controls.counters('global').downloadsServed).toBe(served + 1)
  })

  it('sends a body shorter or longer than the file, without Content-Length', async () => {
    const url = await fileUrl()
    const size = Number((await fetch(url, { method: 'HEAD' })).headers.get('content-length'))
    box.service.controls.wrongLengthNext(-100)
    const shorter = await fetch(url)
    expect(shorter.headers.get('content-length')).toBeNull()
    expect((await shorter.arrayBuffer()).byteLength).toBe(size - 100)
    box.service.controls.wrongLengthNext(50)
    expect((await (await fetch(url)).arrayBuffer()).byteLength).toBe(size + 50)
  })

  it('stalls before the headers, or after some bytes of the body, and lets go by itself', async () => {
    const url = await fileUrl()
    box.service.controls.stallNextDownload('headers')
    const waiting = await fetch(url, { signal: AbortSignal.timeout(300) }).then(
      () => 'answered',
      (e: Error) => e.name
    )
    expect(waiting).toBe('TimeoutError')
    box.service.controls.stallNextDownload('body', 500)
    const r = await fetch(url)
    const reader = r.body!.getReader()
    let got = 0
    const deadline = Date.now() + 400
    while (Date.now() < deadline) {
      const chunk = await Promise.race([reader.read(), new Promise<null>((res) => setTimeout(() => res(null), 100))])
      if (chunk && !chunk.done) got += chunk.value.length
    }
    expect(got).toBe(500)
    await reader.cancel()
  })

  it('answers a Range request wrongly on demand: another start, no Content-Range, If-Range ignored', async () => {
    const url = await fileUrl()
    const full = Buffer.from(await (await fetch(url)).arrayBuffer())
    box.service.controls.rangeFaultNext('wrong-start')
    const wrong = await fetch(url, { headers: { range: 'bytes=2000-' } })
    expect(wrong.headers.get('content-range')).toBe(`bytes 1000-${full.length - 1}/${full.length}`)
    expect(Buffer.from(await wrong.arrayBuffer())).toEqual(full.subarray(1000))
    box.service.controls.rangeFaultNext('no-content-range')
    const bare = await fetch(url, { headers: { range: 'bytes=2000-' } })
    expect(bare.status).toBe(206)
    expect(bare.headers.get('content-range')).toBeNull()
    await bare.arrayBuffer()
    box.service.controls.rangeFaultNext('ignore-if-range')
    const ignored = await fetch(url, { headers: { range: 'bytes=2000-', 'if-range': '"other"' } })
    expect(ignored.status).toBe(206)
    await ignored.arrayBuffer()
  })

  it('replaces the file at the same URL after a cut, and can expire every URL after one', async () => {
    const url = await fileUrl('tired')
    const etag = (await fetch(url, { method: 'HEAD' })).headers.get('etag')
    box.service.controls.cutNextDownload(100)
    box.service.controls.replaceFileAfterCut()
    await (await fetch(url)).arrayBuffer().catch(() => null)
    const after = await fetch(url, { method: 'HEAD' })
    expect(after.status).toBe(200)
    expect(after.headers.get('etag')).not.toBe(etag)
    box.service.controls.cutNextDownload(100)
    box.service.controls.expireUrlsAfterCut()
    await (await fetch(url)).arrayBuffer().catch(() => null)
    expect((await fetch(url)).status).toBe(403)
  })

  it('serves something that is not a save on demand, and leaves the size out of save/info', async () => {
    const url = await fileUrl()
    box.service.controls.wrongBodyNext('html')
    const html = await fetch(url)
    expect(html.headers.get('content-type')).toMatch(/text\/html/)
    expect(await html.text()).toMatch(/<html/)
    box.service.controls.wrongBodyNext('endless')
    const endless = await fetch(url)
    const reader = endless.body!.getReader()
    let got = 0
    while (got < 2 * 1024 * 1024) got += (await reader.read()).value!.length
    await reader.cancel()
    box.service.controls.omitSaveSize(true)
    try {
      const info = await call(`${base()}/v1/game/save/info`, { auth: account(box.service, 'global', 'alice').user_token })
      expect(info.body.data).not.toHaveProperty('size')
    } finally {
      box.service.controls.resetFaults()
    }
  })

  it('fails the next file request with a 503 HTML page', async () => {
    const url = await fileUrl()
    box.service.controls.failNext(1, 'html', 'file')
    const r = await fetch(url)
    expect(r.status).toBe(503)
    expect((await fetch(url)).status).toBe(200)
  })
})

describe('User Token page', () => {
  it('creates a token with chosen scopes and shows the Basic header value once', async () => {
    const page = box.service.deployments.global.tokens_page
    expect(await (await fetch(page)).text()).toContain('Never share it')
    const form = new URLSearchParams({ username: 'alice', password: 'milthm-demo', label: 'cron' })
    form.append('scope', 'profile')
    const r = await fetch(page, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() })
    const header = /<code id="header">([^<]+)<\/code>/.exec(await r.text())![1]!
    expect(header).toMatch(/^Basic [A-Za-z0-9+/=]+$/)
    const me = await call(`${base()}/v1/user`, { auth: header })
    expect(Object.keys(me.body.data!).sort()).toEqual(['avatar', 'nickname', 'uid', 'username', 'zone'])
    expect((await call(`${base()}/v1/game/save/info`, { auth: header })).body.code).toBe('InsufficientScopeError')
  })

  it('refuses a wrong password', async () => {
    const form = new URLSearchParams({ username: 'alice', password: 'nope' })
    const r = await fetch(box.service.deployments.global.tokens_page, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString()
    })
    expect(await r.text()).toContain('Wrong username or password')
  })
})

describe('seed data and the service process', () => {
  it('is deterministic: the catalogue and the records are the same on every start', async () => {
    expect(generateCatalogue()).toEqual(generateCatalogue())
    const other = await startReferenceService()
    try {
      const a = await call(`${base()}/v1/user/alice/recent`, { auth: account(box.service, 'global', 'alice').user_token })
      const b = await call(`${other.deployments.global.base_url}/v1/user/alice/recent`, {
        auth: account(other, 'global', 'alice').user_token
      })
      expect(a.body.data?.data?.map((r) => r.chart_id)).toEqual(b.body.data?.data?.map((r) => r.chart_id))
      expect((await fetch(`${other.origin}/__controls/counters/global`)).status).toBe(404)
    } finally {
      await other.close()
    }
  })

  it('publishes no chart list under the API base, as the live service; a host of its own serves the community list', async () => {
    expect((await fetch(`${base()}/static/charts.json`)).status).toBe(404)
    const r = await fetch(box.service.chartList.url)
    const list = (await r.json()) as Record<
      string,
      { latinTitle: string; difficulty: Record<string, { chartid: string; difficultyValue: number }> }
    >
    const songs = Object.entries(list)
    expect(songs).toHaveLength(60)
    const charts = songs.flatMap(([, song]) => Object.entries(song.difficulty))
    // Every seeded chart, plus story and Special charts (constant 0) that nobody plays.
    const seeded = new Set(generateCatalogue().map((c) => c.chart_id))
    expect(charts.filter(([, d]) => seeded.has(d.chartid))).toHaveLength(240)
    const extra = charts.filter(([, d]) => !seeded.has(d.chartid))
    expect(extra.length).toBeGreaterThan(0)
    expect(extra.every(([name, d]) => /_Story$|^Special$/.test(name) && d.difficultyValue === 0)).toBe(true)
    // Titles in other scripts, with the Latin transcription beside them.
    expect(songs.some(([title]) => /[\u3040-\u30ff]/.test(title))).toBe(true)
    expect(songs.some(([title]) => /[\u4e00-\u9fff]/.test(title))).toBe(true)
    // A client holding the current copy gets a 304 and no body.
    const etag = r.headers.get('etag')!
    const again = await fetch(box.service.chartList.url, { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
    expect(box.service.chartList.counters.notModified).toBeGreaterThan(0)
  })

  it('exposes the controls over HTTP with --test-controls', async () => {
    const r = await fetch(`${box.service.origin}/__controls/setLatency`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ args: [0] })
    })
    expect(r.status).toBe(200)
    const counters = (await (await fetch(`${box.service.origin}/__controls/counters/global`)).json()) as { downloadUrlsIssued: number }
    expect(counters.downloadUrlsIssued).toBeGreaterThan(0)
  })

  it('keeps state in --data-dir across restarts', async () => {
    const { mkdtempSync } = await import('node:fs')
    const { tmpdir } = await import('node:os')
    const { join } = await import('node:path')
    const dir = mkdtempSync(join(tmpdir(), 'ref-state-'))
    const first = await startReferenceService({ dataDir: dir })
    await call(`${first.deployments.global.base_url}/v1/user`, {
      method: 'PATCH',
      auth: account(first, 'global', 'alice').user_token,
      body: { nickname: 'Persisted' }
    })
    await first.close()
    const second = await startReferenceService({ dataDir: dir })
    try {
      expect((await call(`${second.deployments.global.base_url}/v1/user/alice`)).body.data?.nickname).toBe('Persisted')
    } finally {
      await second.close()
    }
  })
})
