import type { SkillSpread } from '../../../shared/skill-profile'
import type { ThemeColours } from '../ui/palette'
import { FOOTER, footer, header } from '../ui/picture/parts'
import { columnWidths, type Column } from '../ui/picture/fit-text'
import { Picture, PICTURE_PAD, PICTURE_WIDTH, pictureTheme, type Box, type RunStyle } from '../ui/picture/picture'

/** A level as the image shows it, its texts already in the UI language. */
export interface SharedLevel {
  level: string
  played: string
  median: string
  clear: string
  fullCombo: string
  allPerfect: string
  spread: SkillSpread
}

/** Everything the skill profile's image shows, in the UI language (skill-card.ts writes it). */
export interface SkillShareCard {
  language: string
  dark: boolean
  nickname: string
  subtitle: string
  title: string
  modeLabel: string
  /** The strip's scale: from this score to 1,010,000. */
  from: number
  rows: readonly SharedLevel[]
  headings: { level: string; played: string; spread: string; median: string; clear: string; fullCombo: string; allPerfect: string }
  app: string
}

const HEADER = 180
const HEADINGS = 44
const ROW_H = 56
const ROW_GAP = 8
const COLUMN_GAP = 16
const STRIP_H = 16

const style = (weight: number, sizes: readonly number[], colour: string, more: Partial<RunStyle> = {}): RunStyle => ({
  weight,
  sizes,
  colour,
  ...more
})

/** The column widths of the table (strip in the middle, flexible), every text column as wide as its widest cell or heading. */
function layout(p: Picture, card: SkillShareCard, width: number) {
  const sizes = [20, 18, 16, 14]
  const widest = (weight: number, texts: string[]) => (size: number) => Math.max(...texts.map((text) => p.measure(weight)(text, size)))
  const h = card.headings
  const column = (weight: number, cells: string[], heading: string): Column => ({
    sizes,
    widest: (size) => Math.max(widest(weight, cells)(size), p.measure(600)(heading, Math.min(size, 16)))
  })
  const columns: Column[] = [
    column(
      700,
      card.rows.map((r) => r.level),
      h.level
    ),
    column(
      500,
      card.rows.map((r) => r.played),
      h.played
    ),
    { sizes, widest: (size) => p.measure(600)(h.spread, Math.min(size, 16)), flex: true },
    column(
      600,
      card.rows.map((r) => r.median),
      h.median
    ),
    column(
      600,
      card.rows.map((r) => r.clear),
      h.clear
    ),
    column(
      600,
      card.rows.map((r) => r.fullCombo),
      h.fullCombo
    ),
    column(
      600,
      card.rows.map((r) => r.allPerfect),
      h.allPerfect
    )
  ]
  return columnWidths(columns, width, COLUMN_GAP, width * 0.25)
}

/** A level's best scores as a strip: the range as a line, the middle half as a box, the median as a mark. */
function strip(p: Picture, t: ThemeColours, spread: SkillSpread, from: number, box: Box) {
  const x = (score: number) => box.x + Math.max(0, Math.min(1, (score - from) / (1_010_000 - from))) * box.w
  const y = box.y + (box.h - STRIP_H) / 2
  const { ctx } = p
  ctx.save()
  ctx.fillStyle = t.border
  ctx.fillRect(box.x, y + STRIP_H / 2 - 3, box.w, 6)
  ctx.fillStyle = t.muted
  ctx.fillRect(x(spread.min), y + STRIP_H / 2 - 1, Math.max(1, x(spread.max) - x(spread.min)), 2)
  ctx.fillStyle = t.accent
  ctx.fillRect(x(spread.q1), y + 2, Math.max(2, x(spread.q3) - x(spread.q1)), STRIP_H - 4)
  ctx.fillStyle = t.text
  ctx.fillRect(x(spread.median) - 1.5, y, 3, STRIP_H)
  ctx.restore()
}

/**
 * The skill profile as an image worth posting, beside the best 20's and a session's: who, the mode, then a row per
 * level with the strip of its best scores, how many played, the median and the clear, FC and AP counts. Laid out with the
 * pictures' helpers, so no text meets another in any language.
 */
export async function drawSkillCard(card: SkillShareCard): Promise<Picture> {
  const t = pictureTheme(card.dark)
  const inner = PICTURE_WIDTH - 2 * PICTURE_PAD
  const top = PICTURE_PAD + HEADER + 24
  const rowsTop = top + HEADINGS
  const height = rowsTop + Math.max(1, card.rows.length) * ROW_H + 24 + FOOTER + PICTURE_PAD
  const p = new Picture(card.language, height, t.bg)
  header(
    p,
    t,
    {
      left: [
        { text: card.nickname, style: style(700, [40, 34, 28], t.text) },
        { text: card.subtitle, style: style(500, [20, 18, 16], t.muted) }
      ],
      right: [
        { text: card.title, style: style(800, [40, 34, 28], t.accent) },
        { text: card.modeLabel, style: style(600, [22, 20, 18], t.muted) }
      ]
    },
    PICTURE_PAD,
    HEADER
  )
  const content = inner - 40
  const { widths, sizes } = layout(p, card, content)
  const h = card.headings
  const headingCells = p.row({ x: PICTURE_PAD + 20, y: top, w: content, h: HEADINGS - 8 }, widths, COLUMN_GAP)
  ;[h.level, h.played, h.spread, h.median, h.clear, h.fullCombo, h.allPerfect].forEach((text, i) =>
    p.text(text, headingCells[i]!, style(600, [16, 15, 14, 13, 12], t.muted, { align: i === 0 || i === 2 ? 'left' : 'right' }), 'bottom')
  )
  card.rows.forEach((row, i) => {
    const y = rowsTop + i * ROW_H
    const panel = { x: PICTURE_PAD, y, w: inner, h: ROW_H - ROW_GAP }
    p.panel(panel, 12, t.surface)
    const cells = p.row({ x: PICTURE_PAD + 20, y: y + 4, w: content, h: panel.h - 8 }, widths, COLUMN_GAP) as [
      Box,
      Box,
      Box,
      Box,
      Box,
      Box,
      Box
    ]
    const right = { align: 'right' as const }
    p.text(row.level, cells[0], style(700, sizes[0]!, t.text))
    p.text(row.played, cells[1], style(500, sizes[1]!, t.muted, right))
    strip(p, t, row.spread, card.from, cells[2])
    p.text(row.median, cells[3], style(600, sizes[3]!, t.text, right))
    p.text(row.clear, cells[4], style(600, sizes[4]!, t.text, right))
    p.text(row.fullCombo, cells[5], style(600, sizes[5]!, t.text, right))
    p.text(row.allPerfect, cells[6], style(600, sizes[6]!, t.text, right))
  })
  await footer(p, t, card.app)
  return p
}

export async function renderSkillCard(card: SkillShareCard): Promise<Blob> {
  return (await drawSkillCard(card)).png()
}
