import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CHIP_GRADIENTS, paletteCss, THEME_COLOURS, type ThemeColours } from '../../../src/renderer/src/ui/palette'

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5]
      .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!
  }
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi! + 0.05) / (lo! + 0.05)
}

/** The custom properties a block of styles.css declares, read from the file itself. */
function declared(selector: string): Record<string, string> {
  const css = readFileSync('src/renderer/src/styles.css', 'utf8')
  const block = css.slice(css.indexOf(`${selector} {`)).split('}')[0]!
  return Object.fromEntries([...block.matchAll(/--([\w-]+):\s*(#[0-9a-fA-F]{6})/g)].map((m) => [m[1]!, m[2]!.toLowerCase()]))
}

/** Each picture colour's custom property in styles.css. */
const PROPERTY: Record<keyof ThemeColours, string> = {
  bg: 'bg',
  surface: 'surface',
  text: 'text',
  muted: 'muted',
  accent: 'accent',
  accentText: 'accent-text',
  border: 'border',
  cardTint: 'card-tint',
  successText: 'success-text',
  danger: 'danger'
}

describe("the pictures' colours are the app's", () => {
  for (const [theme, selector] of [
    ['light', ':root'],
    ['dark', ":root[data-theme='dark']"]
  ] as const) {
    it(`${theme}: every colour is the theme's own custom property`, () => {
      const css = declared(selector)
      const drawn = THEME_COLOURS[theme]
      expect(Object.keys(drawn).sort()).toEqual(Object.keys(PROPERTY).sort())
      for (const [name, property] of Object.entries(PROPERTY))
        expect([name, drawn[name as keyof ThemeColours]]).toEqual([name, css[property]])
    })

    it(`${theme}: every text a picture draws reads at AA contrast on what it is drawn on`, () => {
      const c = THEME_COLOURS[theme]
      const pairs = [
        ['text', c.text, c.surface],
        ['muted', c.muted, c.surface],
        ['text', c.text, c.cardTint],
        ['muted', c.muted, c.cardTint],
        ['accent', c.accent, c.cardTint],
        ['accent', c.accent, c.surface],
        ['gain', c.successText, c.surface],
        ['gain', c.successText, c.cardTint],
        ['text', c.text, c.bg],
        ['muted', c.muted, c.bg],
        ['initial', c.accentText, c.accent]
      ] as const
      const low = pairs.filter(([, fg, bg]) => contrast(fg, bg) < 4.5).map(([name, fg, bg]) => `${name} ${fg} on ${bg}`)
      expect(low).toEqual([])
    })
  }

  it('the gradients of the R grade and the AP mark carry white text at every stop, and the screens draw the same stops', () => {
    const stops = [...Object.values(CHIP_GRADIENTS.grade), ...Object.values(CHIP_GRADIENTS.combo)].flat()
    expect(stops.filter(([colour]) => contrast('#ffffff', colour) < 4.5)).toEqual([])
    const css = paletteCss()
    expect(css).toContain('.chip.grade-chip.grade-R { background: linear-gradient(120deg, #9d3bb8 0%, #1d5fd1 55%, #0f766e 100%); }')
    expect(css).toContain('.chip.combo-chip.bg-combo-AP { background: linear-gradient(120deg, #a16207 0%, #b45309 100%); }')
  })
})
