import { describe, expect, it } from 'vitest'
import en from '../../../src/renderer/src/i18n/en.json'
import { restoreLabels } from '../../../src/cli/labels'
import { Language } from '../../../src/shared/settings'
import { RestoreRefusal, RestoreStep } from '../../../src/shared/restore'

const english = en.restore as Record<string, string>

describe('restore texts', () => {
  it('the window has a text for every refusal, step and outcome code (the other languages are checked against English)', () => {
    const built = [
      ...RestoreRefusal.options.map((r) => `refused_${r}`),
      ...RestoreStep.options.map((s) => `step_${s}`),
      ...['restored', 'exported', 'undone'].map((s) => `done_${s}`)
    ]
    expect(built.filter((key) => !english[key])).toEqual([])
  })

  it.each(Language.options)('the CLI says every refusal in %s, naming what the reason names', (language) => {
    const text = restoreLabels(language)
    for (const reason of RestoreRefusal.options) {
      const said = text.refused[reason]('DETAIL-X')
      expect(said.trim().length, reason).toBeGreaterThan(3)
      if (['game-running', 'unfinished-write', 'target-exists', 'other-player'].includes(reason)) expect(said, reason).toContain('DETAIL-X')
    }
    expect(text.nextStep).toContain('Milthm')
    if (language !== 'en') expect(text.nextStep).not.toBe(restoreLabels('en').nextStep)
  })
})
