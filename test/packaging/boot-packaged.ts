// Boots a packaged app's `out/main/index.js` under plain Node with the `electron` stand-in, the way
// Electron would start it, and prints what it saw as one JSON line. Run by packaged-app.test.ts as
// `node boot-packaged.ts <extracted app folder> <resources folder>`; Node strips the types itself,
// so this file uses erasable TypeScript only. It never calls process.exit: once the app has quit,
// the process must end by itself (nothing left running).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

interface FakeWindow {
  options: { webPreferences: Record<string, unknown> }
  destroyed: boolean
  webContents: {
    mainFrame: { url: string }
    windowOpenHandler: ((details: { url: string }) => { action: string }) | null
    sent: { channel: string; payload: unknown }[]
    emit(event: string, ...args: unknown[]): void
  }
  close(): void
}
type Handler = (event: unknown, ...args: unknown[]) => Promise<{ ok: boolean; value?: Record<string, unknown> }>

const [appDir, resourcesDir] = process.argv.slice(2) as [string, string]
const electron = (await import(pathToFileURL(join(appDir, 'node_modules/electron/index.js')).href)) as {
  fakeState: {
    packaged: boolean
    version: string
    userData: string
    windows: FakeWindow[]
    handlers: Map<string, Handler>
    protocolHandlers: Map<string, (request: Request) => Promise<Response>>
    quitRequests: number
  }
}
const { fakeState } = electron
const pkg = JSON.parse(readFileSync(join(appDir, 'package.json'), 'utf8')) as { version: string }
fakeState.packaged = true
fakeState.version = pkg.version
// Electron sets this; electron-updater reads it. No update check may reach the network here.
Object.assign(process, { resourcesPath: resourcesDir })
mkdirSync(fakeState.userData, { recursive: true })
writeFileSync(join(fakeState.userData, 'app.json'), JSON.stringify({ settings: { checkForUpdates: false } }))

await import(pathToFileURL(join(appDir, 'out/main/index.js')).href)
for (let i = 0; i < 250 && fakeState.windows.length === 0; i++) await new Promise((r) => setTimeout(r, 20))
const win = fakeState.windows[0]!
const sender = { sender: win.webContents, senderFrame: win.webContents.mainFrame }

const serve = fakeState.protocolHandlers.get('app')!
const fetchApp = async (url: string) => {
  const response = await serve(new Request(url))
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    csp: response.headers.get('content-security-policy'),
    body: await response.text()
  }
}
const index = await fetchApp('app://bundle/index.html')
const script = /<script[^>]+src="\.?\/?([^"]+)"/.exec(index.body)?.[1] ?? ''
const scriptResponse = await fetchApp(`app://bundle/${script}`)
const traversal = await Promise.all(
  [
    'app://bundle/..%2f..%2fpackage.json',
    'app://bundle/%2e%2e/%2e%2e/package.json',
    'app://bundle/..%5c..%5cpackage.json',
    'app://other/index.html'
  ].map(async (url) => (await fetchApp(url)).status)
)

const navigation = {
  prevented: false,
  preventDefault() {
    this.prevented = true
  }
}
win.webContents.emit('will-navigate', navigation, 'https://example.com/')
const bootstrap = await fakeState.handlers.get('app:bootstrap')!(sender)
const fromOtherFrame = await fakeState.handlers.get('app:bootstrap')!({
  sender: win.webContents,
  senderFrame: { url: 'app://bundle/index.html' }
})
const updatesLoad = await fakeState.handlers.get('updates:load')!(sender)

const report = {
  webPreferences: win.options.webPreferences,
  preloadExists: existsSync(String(win.options.webPreferences.preload)),
  loadedUrl: win.webContents.mainFrame.url,
  handlers: [...fakeState.handlers.keys()].sort(),
  windowOpen: win.webContents.windowOpenHandler?.({ url: 'https://example.com/' }) ?? null,
  navigationPrevented: navigation.prevented,
  index: { status: index.status, type: index.type, csp: index.csp, hasRoot: index.body.includes('id="root"') },
  script: { path: script, status: scriptResponse.status, type: scriptResponse.type, bytes: scriptResponse.body.length },
  traversal,
  bootstrap: { ok: bootstrap.ok, version: bootstrap.value?.version, packaged: bootstrap.value?.packaged },
  fromOtherFrame: fromOtherFrame.ok,
  updatesLoad: updatesLoad.ok,
  updates: win.webContents.sent.filter((m) => m.channel === 'updates:changed').map((m) => m.payload)
}
win.close()
process.stdout.write(JSON.stringify({ ...report, windowDestroyed: win.destroyed, quitRequests: fakeState.quitRequests }) + '\n')
