import { create } from 'zustand'
import type { DialogRequest } from '../../../shared/dialogs'
import { api, unwrap, type Unwrapped } from '../bridge'

/** The dialog main asked the page for (a host without native dialogs), until it is answered or closed. */
interface DialogsStore {
  request: DialogRequest | null
  ask(request: DialogRequest): void
  close(): void
  answer: Unwrapped<typeof api.dialogs.answer>
}

export const useDialogs = create<DialogsStore>((set) => ({
  request: null,
  ask: (request) => set({ request }),
  close: () => set({ request: null }),
  answer: (...args) => unwrap(api.dialogs.answer(...args))
}))
