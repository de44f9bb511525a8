import { createHash } from 'node:crypto'
import { createRequire } from 'node:module'
import initSqlJs from 'sql.js'
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
    expect(JSON.parse(body.toString()).username).toBe('alice')
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

  it('serves SQLite saves with the JSON save in a kv table', async () => {
    const body = Buffer.from(await (await fetch(await fileUrl('night owl/夜猫'))).arrayBuffer())
    expect(body.subarray(0, 16).toString('latin1')).toBe('SQLite format 3\0')
    const require = createRequire(import.meta.url)
    const SQL = await initSqlJs({ locateFile: (f: string) => require.resolve(`sql.js/dist/${f}`) })
    const db = new SQL.Database(body)
    const [row] = db.exec("SELECT value FROM kv WHERE key = 'save'")
    const save = JSON.parse(String(row!.values[0]![0])) as { username: string; records: unknown[] }
    expect(save.username).toBe('night owl/夜猫')
    expect(save.records.length).toBeGreaterThan(50)
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
    const oldHash = createHash('sha256').update(Buffer.from(await (await fetch(await fileUrl('tired'))).arrayBuffer())).digest('hex')
    box.service.controls.advanceClock(1000)
    box.service.controls.updateSave('global', 'tired')
    const after = await call(`${base()}/v1/game/save/info`, { auth })
    expect(after.body.data?.updated_at).not.toBe(before.body.data?.updated_at)
    const newHash = createHash('sha256').update(Buffer.from(await (await fetch(await fileUrl('tired'))).arrayBuffer())).digest('hex')
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
    const r = await fetch(box.service.deployments.global.tokens_page, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() })
    expect(await r.text()).toContain('Wrong username or password')
  })
})

describe('seed data and the service process', () => {
  it('is deterministic: the catalogue and the records are the same on every start', async () => {
    expect(generateCatalogue()).toEqual(generateCatalogue())
    const other = await startReferenceService()
    try {
      const a = await call(`${base()}/v1/user/alice/recent`, { auth: account(box.service, 'global', 'alice').user_token })
      const b = await call(`${other.deployments.global.base_url}/v1/user/alice/recent`, { auth: account(other, 'global', 'alice').user_token })
      expect(a.body.data?.data?.map((r) => r.chart_id)).toEqual(b.body.data?.data?.map((r) => r.chart_id))
      expect((await fetch(`${other.origin}/__controls/counters/global`)).status).toBe(404)
    } finally {
      await other.close()
    }
  })

  it('serves the chart catalogue as plain JSON', async () => {
    const r = await fetch(`${base()}/static/charts.json`)
    const doc = (await r.json()) as { charts: { chart_id: string; title: string; constant: number }[] }
    expect(doc.charts.length).toBe(240)
    expect(new Set(doc.charts.map((c) => c.title)).size).toBe(60)
  })

  it('exposes the controls over HTTP with --test-controls', async () => {
    const r = await fetch(`${box.service.origin}/__controls/setLatency`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ args: [0] }) })
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
    await call(`${first.deployments.global.base_url}/v1/user`, { method: 'PATCH', auth: account(first, 'global', 'alice').user_token, body: { nickname: 'Persisted' } })
    await first.close()
    const second = await startReferenceService({ dataDir: dir })
    try {
      expect((await call(`${second.deployments.global.base_url}/v1/user/alice`)).body.data?.nickname).toBe('Persisted')
    } finally {
      await second.close()
    }
  })
})
