// The packaged-app proof, as far as a machine without an Electron binary allows: electron-builder
// packs the Linux unpacked app from a stand-in Electron distribution (no download), the archive is
// checked, then the packaged main process is booted under Node with the `electron` stand-in.
// It does not replace a run of real Electron (see the README's "Packaging").
import { extractAll, listPackage } from '@electron/asar'
import { spawn } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build as bundle } from 'esbuild'
import { Arch, build, Platform } from 'electron-builder'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { invokeChannelNames } from '../../src/shared/ipc/channels'
import { writeDataDb } from '../support/game-saves'

const work = mkdtempSync(join(tmpdir(), 'companion-pack-'))
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  version: string
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
}
const electronVersion = (JSON.parse(readFileSync('node_modules/electron/package.json', 'utf8')) as { version: string }).version
let resources = ''
let files: string[] = []
const appDir = join(work, 'app')

/** What electron-builder copies from an Electron download, with a shell script for the binary. */
function standInElectronDist(): string {
  const dist = join(work, 'electron-dist')
  mkdirSync(join(dist, 'resources'), { recursive: true })
  writeFileSync(join(dist, 'electron'), '#!/bin/sh\necho "stand-in Electron: this build cannot run" >&2\nexit 1\n')
  chmodSync(join(dist, 'electron'), 0o755)
  writeFileSync(join(dist, 'version'), electronVersion)
  writeFileSync(join(dist, 'LICENSE'), 'stand-in')
  writeFileSync(join(dist, 'LICENSES.chromium.html'), 'stand-in')
  return dist
}

/** Every package a production install needs: the dependencies, theirs, and so on. */
function productionClosure(): Set<string> {
  const seen = new Set<string>()
  const visit = (name: string, from: string) => {
    let dir = from
    let manifest = join(dir, 'node_modules', name, 'package.json')
    while (!existsSync(manifest) && dir !== resolve(dir, '..')) {
      dir = resolve(dir, '..')
      manifest = join(dir, 'node_modules', name, 'package.json')
    }
    if (!existsSync(manifest)) return // an optional dependency for another platform
    const key = manifest
    if (seen.has(key)) return
    seen.add(key)
    const meta = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, Record<string, string> | undefined>
    for (const dep of Object.keys({ ...meta.dependencies, ...meta.optionalDependencies })) visit(dep, join(manifest, '..'))
  }
  for (const dep of Object.keys(pkg.dependencies)) visit(dep, process.cwd())
  return new Set([...seen].map((manifest) => /node_modules\/((?:@[^/]+\/)?[^/]+)\/package\.json$/.exec(manifest)![1]!))
}

/** Bare module names an ES module imports (static, dynamic, and `require` through createRequire). */
function bareImports(code: string): string[] {
  const names = [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bimport\s+)["']([^"'./][^"']*)["']/g)].map((m) => m[1]!)
  return [...new Set(names)].filter((name) => !name.startsWith('node:') && !builtinModules.includes(name.split('/')[0]!))
}

beforeAll(async () => {
  // The fuse step edits the real Electron binary; the stand-in has none, so this build alone skips it.
  await build({
    targets: Platform.LINUX.createTarget('dir', process.arch === 'arm64' ? Arch.arm64 : Arch.x64),
    publish: 'never',
    config: { electronDist: standInElectronDist(), electronFuses: null, directories: { output: join(work, 'dist') } }
  })
  const unpacked = readdirSync(join(work, 'dist')).find((name) => name.endsWith('-unpacked'))!
  resources = join(work, 'dist', unpacked, 'resources')
  files = listPackage(join(resources, 'app.asar'), { isPack: false }).map((f) => f.replaceAll('\\', '/'))
  extractAll(join(resources, 'app.asar'), appDir)
}, 180_000)
afterAll(() => rmSync(work, { recursive: true, force: true }))

describe('the packaged app (electron-builder, Linux unpacked, stand-in Electron; fuse step skipped: the stand-in has no binary)', () => {
  it('holds the app: main, preload, renderer, package.json and the icon', () => {
    for (const path of ['/package.json', '/out/main/index.js', '/out/preload/index.cjs', '/out/renderer/index.html', '/resources/icon.png'])
      expect(files).toContain(path)
    expect(files.some((f) => /^\/out\/renderer\/assets\/index-[\w-]+\.js$/.test(f))).toBe(true)
    expect(JSON.parse(readFileSync(join(appDir, 'package.json'), 'utf8'))).toMatchObject({
      main: './out/main/index.js',
      version: pkg.version
    })
  })

  it('every module out/main imports resolves from inside the archive', async () => {
    const mainFiles = files.filter((f) => f.startsWith('/out/main/') && f.endsWith('.js'))
    const names = [...new Set(mainFiles.flatMap((f) => bareImports(readFileSync(join(appDir, f), 'utf8'))))].filter((n) => n !== 'electron')
    expect(names).toEqual(expect.arrayContaining(Object.keys(pkg.dependencies).filter((d) => d !== 'commander' && d !== 'conf')))
    // Resolved as Node resolves them for out/main/index.js, from a temp folder with no node_modules above it.
    const probe = join(appDir, 'out/main/resolve-probe.mjs')
    writeFileSync(probe, `console.log(JSON.stringify(${JSON.stringify(names)}.map((n) => import.meta.resolve(n))))`)
    const resolved = JSON.parse(await run(process.execPath, [probe])) as string[]
    for (const url of resolved) expect(url.startsWith(pathToFileURL(join(appDir, 'node_modules')).href)).toBe(true)
    rmSync(probe)
  })

  it('the plays worker is built beside main, and reads a data.db with what the archive holds', async () => {
    expect(files).toContain('/out/main/plays-worker.js')
    const db = join(work, 'plays.db')
    writeDataDb(db, [
      { chart_id: 'c1', score: 900_000, played_at: '2025-01-01T00:00:00Z' },
      { chart_id: 'c2', score: 950_000, played_at: '2025-01-02T00:00:00Z' }
    ])
    // Started as main starts it, from a file beside it; the worker's chunks and modules resolve from the extracted archive.
    const probe = join(appDir, 'out/main/plays-probe.mjs')
    writeFileSync(
      probe,
      `import { Worker } from 'node:worker_threads'
const worker = new Worker(new URL('./plays-worker.js', import.meta.url), { workerData: ${JSON.stringify(db)} })
worker.once('message', (reply) => { console.log(JSON.stringify(reply)); void worker.terminate() })
worker.once('error', (error) => { console.error(error); process.exit(1) })
`
    )
    const reply = JSON.parse((await run(process.execPath, [probe])).trim()) as unknown
    expect(reply).toEqual({ type: 'read', count: 2, skipped: 0, scoreTooHigh: 0, untimed: [], usernames: ['alice'], userIds: ['10000001'] })
    rmSync(probe)
  })

  it('the sessions worker is built beside main, and folds plays into sessions with what the archive holds', async () => {
    expect(files).toContain('/out/main/sessions-worker.js')
    const line = (minute: number) =>
      JSON.stringify({
        chart_id: 'c1',
        score: 900_000 + minute,
        score_accuracy: 0.9,
        reality: 10,
        grade: 'S',
        modifiers: [],
        played_at: new Date(Date.UTC(2025, 0, 1) + minute * 60_000).toISOString()
      })
    const tail = [0, 30, 400].map(line).join('\n') + '\n'
    const probe = join(appDir, 'out/main/sessions-probe.mjs')
    const empty = `{ count: 0, charts: [], at: new Float64Array(0), score: new Int32Array(0), chart: new Int32Array(0),
  reality: new Float64Array(0), accuracy: new Float32Array(0), flags: new Uint8Array(0), grade: new Uint8Array(0) }`
    writeFileSync(
      probe,
      `import { Worker } from 'node:worker_threads'
const worker = new Worker(new URL('./sessions-worker.js', import.meta.url))
worker.once('message', (m) => {
  console.log(JSON.stringify({ ok: m.ok, plays: m.reply?.columns.count, numbers: m.closed?.length }))
  void worker.terminate()
})
worker.once('error', (error) => { console.error(error); process.exit(1) })
worker.postMessage({ base: ${empty}, tail: new TextEncoder().encode(${JSON.stringify(tail)}), gapMs: 7200000, boundaries: [],
  constants: {}, markAt: null })
`
    )
    const reply = JSON.parse((await run(process.execPath, [probe])).trim()) as { ok: boolean; plays: number; numbers: number }
    // Three plays, the third 370 minutes after the second: two sessions, the first closed, the last open. A closed session
    // crosses as 22 numbers: 11 counts and times (first … firstPlays, hidden plays among them), 3 raises, 4 pairs.
    expect(reply).toEqual({ ok: true, plays: 3, numbers: 22 })
    rmSync(probe)
  })

  it('the sql.js wasm is unpacked; nothing from devDependencies, no web bridge, no CLI, no source maps', () => {
    expect(existsSync(join(resources, 'app.asar.unpacked/node_modules/sql.js/dist/sql-wasm.wasm'))).toBe(true)
    const shipped = new Set(
      files.flatMap((f) => {
        const m = /^\/node_modules\/(?:.*\/node_modules\/)?((?:@[^/]+\/)?[^/]+)\/package\.json$/.exec(f)
        return m ? [m[1]!] : []
      })
    )
    const needed = productionClosure()
    expect([...shipped].filter((name) => !needed.has(name))).toEqual([])
    expect(Object.keys(pkg.devDependencies).filter((dev) => shipped.has(dev) && !needed.has(dev))).toEqual([])
    for (const dev of ['electron', 'react', 'react-dom', 'vitest', 'playwright-core', 'oidc-provider', 'typescript'])
      expect(shipped.has(dev), dev).toBe(false)
    expect(files.filter((f) => f.includes('web-bridge') || f.startsWith('/out/cli') || f.endsWith('.map'))).toEqual([])
    // Nor any of the web transport inside the renderer's own chunks.
    const rendererJs = files.filter((f) => f.startsWith('/out/renderer/') && f.endsWith('.js'))
    for (const f of rendererJs) expect(readFileSync(join(appDir, f), 'utf8')).not.toContain('/__bridge/')
  })

  it('boots under Node with the stand-in: hardened window, every channel handled, app:// serves and refuses, quits cleanly', async () => {
    // The stand-in as the `electron` package inside the extracted app, bundled to plain JS so the
    // packaged code loads it with Node's own loader (import and require alike).
    await bundle({
      entryPoints: ['test/support/electron-fake.ts'],
      bundle: true,
      format: 'esm',
      platform: 'node',
      outfile: join(appDir, 'node_modules/electron/index.js'),
      logLevel: 'silent'
    })
    writeFileSync(
      join(appDir, 'node_modules/electron/package.json'),
      JSON.stringify({ name: 'electron', type: 'module', main: 'index.js' })
    )
    const output = await run(process.execPath, ['test/packaging/boot-packaged.ts', appDir, resources], 60_000)
    const report = JSON.parse(output.trim().split('\n').at(-1)!) as Record<string, unknown>
    expect(report.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      disableBlinkFeatures: 'Auxclick'
    })
    expect(report.webPreferences).not.toHaveProperty('nodeIntegrationInWorker', true)
    expect(report.preloadExists).toBe(true)
    expect(report.loadedUrl).toBe('app://bundle/index.html')
    expect(report.handlers).toEqual([...invokeChannelNames].sort())
    expect(report.windowOpen).toEqual({ action: 'deny' })
    expect(report.navigationPrevented).toBe(true)
    expect(report.index).toMatchObject({ status: 200, type: expect.stringContaining('text/html'), hasRoot: true })
    expect((report.index as { csp: string }).csp).toContain("default-src 'none'")
    expect(report.script).toMatchObject({ status: 200, type: expect.stringContaining('javascript') })
    expect(report.traversal).toEqual([404, 404, 404, 404])
    expect(report.bootstrap).toEqual({ ok: true, version: pkg.version, packaged: true })
    expect(report.fromOtherFrame).toBe(false)
    // Packaged, so updates run through electron-updater; the saved setting keeps checks off (no network here).
    expect(report.updates).toContainEqual({ status: 'disabled', reason: 'turned_off' })
    expect(report).toMatchObject({ windowDestroyed: true, quitRequests: 1 })
  })
})

/** Runs a child to its end (it must end by itself within `timeoutMs`); resolves with its stdout. */
function run(command: string, args: string[], timeoutMs = 20_000): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const env = { ...process.env }
    delete env.NODE_OPTIONS
    delete env.NODE_PATH
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`${args[0]} did not end within ${timeoutMs} ms (something kept running after quit)\n${stderr}`))
    }, timeoutMs)
    child.on('close', (code) => {
      clearTimeout(timer)
      if (code === 0) resolvePromise(stdout)
      else reject(new Error(`${args[0]} exited with ${code}\n${stderr}\n${stdout}`))
    })
  })
}
