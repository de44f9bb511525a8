import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const eslint = new ESLint({ cwd: process.cwd() })

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result!.messages.map((m) => m.ruleId ?? m.message)
}

describe('electron import boundary', () => {
  const violating = "import { app } from 'electron'\nexport const name = app.getName()\n"

  it('fails a service that imports electron', async () => {
    expect(await ruleIds(violating, 'src/main/api/violating.ts')).toContain('no-restricted-imports')
  })

  it('fails a service that imports electron-store', async () => {
    const code = "import Store from 'electron-store'\nexport const s = new Store()\n"
    expect(await ruleIds(code, 'src/main/cache/violating.ts')).toContain('no-restricted-imports')
  })

  it('fails shared and renderer code that imports electron', async () => {
    expect(await ruleIds(violating, 'src/shared/violating.ts')).toContain('no-restricted-imports')
    expect(await ruleIds(violating, 'src/renderer/src/violating.ts')).toContain('no-restricted-imports')
  })

  it('allows the adapter folder', async () => {
    expect(await ruleIds(violating, 'src/main/electron/allowed.ts')).not.toContain('no-restricted-imports')
  })
})
