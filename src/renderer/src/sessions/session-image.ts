import { DIFFICULTY_COLOURS, difficultyTone, type ThemeColours } from '../ui/palette'
import { FOOTER, footer, header } from '../ui/picture/parts'
import { columnWidths, type Column } from '../ui/picture/fit-text'
import { Picture, PICTURE_PAD, PICTURE_WIDTH, pictureTheme, type Box, type RunStyle } from '../ui/picture/picture'
import { chartChips, type PictureChart } from '../ui/picture/texts'

/** A new best as the image shows it, already in the UI language. */
export interface SharedBest extends PictureChart {
  mode: string
  /** "963,840 → 965,973" */
  scores: string
  gain: string
}

/** Everything the session image shows, in the UI language (session-card.ts writes it). */
export interface SessionShareCard {
  language: string
  dark: boolean
  nickname: string
  subtitle: string
  when: string
  duration: string
  modeLabel: string
  reality: string
  change: string
  /** The change is a rise (drawn in the gain colour; a fall or none in the muted one). */
  rising: boolean
  /** The Reality shown was computed from the plays (the service kept no value then): the word that says so. */
  computed: string | null
  figures: readonly { label: string; value: string }[]
  /** The bests listed by name; `more` counts the rest. */
  bests: readonly SharedBest[]
  more: string | null
  labels: { newBests: string; noBests: string; app: string }
}

const HEADER = 220
const FIGURE_H = 104
const HEADING = 56
const ROW_H = 64
const ROW_GAP = 8
const MORE_H = 40
const COLUMN_GAP = 16

/** Where each part of the card starts, for `count` bests listed and a "more" line or not. */
function parts(count: number, more: boolean) {
  const figures = PICTURE_PAD + HEADER + 24
  const heading = figures + FIGURE_H + 8
  const rows = heading + HEADING
  const end = rows + Math.max(1, count) * ROW_H + (more ? MORE_H : 0) + 32
  return { figures, heading, rows, height: end + FOOTER + PICTURE_PAD }
}

const style = (weight: number, sizes: readonly number[], colour: string, more: Partial<RunStyle> = {}): RunStyle => ({
  weight,
  sizes,
  colour,
  ...more
})

/** The session's figures, side by side: each value over its label, centred in a panel of its own. */
function figures(p: Picture, t: ThemeColours, list: SessionShareCard['figures'], top: number) {
  const gap = 12
  const inner = PICTURE_WIDTH - 2 * PICTURE_PAD
  const w = (inner - gap * (list.length - 1)) / Math.max(1, list.length)
  // Values alike, labels alike: each at the largest size all of them fit (one too long for any takes two lines).
  const value = style(800, [30, 26, 22, 18, 16, 14], t.text, { align: 'center', maxLines: 2 })
  const label = style(500, [15, 14, 13, 12], t.muted, { align: 'center', maxLines: 2 })
  const values = p.shared(
    list.map((f) => ({ text: f.value, style: value })),
    w - 20
  )
  const labels = p.shared(
    list.map((f) => ({ text: f.label, style: label })),
    w - 20
  )
  list.forEach((f, i) => {
    const x = PICTURE_PAD + i * (w + gap)
    p.panel({ x, y: top, w, h: FIGURE_H }, 12, t.surface)
    p.text(f.value, { x: x + 10, y: top + 10, w: w - 20, h: 42 }, { ...value, sizes: values })
    p.text(f.label, { x: x + 10, y: top + 56, w: w - 20, h: 40 }, { ...label, sizes: labels }, 'top')
  })
}

/** The runs of a row of new bests, in their columns: chips | title | mode | scores | gain. */
const ROW_SIZES = { chips: [14, 13, 12, 11], title: [20, 18, 16], mode: [16, 15, 14], scores: [18, 17, 16, 15], gain: [18, 17, 16, 15] }

/**
 * The new bests as rows of a table: every column as wide as its widest cell in any row (sizes stepping down together
 * where the titles would be left too little), so a mode never runs into the scores beside it, in any language.
 */
function bestRows(p: Picture, t: ThemeColours, bests: readonly SharedBest[], top: number) {
  const inner = PICTURE_WIDTH - 2 * PICTURE_PAD
  const widest = (weight: number, texts: string[]) => (size: number) => Math.max(...texts.map((text) => p.measure(weight)(text, size)))
  const chips = bests.map(chartChips)
  const columns: Column[] = [
    // A difficulty no list knows is shown by its whole name: cut rather than take the titles' room.
    { sizes: ROW_SIZES.chips, widest: (size) => Math.max(...chips.map((list) => p.chipsWidth(list, size))), max: 170 },
    { sizes: ROW_SIZES.title, widest: () => 0, flex: true },
    {
      sizes: ROW_SIZES.mode,
      widest: widest(
        500,
        bests.map((b) => b.mode)
      )
    },
    {
      sizes: ROW_SIZES.scores,
      widest: widest(
        600,
        bests.map((b) => b.scores)
      )
    },
    {
      sizes: ROW_SIZES.gain,
      widest: widest(
        700,
        bests.map((b) => b.gain)
      )
    }
  ]
  const content = inner - 40
  const { widths, sizes } = columnWidths(columns, content, COLUMN_GAP, content * 0.3)
  const titleSizes = p.shared(
    bests.map((b) => ({ text: b.title, style: style(600, sizes[1]!, t.text) })),
    widths[1]!
  )
  bests.forEach((best, i) => {
    const y = top + i * ROW_H
    const panel = { x: PICTURE_PAD, y, w: inner, h: ROW_H - ROW_GAP }
    p.panel(panel, 12, t.surface, DIFFICULTY_COLOURS[difficultyTone(best.difficulty)])
    const cells = p.row({ x: PICTURE_PAD + 20, y: y + 5, w: content, h: panel.h - 10 }, widths, COLUMN_GAP)
    const [chipBox, title, mode, scores, gain] = cells as [Box, Box, Box, Box, Box]
    p.chips(chips[i]!, chipBox, sizes[0]!)
    p.text(best.title, title, style(600, titleSizes, t.text, { maxLines: 2 }))
    p.text(best.mode, mode, style(500, sizes[2]!, t.muted))
    p.text(best.scores, scores, style(600, sizes[3]!, t.text, { align: 'right' }))
    p.text(best.gain, gain, style(700, sizes[4]!, t.successText, { align: 'right' }))
  })
}

/**
 * A session as an image worth posting, beside the best 20's: who, when and how long, Reality after the session and
 * its change, the session's figures, then its new personal bests with their difficulty and mark. A plain canvas at
 * 2×, laid out with the same helpers and colours as the best 20's; drawn in `draw…`, made a PNG by `render…`.
 */
export async function drawSessionCard(card: SessionShareCard): Promise<Picture> {
  const t = pictureTheme(card.dark)
  const at = parts(card.bests.length, card.more !== null)
  const p = new Picture(card.language, at.height, t.bg)
  header(
    p,
    t,
    {
      left: [
        { text: card.nickname, style: style(700, [40, 34, 28], t.text) },
        { text: card.subtitle, style: style(500, [20, 18, 16], t.muted) },
        { text: card.when, style: style(600, [22, 20, 18], t.text) },
        { text: card.duration, style: style(500, [20, 18, 16], t.muted) }
      ],
      right: [
        { text: card.modeLabel, style: style(600, [20, 18, 16], t.muted) },
        { text: card.reality, style: style(800, [60, 52, 44], t.accent) },
        { text: card.change, style: style(700, [24, 22, 20], card.rising ? t.successText : t.muted) },
        ...(card.computed ? [{ text: card.computed, style: style(500, [16, 15, 14], t.muted) }] : [])
      ]
    },
    PICTURE_PAD,
    HEADER
  )
  figures(p, t, card.figures, at.figures)
  const width = PICTURE_WIDTH - 2 * PICTURE_PAD
  p.text(card.labels.newBests, { x: PICTURE_PAD, y: at.heading, w: width, h: HEADING - 16 }, style(700, [24, 22, 20], t.text), 'bottom')
  if (card.bests.length === 0) {
    p.panel({ x: PICTURE_PAD, y: at.rows, w: width, h: ROW_H - ROW_GAP }, 12, t.surface)
    const box = { x: PICTURE_PAD + 24, y: at.rows, w: width - 48, h: ROW_H - ROW_GAP }
    p.text(card.labels.noBests, box, style(500, [18, 16, 14], t.muted))
  } else bestRows(p, t, card.bests, at.rows)
  if (card.more) {
    const box = { x: PICTURE_PAD, y: at.rows + card.bests.length * ROW_H, w: width, h: MORE_H - 8 }
    p.text(card.more, box, style(500, [18, 16, 14], t.muted))
  }
  await footer(p, t, card.labels.app)
  return p
}

export async function renderSessionCard(card: SessionShareCard): Promise<Blob> {
  return (await drawSessionCard(card)).png()
}
