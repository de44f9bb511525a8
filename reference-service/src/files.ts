import { timingSafeEqual } from 'node:crypto'
import { createReadStream } from 'node:fs'
import type { Context } from 'koa'
import { signSavePath } from './api'
import type { ServiceContext } from './context'
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

/**
 * The signed save URL: a plain GET without Authorization, HMAC over path, expiry and issue time.
 * Supports Content-Length, ETag, Range (single) and If-Range, plus the download faults.
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
    ctx.body = '<?xml version="1.0"?><Error><Code>AccessDenied</Code><Message>Request has expired or the signature does not match</Message></Error>'
    return
  }
  const account = d.accounts.byUid(uid)
  if (!account?.save || String(account.save.version) !== version) {
    ctx.status = 404
    ctx.body = 'Not found'
    return
  }
  const { faults } = service
  if (faults.failNext.file > 0) {
    faults.failNext.file--
    ctx.status = 503
    ctx.type = 'text/html'
    ctx.body = '<html><body>503 Service Unavailable</body></html>'
    return
  }
  const file = await service.saveFile(d, uid)
  let range = parseRange(ctx.get('range') || undefined, file.size)
  const ifRange = ctx.get('if-range')
  if (range && range !== 'invalid' && ifRange && ifRange !== file.etag) range = null
  if (range === 'invalid') {
    ctx.status = 416
    ctx.set('Content-Range', `bytes */${file.size}`)
    return
  }
  const start = range?.start ?? 0
  const end = range?.end ?? file.size - 1
  const length = end - start + 1
  const res = ctx.res
  ctx.respond = false
  let limit = Number.POSITIVE_INFINITY
  if (faults.cutNext.times > 0) {
    faults.cutNext.times--
    limit = faults.cutNext.bytes
  }
  let delta = 0
  if (faults.wrongLengthNext.times > 0) {
    faults.wrongLengthNext.times--
    delta = faults.wrongLengthNext.delta
  }
  const headers: Record<string, string | number> = {
    'content-type': 'application/octet-stream',
    etag: file.etag,
    'accept-ranges': 'bytes',
    'cache-control': 'private, no-store'
  }
  if (delta === 0) headers['content-length'] = length
  if (range) headers['content-range'] = `bytes ${start}-${end}/${file.size}`
  res.writeHead(range ? 206 : 200, headers)
  if (ctx.method === 'HEAD') return void res.end()
  let sent = 0
  const stream = createReadStream(file.path, { start, end: delta < 0 ? Math.max(start, end + delta) : end })
  stream.on('data', (chunk: string | Buffer) => {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
    const room = limit - sent
    if (room <= 0) return
    const piece = buf.length > room ? buf.subarray(0, room) : buf
    sent += piece.length
    d.counters.bytesServed += piece.length
    if (sent >= limit) {
      // Flush what was sent, then drop the connection mid-body.
      stream.destroy()
      res.write(piece, () => res.socket?.destroy())
      return
    }
    if (!res.write(piece)) stream.pause()
    const bps = service.faults.throttleBytesPerSecond
    if (bps > 0) {
      stream.pause()
      setTimeout(() => stream.resume(), (piece.length / bps) * 1000)
    }
  })
  res.on('drain', () => service.faults.throttleBytesPerSecond === 0 && stream.resume())
  // A client that disconnects mid-body (cancel, or a test cutting the download) is normal here.
  res.on('error', () => stream.destroy())
  res.on('close', () => stream.destroy())
  stream.on('end', () => {
    if (delta > 0) res.write(Buffer.alloc(delta, 0x20))
    res.end()
    // A download counts as served when its last byte went out (a resumed one counts once).
    if (end === file.size - 1) d.counters.downloadsServed++
  })
  stream.on('error', () => res.destroy())
}
