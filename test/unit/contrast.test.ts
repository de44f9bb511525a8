import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { COMBO_COLOURS, DIFFICULTY_COLOURS, GRADE_COLOURS, MARK_COLOURS } from '../../src/renderer/src/ui/palette'

/** WCAG 2 relative luminance and contrast ratio of two #rrggbb colours. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi! + 0.05) / (lo! + 0.05)
}

function palette(selector: string): Record<string, string> {
  const css = readFileSync('src/renderer/src/styles.css', 'utf8')
  const block = css.slice(css.indexOf(`${selector} {`)).split('}')[0]!
  return Object.fromEntries([...block.matchAll(/--([\w-]+):\s*(#[0-9a-fA-F]{6})/g)].map((m) => [m[1]!, m[2]!]))
}

describe('colour contrast (WCAG AA: 4.5:1 for text)', () => {
  for (const [name, selector] of [
    ['light', ':root'],
    ['dark', ":root[data-theme='dark']"]
  ] as const) {
    const p = palette(selector)
    it.each([
      ['text', 'bg'],
      ['text', 'surface'],
      ['text', 'surface-2'],
      ['muted', 'bg'],
      ['muted', 'surface'],
      ['muted', 'surface-2'],
      ['accent', 'surface'],
      ['accent', 'surface-2'],
      ['accent-text', 'accent'],
      ['danger', 'danger-bg'],
      ['danger', 'surface'],
      ['warning-text', 'warning-bg'],
      ['success-text', 'success-bg']
    ])(`${name}: --%s on --%s`, (fg, bg) => {
      expect(p[fg], fg).toBeDefined()
      expect(p[bg], bg).toBeDefined()
      expect(contrast(p[fg]!, p[bg]!)).toBeGreaterThanOrEqual(4.5)
    })
  }
})

describe('grade and difficulty chips carry white text at AA contrast', () => {
  it.each([
    ...Object.entries(GRADE_COLOURS),
    ...Object.entries(DIFFICULTY_COLOURS),
    ...Object.entries(COMBO_COLOURS),
    ...Object.entries(MARK_COLOURS)
  ])('%s (%s)', (_name, colour) => {
    expect(contrast('#ffffff', colour)).toBeGreaterThanOrEqual(4.5)
  })
})
