// `npm run demo`: the reference service with demo data + the Electron app on the Local deployment.
// `npm run demo:web`: the same services behind the development web host, for machines where
// Electron cannot start (no display, or no Electron binary). Development and review only.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { resolve } from 'node:path'
import { startReferenceService } from '../reference-service/src/server'
import { startWebApp } from '../src/main/web-host/start-web-app'
import { seedDemoHistory } from './demo-seed'

const web = process.argv.includes('--web')
const port = Number(process.env.COMPANION_DEMO_PORT ?? 8723)

function openInBrowser(url: string): void {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'cmd' : 'xdg-open'
  const args = process.platform === 'win32' ? ['/c', 'start', '', url] : [url]
  const child = spawn(command, args, { stdio: 'ignore', detached: true })
  child.on('error', () => console.log(`Open this address in your browser:\n  ${url}`))
  child.unref()
}

const service = await startReferenceService({ port, dataDir: resolve('.tmp/demo-service'), testControls: false }).catch(
  async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EADDRINUSE') throw error
    console.log(`Port ${port} is busy; using a free port instead.`)
    return startReferenceService({ port: 0, dataDir: resolve('.tmp/demo-service') })
  }
)
const baseUrl = service.deployments.global.base_url
const demoAccounts = service.accounts
  .filter((a) => a.deployment === 'global' && !a.deleted && a.username !== 'bench')
  .map((a) => ({ username: a.username, password: a.password }))
console.log(`Reference service: ${service.origin} (Local deployment: ${baseUrl})`)
console.log(`Community chart list (song names): ${service.chartList.url}`)
console.log(`Demo accounts (password milthm-demo): ${demoAccounts.map((a) => a.username).join(', ')}`)

function announceSeeded(names: string[]) {
  if (names.length) console.log(`Demo history (months of plays and Reality) prepared for: ${names.join(', ')}`)
}

const stop = async (code = 0) => {
  await service.close()
  process.exit(code)
}
process.on('SIGINT', () => void stop())
process.on('SIGTERM', () => void stop())

if (web) {
  const rendererDir = resolve('out/renderer')
  if (!existsSync(`${rendererDir}/index.html`))
    spawnSync('npx', ['electron-vite', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' })
  const dataDir = resolve('.tmp/demo-web')
  mkdirSync(dataDir, { recursive: true })
  announceSeeded(await seedDemoHistory(service, dataDir))
  const app = await startWebApp({
    rendererDir,
    dataDir,
    localBaseUrl: baseUrl,
    localDemoAccounts: demoAccounts,
    // Song names come the way a player gets them: the community's song-keyed list, from a host of its own.
    chartListUrl: service.chartList.url,
    version: '0.1.0-demo',
    deps: {
      openExternal: async (url) => {
        // Sign-in and token pages: printed too, for a machine where no browser opens by itself.
        console.log(`\nOpening in your browser (or open it yourself):\n  ${url}\n`)
        openInBrowser(url)
      }
    }
  })
  app.core.start()
  console.log(`\nThe app (development web host, protected by a per-run secret in the address):\n  ${app.url}\n\nPress Ctrl+C to stop.`)
} else {
  if (!existsSync('out/main/index.js'))
    spawnSync('npx', ['electron-vite', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' })
  let electron: string
  try {
    // Resolving the package downloads Electron's binary on first use.
    electron = createRequire(import.meta.url)('electron') as unknown as string
  } catch {
    console.error(
      '\nElectron could not be installed here (its binary downloads on first launch ' +
        'and that failed).\nRun the same app in your browser instead:  npm run demo:web'
    )
    await stop(1)
    throw new Error('unreachable')
  }
  // The demo keeps its own data folder: it never touches a real installation's sign-ins.
  const dataDir = resolve('.tmp/demo-electron')
  mkdirSync(dataDir, { recursive: true })
  announceSeeded(await seedDemoHistory(service, dataDir))
  const child = spawn(electron, ['.'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      COMPANION_LOCAL_BASE_URL: baseUrl,
      COMPANION_DEMO_ACCOUNTS: JSON.stringify(demoAccounts),
      COMPANION_CHART_LIST_URL: service.chartList.url,
      COMPANION_USER_DATA_DIR: dataDir
    }
  })
  child.on('error', (error) => {
    console.error(
      `Electron could not start (${error.message}). Its binary downloads on ` +
        `first launch; without a display or network, use: npm run demo:web`
    )
    void stop(1)
  })
  child.on('exit', (code) => {
    if (code) console.error(`Electron exited with code ${code}. Without a display or the Electron binary, use: npm run demo:web`)
    void stop(code ?? 0)
  })
}
