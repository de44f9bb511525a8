import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// The files below need not exist, so the type-aware rules (which need a real program) are off here.
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' }
  }
})

async function rulesHit(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result!.messages.map((m) => m.ruleId ?? '')
}

const plain = 'export const answer = 42\n'
const importing = (from: string) => `import * as it from '${from}'\nexport const used = it\n`

describe('the folders of src/main, as a lint rule', () => {
  it.each([
    ['a new folder with neither file', 'src/main/new-feature/service.ts'],
    ['a support folder name with a typo', 'src/main/platform/service.ts']
  ])('refuses a feature folder without module.ts and handlers.ts (%s)', async (_what, file) => {
    expect(await rulesHit(plain, file)).toContain('layout/feature-folder')
  })

  it.each([
    ['a feature folder with both files', 'src/main/profile/extra.ts'],
    ['a support folder', 'src/main/storage/extra.ts'],
    ['a root (the composition root)', 'src/main/core/extra.ts'],
    ['a root (the tray and menu)', 'src/main/desktop/extra.ts'],
    ['a file of src/main itself', 'src/main/extra.ts']
  ])('accepts %s', async (_what, file) => {
    expect(await rulesHit(plain, file)).not.toContain('layout/feature-folder')
  })

  it.each([
    ['src/main/cache/violating.ts', '../backups/library'],
    ['src/main/platform-node/violating.ts', '../game-folder/snapshot'],
    ['src/main/storage/violating.ts', '../sync']
  ])('a support folder (%s) may not import a feature (%s)', async (file, from) => {
    expect(await rulesHit(importing(from), file)).toContain('no-restricted-imports')
  })

  it.each([
    ['src/main/cache/allowed.ts', '../storage/local-data'],
    ['src/main/backups/allowed.ts', '../platform-node/io']
  ])('%s may import %s', async (file, from) => {
    expect(await rulesHit(importing(from), file)).not.toContain('no-restricted-imports')
  })
})

describe('the kernel, as lint rules', () => {
  it.each([
    ['a feature', 'src/main/kernel/violating.ts', '../restore/restore-service'],
    ['a feature folder', 'src/main/kernel/violating.ts', '../sessions'],
    ['the composition root', 'src/main/kernel/violating.ts', '../core/create-core'],
    ['a face', 'src/main/kernel/violating.ts', '../headless/headless']
  ])('a kernel file may not import %s (%s imports %s)', async (_what, file, from) => {
    expect(await rulesHit(importing(from), file)).toContain('no-restricted-imports')
  })

  it.each([
    ['src/main/kernel/allowed.ts', '../ipc/event-hub'],
    ['src/main/kernel/allowed.ts', '../../shared/data'],
    ['src/main/progress/allowed.ts', '../kernel/signals']
  ])('%s may import %s', async (file, from) => {
    expect(await rulesHit(importing(from), file)).not.toContain('no-restricted-imports')
  })
})

describe("the window's event stream is not a feature's signal", () => {
  const following = (call: string) => `export function follow(ctx: any, recheck: () => void) {\n  ${call}\n}\n`

  it.each([
    ['ctx.events.addSink((event) => event === "sync:player" && recheck())'],
    ['ctx.events.on("sync:player", () => recheck())'],
    ['const { events } = ctx\n  events.addSink(() => recheck())'],
    ['this.deps.events.addSink(() => recheck())']
  ])('a feature module that follows it fails the lint: %s', async (call) => {
    expect(await rulesHit(following(call), 'src/main/progress/module.ts')).toContain('no-restricted-syntax')
  })

  it.each([
    ['a feature following a signal', 'src/main/progress/module.ts', 'ctx.signals.playerChanged.on(() => recheck())'],
    ['a feature sending an event', 'src/main/progress/module.ts', 'ctx.events.emit("progress:changed", {})'],
    ['the tray (a root) showing the events', 'src/main/desktop/desktop-shell.ts', 'ctx.events.addSink(() => recheck())']
  ])('%s passes', async (_what, file, call) => {
    expect(await rulesHit(following(call), file)).not.toContain('no-restricted-syntax')
  })
})
