import { useState } from 'react'
import { useStore } from 'zustand'
import { createActionRunner, type ActionOptions, type ActionRunner, type ActionState } from './action-runner'

export type Action = Omit<ActionState, 'run'> & Omit<ActionRunner, 'store'>

/**
 * A component's work started by the user: `busy` while it runs, then its `message` or its `error`
 * (shown with <ErrorMessage>), and `cancel`. `run`, `cancel` and `clear` keep their identity for the
 * component's life, so they can be used in effects and key handlers.
 */
export function useAction(options?: ActionOptions): Action {
  const [runner] = useState(() => createActionRunner(options))
  const { busy, error, message } = useStore(runner.store)
  return { busy, error, message, run: runner.run, cancel: runner.cancel, clear: runner.clear }
}
