// `npm run demo`: the reference service with demo data + the Electron app on the Local deployment.
// `npm run demo:web`: the same services behind the development web host, for machines where
// Electron cannot start (no display, or no Electron binary). Development and review only.
// Everything the demo writes lives under its own folder (.tmp, or COMPANION_DEMO_DIR): see demo-app.ts.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { resolve } from 'node:path'
import type { ReferenceService } from '../reference-service/src/server'
import { demoAccounts, demoCli, demoFolders, prepareDemoData, startDemoService, startWebDemo, type DemoFolders } from './demo-app'

const web = process.argv.includes('--web')
const port = Number(process.env.COMPANION_DEMO_PORT ?? 8723)

function openInBrowser(url: string): void {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'cmd' : 'xdg-open'
  const args = process.platform === 'win32' ? ['/c', 'start', '', url] : [url]
  const child = spawn(command, args, { stdio: 'ignore', detached: true })
  child.on('error', () => console.log(`Open this address in your browser:\n  ${url}`))
  child.unref()
}

/** The app, the CLI and the renderer, built once (a fresh clone has none): the CLI works right after the demo. */
function buildIfMissing(): void {
  const built = ['out/main/index.js', 'out/renderer/index.html', 'out/cli/index.js'].every((f) => existsSync(f))
  if (!built) spawnSync('npm', ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' })
}

function announce(service: ReferenceService, folders: DemoFolders, seeded: string[]) {
  console.log(`Reference service: ${service.origin} (Local deployment: ${service.deployments.global.base_url})`)
  console.log(`Community chart list (song names): ${service.chartList.url}`)
  console.log(
    `Demo accounts (password milthm-demo): ${demoAccounts(service)
      .map((a) => a.username)
      .join(', ')}`
  )
  if (seeded.length) console.log(`Demo history (months of plays and Reality) prepared for: ${seeded.join(', ')}`)
  console.log(`The demo's own folder (data, backups, logs): ${folders.app}`)
  console.log(`Sample game folder ("This computer", alice's save and plays): ${folders.game}`)
  const cli = demoCli(service, folders)
  const on = (command: string, flag = '') => `  npx companion ${cli.global.map(quoted).join(' ')} ${command}${flag}`
  console.log(
    [
      "The CLI on the demo's data, from this folder (docs/demo.md). Its User Token: sign in with a demo account on the",
      `token page, ${cli.tokensPage}, create one and set it (never shown again):`,
      "  export COMPANION_USER_TOKEN='Basic …'",
      on('rank'),
      on('local versions', ` --dir ${quoted(cli.dir)}`),
      on('local status', ` --game-dir ${quoted(cli.gameDir)}`)
    ].join('\n')
  )
}

/** A path or address as a shell reads it back unchanged. */
const quoted = (text: string) => (/^[\w./:@-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`)

buildIfMissing()
if (web) {
  const demo = await startWebDemo({
    port,
    rendererDir: resolve('out/renderer'),
    deps: {
      openExternal: async (url) => {
        // Sign-in and token pages: printed too, for a machine where no browser opens by itself.
        console.log(`\nOpening in your browser (or open it yourself):\n  ${url}\n`)
        openInBrowser(url)
      }
    }
  })
  const stop = async () => {
    await demo.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void stop())
  process.on('SIGTERM', () => void stop())
  announce(demo.service, demo.folders, demo.seeded)
  console.log(`\nThe app (development web host, protected by a per-run secret in the address):\n  ${demo.app.url}\n\nPress Ctrl+C to stop.`)
} else {
  const folders = demoFolders('electron')
  const service = await startDemoService(folders, port)
  const stop = async (code = 0) => {
    await service.close()
    process.exit(code)
  }
  process.on('SIGINT', () => void stop())
  process.on('SIGTERM', () => void stop())
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
  const { seeded } = await prepareDemoData(service, folders)
  announce(service, folders, seeded)
  const child = spawn(electron, ['.'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      COMPANION_LOCAL_BASE_URL: service.deployments.global.base_url,
      COMPANION_DEMO_ACCOUNTS: JSON.stringify(demoAccounts(service)),
      COMPANION_CHART_LIST_URL: service.chartList.url,
      // The demo keeps its own data folder (logs and default backups inside it): it never touches a real installation.
      COMPANION_USER_DATA_DIR: folders.app,
      COMPANION_SAMPLE_GAME_FOLDER: folders.game
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
