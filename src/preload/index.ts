import { contextBridge, ipcRenderer } from 'electron'
import { BRIDGE_GLOBAL, buildBridge } from '../shared/ipc/bridge'
import { eventChannelNames, invokeChannelNames } from '../shared/ipc/channels'
import type { Result } from '../shared/result'

const api = buildBridge(invokeChannelNames, eventChannelNames, {
  invoke: (channel, args) => ipcRenderer.invoke(channel, ...args) as Promise<Result<unknown>>,
  subscribe: (event, listener) => {
    const handler = (_event: Electron.IpcRendererEvent, payload: unknown) => listener(payload)
    ipcRenderer.on(event, handler)
    return () => {
      ipcRenderer.removeListener(event, handler)
    }
  }
})

contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, api)
