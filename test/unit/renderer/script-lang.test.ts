import { describe, expect, it } from 'vitest'
import { scriptLang } from '../../../src/renderer/src/ui/script-lang'

describe('a song title’s language from its script', () => {
  it.each([
    ['ウミユリ海底譚', 'ja'],
    ['ハジマリノピアノ', 'ja'],
    ['いろは', 'ja'],
    ['별의 노래', 'ko'],
    ['光', undefined],
    ['夜に駆ける、', 'ja'],
    ['雨、晴', undefined],
    ['Reality Check', undefined],
    ['', undefined],
    [null, undefined]
  ])('%s → %s', (title, expected) => {
    expect(scriptLang(title)).toBe(expected)
  })
})
