import { create } from 'zustand'
import type { BackupEntry, BackupProgress, BackupResult } from '../../../shared/backups'
import { api, unwrap } from '../bridge'

interface BackupsStore {
  entries: BackupEntry[]
  progress: BackupProgress | null
  running: boolean
  lastResult: BackupResult | null
  list(accountId: string): Promise<void>
  run(accountId: string, force: boolean): Promise<BackupResult>
  cancel(): Promise<void>
}

let subscribed = false

export const useBackups = create<BackupsStore>((set, get) => ({
  entries: [],
  progress: null,
  running: false,
  lastResult: null,
  async list(accountId) {
    if (!subscribed) {
      subscribed = true
      api.events.on('backup:progress', (progress) => set({ progress }))
    }
    set({ entries: await unwrap(api.backups.list(accountId)) })
  },
  async run(accountId, force) {
    set({ running: true, lastResult: null, progress: null })
    try {
      const result = await unwrap(api.backups.run(accountId, { force }))
      set({ lastResult: result })
      return result
    } finally {
      set({ running: false })
      await get().list(accountId)
    }
  },
  async cancel() {
    await unwrap(api.backups.cancel())
  }
}))
