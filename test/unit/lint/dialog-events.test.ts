import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// The file below does not exist, so the type-aware rules (which need a real program) are off here.
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' }
  }
})

async function refused(code: string): Promise<boolean> {
  const [result] = await eslint.lintText(code, { filePath: 'src/renderer/src/ui/NewDialog.tsx' })
  return result!.messages.some((m) => m.ruleId === 'no-restricted-syntax' && m.message.includes('ownEvent'))
}

const dialog = (attribute: string) => `export const A = (p: { f(): void }) => <dialog ${attribute}>x</dialog>\n`

describe('a dialog answers only its own close and cancel, as a lint rule', () => {
  it.each([['onClose={p.f}'], ['onCancel={(e) => (e.preventDefault(), p.f())}']])('refuses a bare handler: %s', async (attribute) => {
    expect(await refused(dialog(attribute))).toBe(true)
  })

  it.each([['onClose={ownEvent(p.f)}'], ['onCancel={ownEvent((e) => (e.preventDefault(), p.f()))}'], ['onClick={p.f}']])(
    'accepts %s',
    async (attribute) => {
      expect(await refused(dialog(attribute))).toBe(false)
    }
  )
})
