import { createStore, type StoreApi } from 'zustand/vanilla'
import { toErrorData, type AppErrorData } from '../../../shared/errors'

/** What a button's work looks like to the screen: running, what went wrong, or what it has to say. */
export interface ActionState {
  busy: boolean
  error: AppErrorData | null
  message: string | null
  /** Which run is current: the outcome of any other (cancelled, or replaced by a newer one) is dropped. */
  run: number
}

export type ActionEvent =
  | { type: 'start' }
  | { type: 'succeed'; run: number; message: string | null }
  | { type: 'fail'; run: number; error: AppErrorData }
  | { type: 'cancel' }
  | { type: 'clear' }

export const idleAction: ActionState = { busy: false, error: null, message: null, run: 0 }

/** The whole life of an action, as a pure function: start, then one outcome of the current run, or cancel. */
export function nextActionState(state: ActionState, event: ActionEvent): ActionState {
  switch (event.type) {
    case 'start':
      return { busy: true, error: null, message: null, run: state.run + 1 }
    case 'succeed':
      return event.run === state.run && state.busy ? { ...state, busy: false, message: event.message } : state
    case 'fail':
      return event.run === state.run && state.busy ? { ...state, busy: false, error: event.error } : state
    case 'cancel':
      return state.busy ? { ...state, busy: false, run: state.run + 1 } : state
    case 'clear':
      return state.error || state.message ? { ...state, error: null, message: null } : state
  }
}

/** The work: its message for the user (a string), or nothing to say. `signal` aborts when the action is cancelled. */
export type ActionWork = (signal: AbortSignal) => Promise<string | null | void>

export interface ActionOptions {
  /** While a run is going: `replace` starts the new one and drops the old one's outcome; `ignore` drops the new one. */
  whileBusy?: 'replace' | 'ignore'
}

export interface ActionRunner {
  store: StoreApi<ActionState>
  /** Runs the work, keeping its message or its error (never thrown). Resolves when the work has settled. */
  run(work: ActionWork): Promise<void>
  /** Stops waiting: the work's signal aborts, the action is idle at once and the work's outcome is dropped. */
  cancel(): void
  /** Forgets the last message and error. */
  clear(): void
}

/** One action's state and its runs, without React: what `useAction` holds, and what the unit tests drive. */
export function createActionRunner({ whileBusy = 'replace' }: ActionOptions = {}): ActionRunner {
  const store = createStore<ActionState>(() => idleAction)
  const send = (event: ActionEvent) => store.setState(nextActionState(store.getState(), event), true)
  let controller: AbortController | null = null
  return {
    store,
    async run(work) {
      if (whileBusy === 'ignore' && store.getState().busy) return
      send({ type: 'start' })
      const { run } = store.getState()
      const own = new AbortController()
      controller = own
      try {
        const message = await work(own.signal)
        send({ type: 'succeed', run, message: message ?? null })
      } catch (e) {
        send({ type: 'fail', run, error: toErrorData(e) })
      } finally {
        if (controller === own) controller = null
      }
    },
    cancel() {
      controller?.abort()
      controller = null
      send({ type: 'cancel' })
    },
    clear: () => send({ type: 'clear' })
  }
}
