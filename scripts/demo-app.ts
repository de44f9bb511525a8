// What `npm run demo` and `npm run demo:web` set up, as functions a test can run: the reference service
// with its demo accounts, the app's data folder with months of history, and a sample game folder, all
// under one folder of the demo's own (`.tmp` unless COMPANION_DEMO_DIR says otherwise). The demo writes
// nothing anywhere else: backups, logs and exports default to folders inside it.
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { startReferenceService, type ReferenceService } from '../reference-service/src/server'
import type { CoreDeps } from '../src/main/core/create-core'
import { startWebApp, type WebApp } from '../src/main/web-host/start-web-app'
import { defaultBackupFolder } from '../src/main/backups/library'
import { createHeadless } from '../src/main/headless/headless'
import { seedDemoHistory } from './demo-seed'
import { writeSampleGameFolder } from './demo-game-folder'

export interface DemoFolders {
  root: string
  /** The reference service's own state. */
  service: string
  /** The app's data folder (settings, sign-ins, history, logs, and the default backup folder inside it). */
  app: string
  /** The sample game folder: what Milthm keeps on a computer. */
  game: string
  /** The CLI's own data folder for the demo (`--data-dir`): its chart list, for song names. */
  cli: string
}

export function demoFolders(kind: 'web' | 'electron', root = process.env.COMPANION_DEMO_DIR ?? '.tmp'): DemoFolders {
  const base = resolve(root)
  return {
    root: base,
    service: join(base, 'demo-service'),
    app: join(base, `demo-${kind}`),
    game: join(base, 'demo-game'),
    cli: join(base, 'demo-cli')
  }
}

export async function startDemoService(folders: DemoFolders, port: number): Promise<ReferenceService> {
  return startReferenceService({ port, dataDir: folders.service, testControls: false }).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EADDRINUSE') throw error
    console.log(`Port ${port} is busy; using a free port instead.`)
    return startReferenceService({ port: 0, dataDir: folders.service })
  })
}

/** The demo accounts shown on the welcome screen (not the bench account of the benchmarks). */
export const demoAccounts = (service: ReferenceService) =>
  service.accounts
    .filter((a) => a.deployment === 'global' && !a.deleted && a.username !== 'bench')
    .map((a) => ({ username: a.username, password: a.password }))

/**
 * The CLI on the demo's data: its flags (printed by the demo, docs/demo.md). The CLI keeps no settings of its own, so
 * the demo names the service, the CLI's data folder (with the demo's chart list), the app's library and the sample game
 * folder on the command line; with them `local versions`, `rank` and `local status` see what the demo made.
 */
export function demoCli(service: ReferenceService, folders: DemoFolders) {
  return {
    /** Before the command: the demo's service and the CLI's data folder with the demo's chart list. */
    global: ['--base-url', service.deployments.global.base_url, '--data-dir', folders.cli],
    /** `--dir` of `local versions`, `local backup`, `backups …`: the demo app's own library. */
    dir: defaultBackupFolder(join(folders.app, 'documents')),
    /** `--game-dir` of `local …`: the sample game folder. */
    gameDir: folders.game,
    /** Where a demo player makes a User Token for the CLI (the service's token page). */
    tokensPage: service.deployments.global.tokens_page
  }
}

/** The CLI's chart list in its demo data folder, from the demo's list host (as `companion charts update --url` does). */
async function prepareCliCharts(service: ReferenceService, folders: DemoFolders): Promise<void> {
  await createHeadless({ dataDir: folders.cli, version: 'demo' }).updateCharts(service.chartList.url)
}

/** The app's data folder with the demo players' history, the sample game folder beside it, and the CLI's chart list. */
export async function prepareDemoData(service: ReferenceService, folders: DemoFolders) {
  mkdirSync(folders.app, { recursive: true })
  const seeded = await seedDemoHistory(service, folders.app)
  const game = await writeSampleGameFolder(service, folders.game)
  await prepareCliCharts(service, folders)
  return { seeded, game }
}

export interface WebDemo {
  service: ReferenceService
  app: WebApp
  folders: DemoFolders
  seeded: string[]
  close(): Promise<void>
}

/** `npm run demo:web`: the service, the data, and the app behind the development web host. */
export async function startWebDemo(options: {
  port: number
  rendererDir: string
  deps?: Partial<CoreDeps>
  root?: string
}): Promise<WebDemo> {
  const folders = demoFolders('web', options.root)
  const service = await startDemoService(folders, options.port)
  try {
    const { seeded } = await prepareDemoData(service, folders)
    const app = await startWebApp({
      rendererDir: options.rendererDir,
      dataDir: folders.app,
      localBaseUrl: service.deployments.global.base_url,
      localDemoAccounts: demoAccounts(service),
      // Song names come the way a player gets them: the community's song-keyed list, from a host of its own.
      chartListUrl: service.chartList.url,
      sampleGameFolder: folders.game,
      version: '0.1.0-demo',
      deps: options.deps
    })
    app.core.start()
    return {
      service,
      app,
      folders,
      seeded,
      close: async () => {
        await app.close()
        await service.close()
      }
    }
  } catch (error) {
    await service.close()
    throw error
  }
}
