import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// The files below do not exist, so the type-aware rules (which need a real program) are off here.
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' }
  }
})

async function restricted(code: string, filePath: string): Promise<boolean> {
  const [result] = await eslint.lintText(code, { filePath })
  return result!.messages.some((m) => m.ruleId === 'no-restricted-imports')
}

const importing = (from: string) => `import * as it from '${from}'\nexport const used = it\n`

describe('the layers, as lint rules', () => {
  it.each([
    ['a main service', 'src/main/api/violating.ts', 'electron'],
    ['a main service', 'src/main/cache/violating.ts', 'electron-store'],
    ['a main service', 'src/main/sync/violating.ts', '../../renderer/src/bridge'],
    ['shared code', 'src/shared/violating.ts', 'electron'],
    ['shared code', 'src/shared/violating.ts', '../main/ports'],
    ['shared code', 'src/shared/violating.ts', '../renderer/src/bridge'],
    ['shared code', 'src/shared/violating.ts', 'node:fs'],
    ['the renderer', 'src/renderer/src/violating.ts', 'electron'],
    ['the renderer', 'src/renderer/src/app/violating.ts', '../../../main/ports'],
    ['the renderer', 'src/renderer/src/app/violating.ts', 'node:path'],
    ['the CLI', 'src/cli/violating.ts', '../main/backups/backup-service'],
    ['the CLI', 'src/cli/violating.ts', 'electron'],
    ['the preload', 'src/preload/violating.ts', '../main/ipc/dispatcher']
  ])('%s (%s) may not import %s', async (_who, file, from) => {
    expect(await restricted(importing(from), file)).toBe(true)
  })

  it.each([
    ['the electron adapter imports electron', 'src/main/electron/allowed.ts', 'electron'],
    ['a main service imports shared', 'src/main/api/allowed.ts', '../../shared/api'],
    ['the renderer imports shared', 'src/renderer/src/app/allowed.ts', '../../../shared/data'],
    ['the CLI imports the facade', 'src/cli/allowed.ts', '../main/headless/headless'],
    ['the CLI imports shared', 'src/cli/allowed.ts', '../shared/errors'],
    ['the preload imports electron', 'src/preload/allowed.ts', 'electron']
  ])('%s', async (_what, file, from) => {
    expect(await restricted(importing(from), file)).toBe(false)
  })
})

describe('numbers for players', () => {
  const flagged = async (code: string, filePath: string) =>
    (await eslint.lintText(code, { filePath }))[0]!.messages.some((m) => m.ruleId === 'no-restricted-syntax')

  it.each([
    ['the renderer', 'src/renderer/src/reality/violating.tsx', 'export const text = (v: number) => v.toFixed(2)\n'],
    ['a notification', 'src/main/sessions/violating.ts', 'export const text = (v: number) => `+${v.toFixed(2)}`\n'],
    ['the tray', 'src/main/desktop/violating.ts', 'export const text = (v: number) => v.toLocaleString()\n'],
    ['a CLI table', 'src/cli/violating.ts', 'export const cell = (v: number) => `${(v / 1024 / 1024).toFixed(2)} MiB`\n'],
    ['a CLI command', 'src/cli/commands/violating.ts', 'export const line = (v: number) => `Reality: ${v.toFixed(4)}`\n']
  ])('%s may not write a number with toFixed or toLocaleString (English, whatever the UI language)', async (_where, file, code) => {
    expect(await flagged(code, file)).toBe(true)
  })

  it('the shared formatting layer may (it writes the digits Intl then puts in the language)', async () => {
    expect(await flagged('export const cut = (v: number) => Number(v.toFixed(2))\n', 'src/shared/number-text.ts')).toBe(false)
  })
})

describe('type-aware rules', () => {
  it('a promise nobody awaits or handles fails the lint', async () => {
    const typed = new ESLint({ cwd: process.cwd() })
    const code = 'export async function later(): Promise<void> {}\nexport function caller(): void {\n  later()\n}\n'
    // An existing file of the project, so the type checker knows it (its text is replaced here).
    const [result] = await typed.lintText(code, { filePath: 'src/main/kernel/disposables.ts' })
    expect(result!.messages.map((m) => m.ruleId)).toContain('@typescript-eslint/no-floating-promises')
  }, 60_000)
})

describe('short functions', () => {
  const tooLong = async (code: string, filePath: string) =>
    (await eslint.lintText(code, { filePath }))[0]!.messages.some((m) => m.ruleId === 'max-lines-per-function')
  /** A function `lines` lines long, from its first line to its closing brace, with `filler` (blank lines, comments) between. */
  const functionOf = (lines: number, filler = '') =>
    `export function counted(): number {\n  let n = 0\n${'  n++\n'.repeat(lines - 4)}${filler}  return n\n}\n`

  it.each([
    ['a component', 'src/renderer/src/reality/violating.tsx'],
    ['a helper', 'src/renderer/src/ui/violating.ts']
  ])('%s in the renderer over 80 lines fails the lint', async (_what, file) => {
    expect(await tooLong(functionOf(81), file)).toBe(true)
  })

  it('80 lines pass, and blank lines and comments are not counted', async () => {
    const file = 'src/renderer/src/reality/allowed.tsx'
    expect(await tooLong(functionOf(80), file)).toBe(false)
    expect(await tooLong(functionOf(80, '\n'.repeat(10) + '  // a comment\n'.repeat(10)), file)).toBe(false)
  })

  it('a function called where it is written counts as one', async () => {
    const iife = `export const counted = (() => {\n  let n = 0\n${'  n++\n'.repeat(80)}  return n\n})()\n`
    expect(await tooLong(iife, 'src/renderer/src/ui/violating.ts')).toBe(true)
  })

  it('a long function with its reason stated beside the disable passes', async () => {
    const stated = `// eslint-disable-next-line max-lines-per-function -- a list of data, one entry a line\n${functionOf(81)}`
    expect(await tooLong(functionOf(81), 'src/renderer/src/ui/allowed.ts')).toBe(true)
    expect(await tooLong(stated, 'src/renderer/src/ui/allowed.ts')).toBe(false)
  })
})
