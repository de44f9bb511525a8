import { useEffect, useRef, type SyntheticEvent } from 'react'

/** A `<dialog>` shown as a modal when it mounts: focus moves into it and Escape closes it (its onClose runs). */
export function useModal() {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    ref.current?.showModal()
  }, [])
  return ref
}

/**
 * A dialog's own `close` or `cancel` handler. React passes these events of a dialog opened inside another (a note
 * written from a chart's history, a question asked in the restore dialog) up to every dialog around it; each one
 * answers only its own.
 */
export const ownEvent =
  <E extends SyntheticEvent>(handle: (e: E) => void) =>
  (e: E) => {
    if (e.target === e.currentTarget) handle(e)
  }
