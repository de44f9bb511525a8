import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron'
import { invokeChannelNames } from '../../shared/ipc/channels'
import type { Dispatch, Sender } from '../ipc/dispatcher'
import type { EventHub } from '../ipc/event-hub'

/**
 * The sender is the frame that called, and only the top frame of the app's own window counts:
 * anything else (a subframe, another window, a navigated-away page) is reported with an empty
 * URL so the dispatcher refuses it.
 */
function senderOf(event: IpcMainInvokeEvent, window: () => BrowserWindow | null): Sender {
  const win = window()
  const frame = event.senderFrame
  if (!win || !frame || event.sender !== win.webContents || frame !== win.webContents.mainFrame) return { url: '' }
  return { url: frame.url }
}

export function registerIpc(dispatch: Dispatch, events: EventHub, window: () => BrowserWindow | null): void {
  for (const channel of invokeChannelNames) {
    ipcMain.handle(channel, (event, ...args: unknown[]) => dispatch(channel, args, senderOf(event, window)))
  }
  events.addSink((event, payload) => {
    const win = window()
    if (win && !win.isDestroyed()) win.webContents.send(event, payload)
  })
}
