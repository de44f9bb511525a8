import { createServer, type Socket } from 'node:net'

export interface RawAnswer {
  /** The whole answer as it goes on the wire: status line, headers, body (or part of it). */
  bytes: Buffer
  /** FIN after it; otherwise the connection stays open (and silent). */
  close: boolean
}

/**
 * An HTTP/1.1 server on 127.0.0.1 that writes each answer byte for byte: what a broken file server or
 * proxy sends (lengths that lie, a body cut mid-chunk, a FIN at the wrong moment). `answer` gets the
 * request's path; `close` ends every connection it holds and the server.
 */
export async function startRawServer(answer: (path: string) => RawAnswer): Promise<{ origin: string; close: () => void }> {
  const sockets = new Set<Socket>()
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
    let pending = ''
    socket.on('data', (data) => {
      pending += data.toString('latin1')
      for (let end = pending.indexOf('\r\n\r\n'); end >= 0; end = pending.indexOf('\r\n\r\n')) {
        const path = /^[A-Z]+ (\S+)/.exec(pending)?.[1] ?? ''
        pending = pending.slice(end + 4)
        const { bytes, close } = answer(path)
        if (close) socket.end(bytes)
        else socket.write(bytes)
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () => {
      for (const socket of sockets) socket.destroy()
      server.close()
    }
  }
}
