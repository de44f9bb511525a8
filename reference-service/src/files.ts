import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { brotliCompressSync, createBrotliCompress, createDeflate, createGzip, deflateSync, gzipSync } from 'node:zlib'
import type { ServerResponse } from 'node:http'
import type { Context } from 'koa'
import { signSavePath } from './api'
import { STALL_HOLD_MS, type BrokenBody, type Deployment, type ServiceContext } from './context'
import type { SaveFile } from './saves'
import type { DeploymentId } from './model'

function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'invalid' {
  if (!header) return null
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match) return 'invalid'
  const [, a = '', b = ''] = match
  if (a === '' && b === '') return 'invalid'
  const start = a === '' ? Math.max(0, size - Number(b)) : Number(a)
  const end = a === '' || b === '' ? size - 1 : Math.min(Number(b), size - 1)
  if (start > end || start >= size) return 'invalid'
  return { start, end }
}

function validSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** Holds a response open without sending anything more, then drops it (the server stops by itself). */
function hold(res: ServerResponse): void {
  const timer = setTimeout(() => res.socket?.destroy(), STALL_HOLD_MS)
  timer.unref()
  res.on('close', () => clearTimeout(timer))
}

/** Not a save: a captive-portal page, or a body that never ends (both without a length). */
function serveWrongBody(res: ServerResponse, kind: 'html' | 'endless'): void {
  res.writeHead(200, {
    'content-type': kind === 'html' ? 'text/html; charset=utf-8' : 'application/octet-stream',
    'cache-control': 'no-store'
  })
  if (kind === 'html')
    return void res.end(
      '<!doctype html><html><head><title>Wi-Fi sign in</title></head><body><h1>Please sign in to continue</h1></body></html>'
    )
  // A JSON-looking start, then spaces forever: only a size limit stops it.
  const chunk = Buffer.alloc(64 * 1024, 0x20)
  let sent = 0
  const pump = () => {
    while (!res.destroyed && sent < 4 * 1024 * 1024 * 1024) {
      sent += chunk.length
      if (!res.write(sent === chunk.length ? Buffer.concat([Buffer.from('{"endless":"'), chunk.subarray(12)]) : chunk))
        return void res.once('drain', pump)
    }
    res.end()
  }
  pump()
}

/**
 * The signed save URL: a plain GET without Authorization, HMAC over path, expiry and issue time.
 * Supports Content-Length, ETag, Last-Modified, Range (single) and If-Range, plus the download
 * faults the test controls switch on (cuts, stalls, trickles, wrong ranges, replaced files…).
 */
export async function serveSave(ctx: Context, service: ServiceContext): Promise<void> {
  const { deployment: depId, uid, version } = ctx.params as { deployment: string; uid: string; version: string }
  const d = service.deployments.get(depId as DeploymentId)
  const expires = Number(ctx.query.expires)
  const issued = Number(ctx.query.issued)
  const sig = String(ctx.query.sig ?? '')
  const path = `/files/save/${depId}/${uid}/${version}`
  const now = service.clock.now()
  const authentic = validSignature(sig, signSavePath(service.urlSecret, path, expires, issued))
  if (!d || !authentic || !(expires * 1000 > now) || issued < service.faults.urlsValidAfter) {
    ctx.status = 403
    ctx.type = 'application/xml'
    ctx.body =
      '<?xml version="1.0"?><Error><Code>AccessDenied</Code><Message>Request has expired or the signature does not match</Message></Error>'
    return
  }
  const account = d.accounts.byUid(uid)
  if (!account?.save || String(account.save.version) !== version) {
    ctx.status = 404
    ctx.body = 'Not found'
    return
  }
  const { faults } = service
  if (faults.fileLimitNext.times > 0) {
    faults.fileLimitNext.times--
    ctx.status = faults.fileLimitNext.kind === '429' ? 429 : 403
    ctx.type = 'text/plain'
    ctx.body = 'Download limit reached'
    return
  }
  if (faults.failNext.file > 0) {
    faults.failNext.file--
    ctx.status = 503
    ctx.type = 'text/html'
    ctx.body = '<html><body>503 Service Unavailable</body></html>'
    return
  }
  ctx.respond = false
  const res = ctx.res
  if (faults.stallNext.times > 0 && faults.stallNext.phase === 'headers') {
    faults.stallNext.times--
    return hold(res)
  }
  if (faults.bodyNext.times > 0) {
    faults.bodyNext.times--
    return serveWrongBody(res, faults.bodyNext.kind)
  }
  if (faults.brokenBody) return sendBrokenBody(res, faults.brokenBody, await readFile((await service.saveFile(d, uid)).path))
  if (faults.compressNext.times > 0) {
    faults.compressNext.times--
    return sendCompressed(res, service, await service.saveFile(d, uid))
  }
  await sendFile(ctx, service, d, uid)
}

/**
 * A broken body written on the socket itself, then FIN: what a misbehaving file server or proxy sends.
 * The random bytes are never a gzip stream (their first byte is not gzip's).
 */
function sendBrokenBody(res: ServerResponse, kind: BrokenBody, save: Buffer): void {
  const socket = res.socket
  if (!socket) return
  const head = (headers: string[]) =>
    `HTTP/1.1 200 OK\r\ncontent-type: application/octet-stream\r\n${headers.join('\r\n')}\r\nconnection: close\r\n\r\n`
  const half = (bytes: Buffer) => bytes.subarray(0, Math.max(1, Math.floor(bytes.length / 2)))
  if (kind === 'fake-gzip') {
    const noise = randomBytes(4000)
    noise[0] = 0x7b
    socket.end(Buffer.concat([Buffer.from(head(['content-encoding: gzip'])), noise]))
  } else if (kind === 'short-plain') {
    socket.end(Buffer.concat([Buffer.from(head([`content-length: ${save.length}`])), half(save)]))
  } else if (kind === 'cut-chunked') {
    const chunk = Buffer.from(`${save.length.toString(16)}\r\n`)
    socket.end(Buffer.concat([Buffer.from(head(['transfer-encoding: chunked'])), chunk, half(save)]))
  } else {
    const gzip = gzipSync(save)
    socket.end(Buffer.concat([Buffer.from(head(['content-encoding: gzip', `content-length: ${gzip.length}`])), half(gzip)]))
  }
}

const compressors = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync }

/** The save compressed whole, with its own strong ETag (another representation); a cut ends it early. */
async function sendCompressed(res: ServerResponse, service: ServiceContext, file: SaveFile): Promise<void> {
  const { coding, bomb } = service.faults.compressNext
  // A bomb: a JSON-looking start, then 64 MiB of spaces, which compress to a few KiB.
  const body = bomb ? await bombOf(coding) : compressors[coding](await readFile(file.path))
  let limit = body.length
  if (service.faults.cutNext.times > 0) {
    service.faults.cutNext.times--
    limit = Math.min(limit, service.faults.cutNext.bytes)
  }
  res.writeHead(200, {
    'content-type': 'application/octet-stream',
    'content-encoding': coding,
    'content-length': body.length,
    etag: `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`,
    'cache-control': 'private, no-store'
  })
  if (limit < body.length) return void res.write(body.subarray(0, limit), () => res.socket?.destroy())
  res.end(body)
}

async function bombOf(coding: 'gzip' | 'deflate' | 'br'): Promise<Buffer> {
  const stream = { gzip: createGzip, deflate: createDeflate, br: createBrotliCompress }[coding]()
  const chunks: Buffer[] = []
  stream.on('data', (c: Buffer) => chunks.push(c))
  const done = new Promise((resolve) => stream.on('end', resolve))
  stream.write('{"bomb":"')
  const spaces = Buffer.alloc(1024 * 1024, 0x20)
  for (let i = 0; i < 64; i++) if (!stream.write(spaces)) await new Promise((r) => stream.once('drain', r))
  stream.end()
  await done
  return Buffer.concat(chunks)
}

async function sendFile(ctx: Context, service: ServiceContext, d: Deployment, uid: string): Promise<void> {
  const { faults } = service
  const res = ctx.res
  const file = await service.saveFile(d, uid)
  const lastModified = new Date(Date.parse(d.accounts.byUid(uid)!.save!.updatedAt) || 0).toUTCString()
  let range = parseRange(ctx.get('range') || undefined, file.size)
  const ifRange = ctx.get('if-range')
  let rangeFault: typeof faults.rangeFaultNext.kind | null = null
  if (range && range !== 'invalid' && faults.rangeFaultNext.times > 0) {
    faults.rangeFaultNext.times--
    rangeFault = faults.rangeFaultNext.kind
  }
  if (range && range !== 'invalid' && ifRange && ifRange !== file.etag && ifRange !== lastModified && rangeFault !== 'ignore-if-range')
    range = null
  if (range === 'invalid') {
    res.writeHead(416, {
      'content-range': `bytes */${file.size}`,
      ...(faults.noValidators ? {} : { etag: file.etag, 'last-modified': lastModified })
    })
    return void res.end()
  }
  // A wrong resume: bytes from another offset than the one asked for, labelled as asked or not at all.
  const start = range ? (rangeFault === 'wrong-start' ? Math.max(0, range.start - 1000) : range.start) : 0
  const end = range?.end ?? file.size - 1
  const length = end - start + 1
  let limit = Number.POSITIVE_INFINITY
  let cut = false
  if (faults.cutNext.times > 0) {
    faults.cutNext.times--
    limit = faults.cutNext.bytes
    cut = true
  }
  let stallAt = Number.POSITIVE_INFINITY
  if (faults.stallNext.times > 0 && faults.stallNext.phase === 'body') {
    faults.stallNext.times--
    stallAt = faults.stallNext.afterBytes === 'half' ? Math.floor(length / 2) : faults.stallNext.afterBytes
  }
  let delta = 0
  if (faults.wrongLengthNext.times > 0) {
    faults.wrongLengthNext.times--
    delta = faults.wrongLengthNext.delta
  }
  const headers: Record<string, string | number> = {
    'content-type': 'application/octet-stream',
    'accept-ranges': 'bytes',
    'cache-control': 'private, no-store'
  }
  if (!faults.noValidators) Object.assign(headers, { etag: file.etag, 'last-modified': lastModified })
  if (delta === 0) headers['content-length'] = length
  if (range && rangeFault !== 'no-content-range') headers['content-range'] = `bytes ${start}-${end}/${file.size}`
  res.writeHead(range ? 206 : 200, headers)
  if (ctx.method === 'HEAD') return void res.end()
  let sent = 0
  const bps = faults.throttleBytesPerSecond
  // Throttled (when the response starts), the pieces are small enough to trickle (1 byte/s sends one byte a second).
  const stream = createReadStream(file.path, {
    start,
    end: delta < 0 ? Math.max(start, end + delta) : end,
    highWaterMark: bps > 0 ? Math.max(1, Math.min(64 * 1024, Math.floor(bps / 4) || 1)) : 64 * 1024
  })
  const finishCut = () => {
    if (cut && faults.expireUrlsAfterCut) {
      faults.expireUrlsAfterCut = false
      faults.urlsValidAfter = service.clock.now() + 1
    }
    if (cut && faults.replaceAfterCut) {
      // The file behind this URL is replaced now: the same URL serves other bytes with another ETag.
      faults.replaceAfterCut = false
      const account = d.accounts.byUid(uid)!
      account.save = { ...account.save!, revision: account.save!.revision + 1 }
    }
  }
  stream.on('data', (chunk: string | Buffer) => {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
    const room = Math.min(limit, stallAt) - sent
    if (room <= 0) return
    const piece = buf.length > room ? buf.subarray(0, room) : buf
    sent += piece.length
    d.counters.bytesServed += piece.length
    if (sent >= stallAt) {
      stream.destroy()
      res.write(piece)
      return hold(res)
    }
    if (sent >= limit) {
      // Flush what was sent, then drop the connection mid-body.
      stream.destroy()
      finishCut()
      res.write(piece, () => res.socket?.destroy())
      return
    }
    if (!res.write(piece)) stream.pause()
    // Read each time, so a test can slow a download down or let it go while it runs.
    const now = faults.throttleBytesPerSecond
    if (now > 0) {
      stream.pause()
      setTimeout(() => stream.resume(), (piece.length / now) * 1000)
    }
  })
  res.on('drain', () => faults.throttleBytesPerSecond === 0 && stream.resume())
  // A client that disconnects mid-body (cancel, a stall deadline, a test cutting the download) is normal here.
  res.on('error', () => stream.destroy())
  res.on('close', () => stream.destroy())
  stream.on('end', () => {
    if (sent >= stallAt || sent >= limit) return
    if (delta > 0) res.write(Buffer.alloc(delta, 0x20))
    res.end()
    // A download counts as served when its last byte went out (a resumed one counts once).
    if (end === file.size - 1) d.counters.downloadsServed++
  })
  stream.on('error', () => res.destroy())
}
