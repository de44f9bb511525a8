import { useEffect, useRef } from 'react'

/** A `<dialog>` shown as a modal when it mounts: focus moves into it and Escape closes it (its onClose runs). */
export function useModal() {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    ref.current?.showModal()
  }, [])
  return ref
}
