import { describe, expect, it } from 'vitest'
import { AppError } from '../../../src/shared/errors'
import { createActionRunner, idleAction, nextActionState, type ActionState } from '../../../src/renderer/src/ui/action-runner'

const failed = new AppError({ code: 'network', message: 'The service could not be reached.' })

/** A promise the test settles by hand, so a run can be caught in the middle. */
function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe('the life of an action, as a pure state machine', () => {
  const busy: ActionState = { busy: true, error: null, message: null, run: 1 }

  it('a start forgets the last outcome and counts a new run', () => {
    const before: ActionState = { busy: false, error: null, message: 'Saved.', run: 3 }
    expect(nextActionState(before, { type: 'start' })).toEqual({ busy: true, error: null, message: null, run: 4 })
  })

  it('the current run ends with its message or its error', () => {
    expect(nextActionState(busy, { type: 'succeed', run: 1, message: 'Pinned.' })).toEqual({ ...busy, busy: false, message: 'Pinned.' })
    const error = { code: 'network' as const, message: 'down' }
    expect(nextActionState(busy, { type: 'fail', run: 1, error })).toEqual({ ...busy, busy: false, error })
  })

  it("another run's outcome, or one after a cancel, changes nothing", () => {
    expect(nextActionState(busy, { type: 'succeed', run: 0, message: 'old' })).toBe(busy)
    const cancelled = nextActionState(busy, { type: 'cancel' })
    expect(cancelled).toEqual({ busy: false, error: null, message: null, run: 2 })
    expect(nextActionState(cancelled, { type: 'fail', run: 1, error: { code: 'network', message: 'late' } })).toBe(cancelled)
  })

  it('cancel and clear do nothing when there is nothing to stop or forget', () => {
    expect(nextActionState(idleAction, { type: 'cancel' })).toBe(idleAction)
    expect(nextActionState(idleAction, { type: 'clear' })).toBe(idleAction)
    const shown: ActionState = { busy: false, error: { code: 'network', message: 'down' }, message: null, run: 2 }
    expect(nextActionState(shown, { type: 'clear' })).toEqual({ ...shown, error: null })
  })
})

describe('an action runner', () => {
  it('is busy while the work runs, then keeps its message', async () => {
    const action = createActionRunner()
    const work = deferred<string>()
    const running = action.run(() => work.promise)
    expect(action.store.getState()).toMatchObject({ busy: true, message: null, error: null })
    work.resolve('Backed up.')
    await running
    expect(action.store.getState()).toMatchObject({ busy: false, message: 'Backed up.', error: null })
  })

  it('keeps a failure as error data with its code, never throws it, and forgets it on the next run', async () => {
    const action = createActionRunner()
    await expect(action.run(() => Promise.reject(failed))).resolves.toBeUndefined()
    expect(action.store.getState()).toMatchObject({ busy: false, message: null, error: { code: 'network' } })
    const work = deferred<void>()
    const running = action.run(() => work.promise)
    expect(action.store.getState().error).toBeNull()
    work.resolve()
    await running
    expect(action.store.getState()).toMatchObject({ busy: false, message: null, error: null })
  })

  it('an unknown throw becomes an error too', async () => {
    const action = createActionRunner()
    await action.run(() => Promise.reject(new TypeError('boom')))
    expect(action.store.getState().error?.code).toBeTruthy()
    expect(action.store.getState().busy).toBe(false)
  })

  it('cancel aborts the signal, is idle at once, and drops the late outcome', async () => {
    const action = createActionRunner()
    const work = deferred<string>()
    let signal: AbortSignal | undefined
    const running = action.run((s) => {
      signal = s
      return work.promise
    })
    action.cancel()
    expect(signal?.aborted).toBe(true)
    expect(action.store.getState()).toMatchObject({ busy: false, message: null, error: null })
    work.resolve('too late')
    await running
    expect(action.store.getState()).toMatchObject({ busy: false, message: null, error: null })
  })

  it('a second run replaces the first by default: only the newer outcome shows', async () => {
    const action = createActionRunner()
    const first = deferred<string>()
    const second = deferred<string>()
    const a = action.run(() => first.promise)
    const b = action.run(() => second.promise)
    second.resolve('second')
    await b
    first.resolve('first')
    await a
    expect(action.store.getState()).toMatchObject({ busy: false, message: 'second' })
  })

  it('with whileBusy "ignore", a run asked for while one is going never starts', async () => {
    const action = createActionRunner({ whileBusy: 'ignore' })
    const first = deferred<string>()
    let calls = 0
    const a = action.run(() => (calls++, first.promise))
    await action.run(() => (calls++, Promise.resolve('second')))
    expect(calls).toBe(1)
    first.resolve('first')
    await a
    expect(action.store.getState().message).toBe('first')
    await action.run(() => (calls++, Promise.resolve('third')))
    expect(calls).toBe(2)
    expect(action.store.getState().message).toBe('third')
  })
})
