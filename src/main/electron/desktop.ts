import { app, BrowserWindow, dialog, Notification, shell } from 'electron'
import { join } from 'node:path'
import type { DesktopPort } from '../ports'

/** Native dialogs, the file manager and system notifications. */
export function electronDesktop(window: () => BrowserWindow | null, show: () => void): DesktopPort {
  return {
    documentsDir: app.getPath('documents'),
    async chooseFolder(request) {
      const win = window()
      // The dialog opens where the first offered folder is (the sample game folder in the demo, the one in use).
      const options = {
        properties: ['openDirectory', 'createDirectory'] as ('openDirectory' | 'createDirectory')[],
        defaultPath: request?.suggestions?.[0]?.path
      }
      const result = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options)
      return result.canceled ? null : (result.filePaths[0] ?? null)
    },
    async chooseSavePath(suggestedName) {
      const win = window()
      // Offered in the Downloads folder, where players look for what they saved.
      const options = { defaultPath: join(app.getPath('downloads'), suggestedName) }
      const result = win ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options)
      return result.canceled ? null : (result.filePath ?? null)
    },
    revealInFolder: (path) => shell.showItemInFolder(path),
    trashItem: (path) => shell.trashItem(path),
    notify(title, body, onClick) {
      if (!Notification.isSupported()) return
      const notification = new Notification({ title, body })
      // Clicking it brings the window forward, on the screen it is about.
      notification.on('click', () => {
        show()
        onClick?.()
      })
      notification.show()
    }
  }
}
