import { createHash } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Chart } from './seed/catalogue'

/**
 * A stand-in for the community chart list players use (a calculator's `resources/resources.json`,
 * shared/notes/real-service.md): songs keyed by title, each with a `difficulty` map. The live
 * service publishes no chart list, so the demo and the tests get names through this shape, from a
 * host of its own (127.0.0.1), as a player gets them from the community's host.
 */

// Some of the fictional songs get an original title in Japanese or Chinese, with the seed's title as
// the Latin transcription, and some a Chinese title beside the original, as the real list has.
// Each list wrapped by hand: Prettier counts columns, and would join it into one line of more than 140 bytes.
// prettier-ignore
const JAPANESE = [
  '静かな雨', '紅の灯籠', '紙の庭', 'ネオン信号',
  'ビロードの潮', '虚ろな残響', '硝子の軌道', '月の港'
]
// prettier-ignore
const CHINESE = [
  '寂静之雨', '绯红灯笼', '纸之庭园', '霓虹信号',
  '天鹅绒之潮', '空洞回声', '玻璃轨道', '月之港湾'
]
const CHINESE_OF_LATIN = ['冰封花开', '漫游电路', '琥珀草甸', '电光彗星']
const CHARTERS = ['Kiyotsuki', 'Akko', 'Magazet', '十返清月']

interface Song {
  titleCulture: string
  latinTitle: string
  Title_zh_Hans?: string
  songid: string
  chapter: string
  artist: string
  illustrator: string[]
  tags: string[]
  difficulty: Record<string, Record<string, unknown>>
}

/** A chart id for a story or Special chart nobody plays (constant 0): derived, so the list is the same every run. */
const derivedId = (songId: string, name: string) => {
  const h = createHash('sha256').update(`${songId}:${name}`).digest('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`
}

/** The seed's charts as the community's song-keyed list, with the extra keys real lists carry. */
export function communityList(charts: readonly Chart[]): Record<string, Song> {
  const songs = new Map<string, Chart[]>()
  for (const c of charts) songs.set(c.song_id, [...(songs.get(c.song_id) ?? []), c])
  const list: Record<string, Song> = {}
  let i = 0
  for (const [songId, songCharts] of songs) {
    const first = songCharts[0]!
    const slot = i % 8
    const japanese = i % 6 === 1
    const chinese = i % 6 === 3
    const numbered = (title: string | undefined) => `${title}${i >= 8 ? ` ${i}` : ''}`
    const key = japanese ? numbered(JAPANESE[slot]) : chinese ? numbered(CHINESE[slot]) : first.title
    const song: Song = {
      titleCulture: japanese ? 'ja' : chinese ? 'zh-Hans' : 'en',
      latinTitle: first.title,
      ...(chinese
        ? { Title_zh_Hans: key }
        : i % 4 === 0
          ? { Title_zh_Hans: `${CHINESE_OF_LATIN[(i / 4) % 4]}${i >= 16 ? ` ${i}` : ''}` }
          : {}),
      songid: songId,
      chapter: `chapter${(i % 5) + 1}`,
      artist: first.artist,
      illustrator: ['Qieth'],
      tags: [first.title, first.artist],
      difficulty: {}
    }
    for (const c of songCharts) {
      song.difficulty[c.difficulty] = {
        chartid: c.chart_id,
        difficultyValue: c.constant,
        charter: CHARTERS[c.notes % CHARTERS.length],
        bpmInfo: [{ start: 0, bpm: 140 + (c.notes % 60) }],
        combo: c.notes,
        有判数: Math.round(c.notes * 0.4),
        谱面时长: '2:20',
        谱面解锁前隐藏: 'False'
      }
    }
    // Story and Special charts give no Reality: constant 0.
    if (i % 10 === 2) song.difficulty.Cloudburst_Story = { chartid: derivedId(songId, 'Cloudburst_Story'), difficultyValue: 0, combo: 300 }
    if (i % 10 === 7) song.difficulty.Special = { chartid: derivedId(songId, 'Special'), difficultyValue: 0, combo: 500 }
    list[key] = song
    i++
  }
  return list
}

export interface ChartListHostCounters {
  requests: number
  /** Answers with the whole list. */
  full: number
  /** 304 answers: the client's copy is current, nothing transferred. */
  notModified: number
  bytes: number
}

export interface ChartListHost {
  url: string
  counters: ChartListHostCounters
  /** Serves another list from now on (a new release of the community's list). */
  publish(body: string): void
  /** The next `count` requests answer this HTTP status. */
  failNext(count: number, status?: number): void
  close(): Promise<void>
}

/** Serves one list at `/resources/resources.json` with an ETag and Last-Modified, answering 304 to a current copy. */
export async function startChartListHost(body: string, now: () => number = Date.now): Promise<ChartListHost> {
  let current = { body: Buffer.from(body), etag: '', modified: '' }
  const publish = (text: string) => {
    const bytes = Buffer.from(text)
    current = {
      body: bytes,
      etag: `"${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}"`,
      modified: new Date(Math.floor(now() / 1000) * 1000).toUTCString()
    }
  }
  publish(body)
  const counters: ChartListHostCounters = { requests: 0, full: 0, notModified: 0, bytes: 0 }
  let failures = { count: 0, status: 500 }
  const server: Server = createServer((req, res) => {
    counters.requests++
    if (failures.count > 0) {
      failures.count--
      res.writeHead(failures.status, { 'content-type': 'text/plain' }).end('unavailable')
      return
    }
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/resources/resources.json') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
      return
    }
    const headers = { etag: current.etag, 'last-modified': current.modified, 'cache-control': 'max-age=300' }
    const since = Date.parse(req.headers['if-modified-since'] ?? '')
    const fresh = req.headers['if-none-match']
      ? req.headers['if-none-match'] === current.etag
      : Number.isFinite(since) && since >= Date.parse(current.modified)
    if (fresh) {
      counters.notModified++
      res.writeHead(304, headers).end()
      return
    }
    counters.full++
    counters.bytes += current.body.length
    res.writeHead(200, { ...headers, 'content-type': 'text/plain; charset=utf-8', 'content-length': current.body.length }).end(current.body)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}/resources/resources.json`,
    counters,
    publish,
    failNext(count, status = 500) {
      failures = { count, status }
    },
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
}
