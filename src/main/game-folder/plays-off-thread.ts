import { Worker, type MessagePort } from 'node:worker_threads'
import { AppError, type AppErrorData } from '../../shared/errors'
import { answerEach, WorkerRpc } from '../kernel/worker-rpc'
import { foldApart, type FoldedPlays } from '../cache/bests'
import { decodeLines, encodeLines, type RecordLines } from '../cache/record-log'
import { belongsTo, type ImportAccount } from './import-plays'
import { newPlays, playsFrom, readFailure, type KeptPlay, type UntimedPlay } from './plays'
import type { RowSource } from '../platform-node/sqlite'

/**
 * A big data.db is read, matched against the kept plays and encoded as the log's lines on a worker
 * thread: building a hundred thousand plays' objects on the main thread made the garbage
 * collector's young-generation pauses hold it for 50–300 ms, whatever the app's own slices did.
 * Only the new plays come back, as three buffers (their lines, where each ends, their key hashes).
 */

/** Starts the plays worker on a private copy of data.db (the built `plays-worker.js`, or its source under tsx in tests). */
export type StartPlaysWorker = (path: string) => Worker

export function playsWorkerAt(file: string | URL, execArgv?: string[]): StartPlaysWorker {
  return (path) => new Worker(file, { workerData: path, ...(execArgv ? { execArgv } : {}) })
}

/** The plays a worker read from a data.db and holds: what the main thread needs to choose the account, and the steps of an import. */
export interface PlaysInWorker {
  count: number
  skipped: number
  /** Rows whose score is above 2,000,000, among the skipped. */
  scoreTooHigh: number
  /** Rows without a usable time: whose they were (their places in the file stay with the worker). */
  untimed: UntimedPlay[]
  usernames: string[]
  userIds: string[]
  /** How many plays belong to the account (`null`: the player chose it for every play); the next `match` takes those. */
  mine(account: ImportAccount | null): Promise<number>
  /**
   * Those plays the kept ones (the log's lines) do not hold, as log lines in the order an import on
   * the main thread adds them, and their bests folded in that order.
   */
  match(kept: Uint8Array): Promise<{ lines: RecordLines; folded: FoldedPlays }>
  /** Ends the worker and removes the private copy. */
  close(): Promise<void>
}

type Request = { type: 'mine'; account: ImportAccount | null } | { type: 'match'; kept: Uint8Array }
type Reply =
  | { type: 'read'; count: number; skipped: number; scoreTooHigh: number; untimed: UntimedPlay[]; usernames: string[]; userIds: string[] }
  | { type: 'mine'; count: number }
  | { type: 'matched'; lines: RecordLines; folded: FoldedPlays }
  | { type: 'failed'; error: AppErrorData }

/**
 * Reads the copy at `path` on a worker started by `start`; `drop` removes the copy once the worker
 * has ended. A worker that cannot run fails with `details.cause: 'worker'`.
 */
export async function playsInWorker(start: StartPlaysWorker, path: string, drop: () => Promise<void>): Promise<PlaysInWorker> {
  // The worker itself failing (not the file: SQLite's errors come back as `failed` replies) is the app's fault.
  const rpc = new WorkerRpc<Request, Reply>(() => start(path), {
    name: 'plays worker',
    once: true,
    failure: (reply) => (reply.type === 'failed' ? reply.error : null)
  })
  const ask = async <T extends Reply['type']>(type: T, request?: Request) => {
    const reply = await rpc.ask(request)
    if (reply.type !== type) throw AppError.of('internal', `The plays worker answered ${reply.type}, not ${type}.`)
    return reply as Extract<Reply, { type: T }>
  }
  const close = async () => {
    await rpc.close()
    await drop()
  }
  try {
    // What it read, the worker says by itself once it has.
    const { count, skipped, scoreTooHigh, untimed, usernames, userIds } = await ask('read')
    return {
      count,
      skipped,
      scoreTooHigh,
      untimed,
      usernames,
      userIds,
      mine: async (account) => (await ask('mine', { type: 'mine', account })).count,
      match: async (kept) => {
        const { lines, folded } = await ask('matched', { type: 'match', kept })
        return { lines, folded }
      },
      close
    }
  } catch (error) {
    await close()
    throw error
  }
}

/** The worker's side: reads the copy, posts what it found, then answers `mine` and `match` in turn. */
export async function servePlays(port: MessagePort, path: string, open: (path: string) => RowSource): Promise<void> {
  const failed = (error: unknown): Reply => ({
    type: 'failed',
    error: error instanceof AppError ? error.data : { code: 'internal', message: String((error as Error)?.message ?? error) }
  })
  let plays: KeptPlay[]
  try {
    const source = open(path)
    try {
      const read = await playsFrom(source)
      plays = read.plays
      const untimed = read.untimed.map(({ username, userId }) => ({ username, userId }))
      port.postMessage({
        type: 'read',
        count: read.plays.length,
        skipped: read.skipped,
        scoreTooHigh: read.scoreTooHigh,
        untimed,
        usernames: read.usernames,
        userIds: read.userIds
      })
    } finally {
      source.close()
    }
  } catch (error) {
    return port.postMessage(failed(readFailure(error)))
  }
  let mine = plays
  answerEach<Request, Reply>(
    port,
    async (request) => {
      if (request.type === 'mine') {
        mine = request.account ? plays.filter(belongsTo(request.account)) : plays
        return { reply: { type: 'mine', count: mine.length } }
      }
      const kept = (await decodeLines(Buffer.from(request.kept.buffer, request.kept.byteOffset, request.kept.length))).records
      const fresh = await newPlays(
        mine.map((p) => p.record),
        kept
      )
      const lines = encodeLines(fresh)
      const transfer = [lines.text.buffer, lines.ends.buffer, lines.hashes.buffer] as ArrayBuffer[]
      return { reply: { type: 'matched', lines, folded: foldApart(fresh) }, transfer }
    },
    failed
  )
}
