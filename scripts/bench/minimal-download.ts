// The least a backup can do in Node, for the bench's record of this machine's floor: one plain
// HTTP/1.1 GET on a raw socket, read into one reused buffer (no allocation per read, so no garbage
// collection), every byte hashed and written synchronously, then fsync. No deadlines, no resume, no
// validation, no HTTP library: not something the app could ship, only how fast Node can go here.
import { createHash } from 'node:crypto'
import { closeSync, fsyncSync, openSync, writeSync } from 'node:fs'
import { connect } from 'node:net'

/** Downloads a loopback `http:` URL of a known size into `path`; resolves with the body's SHA-256. */
export function minimalDownload(url: string, path: string, size: number): Promise<string> {
  const target = new URL(url)
  const fd = openSync(path, 'w')
  const readInto = Buffer.allocUnsafe(256 * 1024)
  const hash = createHash('sha256')
  let head: Buffer | null = Buffer.alloc(0) // null once the response head is read
  let received = 0
  return new Promise<string>((resolve, reject) => {
    const fail = (error: Error) => {
      socket.destroy()
      reject(error)
    }
    /** Hashes and writes a piece of the body; false (stop reading) once the whole file is there. */
    const body = (chunk: Buffer) => {
      hash.update(chunk)
      writeSync(fd, chunk)
      received += chunk.length
      if (received < size) return true
      socket.destroy()
      fsyncSync(fd)
      resolve(hash.digest('hex'))
      return false
    }
    const socket = connect({
      host: target.hostname,
      port: Number(target.port),
      onread: {
        buffer: readInto,
        callback: (length) => {
          const chunk = readInto.subarray(0, length)
          if (head === null) return body(chunk)
          head = Buffer.concat([head, chunk])
          const end = head.indexOf('\r\n\r\n')
          if (end < 0) return true
          const status = head.toString('latin1', 0, 16)
          const rest = head.subarray(end + 4)
          head = null
          if (/^HTTP\/1\.1 200 /.test(status)) return body(rest)
          fail(new Error(`minimal download: ${status}`))
          return false
        }
      }
    })
    socket.once('connect', () =>
      socket.write(`GET ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\nConnection: close\r\n\r\n`)
    )
    socket.once('error', fail)
    socket.once('close', () => received < size && reject(new Error(`minimal download: ended at ${received} of ${size} bytes`)))
  }).finally(() => closeSync(fd))
}
