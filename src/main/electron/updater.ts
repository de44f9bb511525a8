import electronUpdater from 'electron-updater'
import { releaseNotesText, type UpdaterPort } from '../updates/update-service'

/**
 * electron-updater behind the app's port: the GitHub releases feed from electron-builder.yml, no
 * download without the user's agreement, the signature checks of electron-updater left on.
 */
export function electronUpdaterPort(): UpdaterPort {
  const { autoUpdater, CancellationToken } = electronUpdater
  autoUpdater.autoDownload = false
  autoUpdater.autoInstallOnAppQuit = false
  return {
    async check() {
      const result = await autoUpdater.checkForUpdates()
      if (!result?.isUpdateAvailable) return null
      const notes = result.updateInfo.releaseNotes
      return { version: result.updateInfo.version, notes: typeof notes === 'string' ? releaseNotesText(notes) : null }
    },
    async download(onProgress, signal) {
      const listener = (progress: { percent: number }) => onProgress(progress.percent)
      const cancellation = new CancellationToken()
      signal.addEventListener('abort', () => cancellation.cancel(), { once: true })
      autoUpdater.on('download-progress', listener)
      try {
        await autoUpdater.downloadUpdate(cancellation)
      } finally {
        autoUpdater.off('download-progress', listener)
      }
    },
    install: () => autoUpdater.quitAndInstall()
  }
}
