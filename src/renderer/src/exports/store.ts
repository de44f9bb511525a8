import { create } from 'zustand'
import { toErrorData, type AppErrorData } from '../../../shared/errors'
import { safeFileName, type EXPORT_KINDS } from '../../../shared/file-names'
import { api, unwrap } from '../bridge'
import { useNav, type Screen } from '../app/navigation'

/** A blob as base64, the way the bridge carries bytes. */
function base64Of(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result).slice(String(reader.result).indexOf(',') + 1))
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'))
    reader.readAsDataURL(blob)
  })
}

/**
 * The last file given out: where it went, or why it could not be saved; said on the screen it was saved from until the
 * player closes it or leaves that screen.
 */
type Saved = ({ path: string } | { error: AppErrorData }) & { screen: Screen }

interface ExportsStore {
  last: Saved | null
  /**
   * Saves a file the window made where the player chooses (main writes it); the banner says where, or why not. `name`
   * may hold a player's name: it is made a file name here.
   */
  save(blob: Blob, name: string, kind: (typeof EXPORT_KINDS)[number]): Promise<void>
  reveal(path: string): Promise<void>
  dismiss(): void
}

export const useExports = create<ExportsStore>((set) => ({
  last: null,
  async save(blob, name, kind) {
    const screen = useNav.getState().screen
    try {
      const path = await unwrap(api.exports.save({ name: safeFileName(name, kind), base64: await base64Of(blob) }))
      set({ last: path === null ? null : { path, screen } })
    } catch (error) {
      set({ last: { error: toErrorData(error), screen } })
    }
  },
  reveal: async (path) => void (await unwrap(api.exports.reveal(path))),
  dismiss: () => set({ last: null })
}))
