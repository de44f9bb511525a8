import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { WorkerRpc } from '../../../src/main/kernel/worker-rpc'

/** A worker that doubles a number, answers `fail` with a failure, and ends itself on `exit`. */
const WORKER = `
const { parentPort } = require('node:worker_threads')
parentPort.on('message', (n) => {
  if (n === 'exit') process.exit(3)
  parentPort.postMessage(n === 'fail' ? { ok: false, error: { code: 'invalid_input', message: 'no' } } : { ok: true, value: n * 2 })
})
`
type Reply = { ok: true; value: number } | { ok: false; error: { code: 'invalid_input'; message: string } }

function counted() {
  const start = () => (start.count++, new Worker(WORKER, { eval: true }))
  start.count = 0
  return start
}
const rpc = (start: () => Worker, once = false) =>
  new WorkerRpc<number | string, Reply>(start, { name: 'test worker', once, failure: (r) => (r.ok ? null : r.error) })

describe('the worker RPC both workers use', () => {
  it('asks one thing at a time of one worker, started on the first request; a failure reply is the request’s error', async () => {
    const start = counted()
    const worker = rpc(start)
    try {
      const answers = await Promise.all([worker.ask(1), worker.ask(2), worker.ask(3)])
      expect(answers.map((a) => (a.ok ? a.value : null))).toEqual([2, 4, 6])
      await expect(worker.ask('fail')).rejects.toMatchObject({ code: 'invalid_input', message: 'no' })
      expect((await worker.ask(5)).ok).toBe(true)
      expect(start.count).toBe(1)
    } finally {
      await worker.close()
    }
  })

  it('a worker that stops fails the request waiting for it; the next request starts another (or, once, fails too)', async () => {
    const start = counted()
    const again = rpc(start)
    try {
      await expect(again.ask('exit')).rejects.toMatchObject({ data: { details: { cause: 'worker' } } })
      expect(await again.ask(4)).toEqual({ ok: true, value: 8 })
      expect(start.count).toBe(2)
    } finally {
      await again.close()
    }
    const one = rpc(counted(), true)
    await expect(one.ask('exit')).rejects.toMatchObject({ message: expect.stringMatching(/^The test worker stopped before it was done/) })
    await expect(one.ask(4)).rejects.toMatchObject({ data: { details: { cause: 'worker' } } })
  })

  it('a worker that cannot start fails the request with why', async () => {
    const broken = rpc(() => {
      throw new Error('no such file')
    })
    await expect(broken.ask(1)).rejects.toMatchObject({ message: 'The test worker could not start (no such file).' })
  })
})
