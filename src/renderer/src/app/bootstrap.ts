import { useAccounts } from '../accounts/store'
import { api, unwrap } from '../bridge'
import { useLocal } from '../backups/local-store'
import { useBackups } from '../backups/store'
import { useSync } from '../sync/store'
import { useDialogs } from '../dialogs/store'
import { usePicksStore } from '../picks/store'
import { useProgress } from '../progress/store'
import { useRestore } from '../restore/store'
import { useRecord } from '../record/store'
import { useSessions } from '../sessions/store'
import { useSettings } from '../settings/store'
import { runCommand } from './commands'

let subscribed = false

/** Every event main sends goes to its store, in the order it arrives: the one path state takes. */
export function subscribeToMain(): void {
  if (subscribed) return
  subscribed = true
  api.events.on('settings:changed', (settings) => useSettings.getState().apply(settings))
  api.events.on('accounts:deploymentsChanged', (deployments) => useAccounts.getState().applyDeployments(deployments))
  api.events.on('accounts:changed', (state) => useAccounts.getState().apply(state))
  api.events.on('accounts:signInProgress', (progress) => useAccounts.getState().applyProgress(progress))
  api.events.on('sync:changed', (data) => useSync.getState().apply(data))
  api.events.on('sync:player', (stats) => useSync.getState().applyPlayer(stats))
  api.events.on('chartList:changed', (info) => void useSync.getState().applyChartList(info))
  api.events.on('app:notices', (notices) => useSync.getState().applyNotices(notices))
  api.events.on('backups:changed', (library) => useBackups.getState().applyLibrary(library))
  api.events.on('gameFolder:changed', (state) => useLocal.getState().apply(state))
  api.events.on('backups:progress', (progress) => useBackups.getState().applyProgress(progress))
  api.events.on('restore:changed', (state) => useRestore.getState().apply(state))
  api.events.on('restore:progress', (progress) => useRestore.getState().applyProgress(progress))
  api.events.on('updates:changed', (state) => useSettings.getState().applyUpdates(state))
  api.events.on('app:command', (command) => runCommand(command))
  api.events.on('progress:changed', (state) => useProgress.getState().apply(state))
  api.events.on('sessions:changed', (state) => useSessions.getState().apply(state))
  api.events.on('picks:changed', (state) => usePicksStore.getState().apply(state))
  api.events.on('record:changed', (state) => useRecord.getState().apply(state))
  api.events.on('dialogs:ask', (request) => useDialogs.getState().ask(request))
}

/** Listens first, then asks main for everything the first paint needs (it arrives as events). */
export async function bootstrap(): Promise<void> {
  subscribeToMain()
  useSettings.getState().setInfo(await unwrap(api.app.bootstrap()))
}
