import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { cliTextsFor } from '../../../src/main/i18n'
import { Verdict } from '../../../src/shared/game-folder'
import { Language } from '../../../src/shared/settings'

// The app and `companion local diff` say the same thing about the same comparison, in every language.
describe("the CLI's verdict of the local save against the cloud", () => {
  it.each(Language.options)('is the app’s sentence for each verdict (%s)', (language) => {
    const app = JSON.parse(readFileSync(`src/renderer/src/i18n/${language}.json`, 'utf8')) as { local: Record<string, string> }
    for (const verdict of Verdict.options) expect(cliTextsFor(language).verdicts[verdict], verdict).toBe(app.local[`verdict_${verdict}`])
  })
})
