import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../harness/chromium'
import { pictureCases, type PictureCase } from '../harness/picture-cases'
import { drawPictures, openPicturePage, pictureImage, type DrawnPicture } from '../harness/picture-page'

const name = (c: PictureCase, i: number) =>
  `${c.language} ${c.kind}${c.kind === 'session' ? ` (${c.session.bests.length} bests)` : ''} ${c.dark ? 'dark' : 'light'} #${i}`

/** A number with `digits` decimals as the language writes it (the truth here: Intl, from the raw value). */
const number = (language: string, value: number, digits = 0) =>
  new Intl.NumberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value)
/** Reality as the game shows it (two decimals, cut, not rounded) or exact (four). */
const reality = (language: string, value: number, digits: 'game' | 'exact') =>
  digits === 'game' ? number(language, Math.trunc(value * 100) / 100, 2) : number(language, value, 4)

/** Numbers each picture of a case must show, written in its language. */
function expectedNumbers(c: PictureCase): string[] {
  const { language: l } = c
  if (c.kind === 'chart') return [reality(l, c.peak.value, c.digits)]
  if (c.kind === 'share') {
    const [first] = c.rows
    const percent = new Intl.NumberFormat(l, { style: 'percent', minimumFractionDigits: 2 }).format(first!.record.score_accuracy)
    return [
      reality(l, c.reality, c.digits),
      number(l, first!.record.score),
      number(l, first!.record.reality, 3),
      percent,
      `CL ${number(l, 15.8, 1)}`
    ]
  }
  if (c.kind === 'skill') {
    const [first] = c.skill.levels
    return [
      number(l, first!.spread!.median),
      `${number(l, first!.played)}/${number(l, first!.charts)}`,
      number(l, first!.clear),
      number(l, first!.fullCombo),
      number(l, first!.allPerfect)
    ]
  }
  const s = c.session
  const change = s.after - s.before
  const shown = [
    reality(l, s.after, c.digits),
    `+${c.digits === 'game' ? reality(l, change, 'game') : number(l, change, 4)}`,
    number(l, s.plays)
  ]
  const [best] = s.bests
  return best ? [...shown, `${number(l, best.before)} → ${number(l, best.after)}`, `+${number(l, best.after - best.before)}`] : shown
}

/**
 * A number written with another language's decimal separator: a decimal point where the language writes a decimal
 * comma, or the other way round (a grouping separator is always followed by three digits exactly).
 */
function otherSeparator(language: string): RegExp {
  const decimal = number(language, 1.5, 1)[1]
  return decimal === ',' ? /\d\.(\d{1,2}|\d{4,})(?!\d)/ : /\d,(\d{1,2}|\d{4,})(?!\d)/
}

describe('every picture the app draws, in every language, with its widest data', () => {
  let browser: Browser
  let page: Page
  let drawn: DrawnPicture[]
  const cases = pictureCases().map((c, i) => ({ ...c, name: name(c, i) }))

  beforeAll(async () => {
    browser = await launchChromium()
    page = await openPicturePage(browser)
    // All of them in one evaluate: drawing is quick, a round trip per picture is not.
    drawn = await drawPictures(page, cases, 8)
    // PICTURES_DIR=<folder>: every case as a PNG there, to look at.
    const folder = process.env.PICTURES_DIR
    if (folder) {
      mkdirSync(folder, { recursive: true })
      for (const c of cases) writeFileSync(join(folder, `${c.name.replace(/[^\w-]+/g, '-')}.png`), await pictureImage(page, c))
    }
  })
  afterAll(() => browser?.close())

  it('writes every number of every picture in its language: Reality, constants, changes, scores and percentages', () => {
    const found: string[] = []
    for (const [i, c] of cases.entries()) {
      const texts = drawn[i]!.texts
      const missing = expectedNumbers(c).filter((n) => !texts.some((text) => text.includes(n)))
      const foreign = texts.filter((text) => otherSeparator(c.language).test(text))
      if (missing.length || foreign.length) found.push(`${c.name}: missing ${JSON.stringify(missing)}, foreign ${JSON.stringify(foreign)}`)
    }
    expect(found).toEqual([])
  })

  it('draws each picture, with no two texts or images meeting, every one inside the canvas and on its own panel', () => {
    expect(drawn.map((d) => d.name)).toEqual(cases.map((c) => c.name))
    expect(drawn.filter((d) => d.problems.length > 0).map((d) => ({ name: d.name, problems: d.problems.slice(0, 6) }))).toEqual([])
  })
})
