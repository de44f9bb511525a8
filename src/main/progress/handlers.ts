import type { KeptRecord } from '../../shared/api'
import { io } from '../platform-node/io'
import type { FeatureHandlers } from '../ipc/dispatcher'
import type { DesktopPort, FileSystem } from '../ports'
import type { ProgressService } from './progress-service'

export interface ProgressHandlerDeps {
  progress: ProgressService
  desktop: Pick<DesktopPort, 'chooseSavePath'>
  files: Pick<FileSystem, 'writeAtomic'>
  /** The account's kept plays (every one, with the player's marks on it and those that could not be read counted) and who it is. */
  history: (accountId: string) => Promise<{ records: KeptRecord[]; unreadable: number; sessionNotes?: Record<string, unknown> }>
  account: (accountId: string) => { username: string | null; uid: string | null }
  now: () => number
}

/** The file an export writes: the history as kept, with the goals and folders beside it. */
export const HISTORY_EXPORT_SCHEMA = 'companion-history/1'

export function progressHandlers(deps: ProgressHandlerDeps): FeatureHandlers<'progress'> {
  const { progress } = deps
  return {
    'progress:load': async (id) => (await progress.load(id), null),
    'progress:folder': (id, folder, mode) => progress.folder(id, folder, mode),
    'progress:goal': (id, goal) => progress.goal(id, goal),
    'progress:nearMisses': (id) => progress.nearMisses(id),
    'progress:previewGoal': (id, draft) => progress.preview(id, draft),
    'progress:createGoal': (id, draft) => progress.createGoal(id, draft),
    'progress:deleteGoal': async (id, goal) => (await progress.deleteGoal(id, goal), null),
    'progress:saveFolder': (id, folder) => progress.saveFolder(id, folder),
    'progress:deleteFolder': async (id, folder) => (await progress.deleteFolder(id, folder), null),
    'progress:previewPack': (id, source) => progress.previewPack(id, source),
    'progress:importPack': (id, source) => progress.importPack(id, source),
    'progress:exportPack': async (id, request) => {
      const pack = await progress.exportPack(id, request)
      const name = request.name.replace(/[^\p{L}\p{N}_-]+/gu, '_').slice(0, 80) || 'goals'
      const target = await deps.desktop.chooseSavePath(`${name}.goals.json`)
      if (!target) return null
      await io('Writing the goal pack', () => deps.files.writeAtomic(target, `${JSON.stringify(pack, null, 1)}\n`))
      return target
    },
    'progress:export': async (id) => {
      const kept = await progress.kept(id)
      const account = deps.account(id)
      const name = (account.username ?? account.uid ?? 'player').replace(/[^\p{L}\p{N}_-]+/gu, '_')
      const target = await deps.desktop.chooseSavePath(`history-${name}.json`)
      if (!target) return null
      const { records, unreadable, sessionNotes } = await deps.history(id)
      const file = {
        schema: HISTORY_EXPORT_SCHEMA,
        exportedAt: new Date(deps.now()).toISOString(),
        account: { username: account.username, uid: account.uid },
        plays: records,
        unreadablePlays: unreadable,
        goals: kept.goals,
        folders: kept.folders,
        sessionNotes: sessionNotes ?? {}
      }
      await io('Writing the export', () => deps.files.writeAtomic(target, `${JSON.stringify(file, null, 1)}\n`))
      return target
    }
  }
}
