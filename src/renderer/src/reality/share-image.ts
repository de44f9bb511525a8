import type { ThemeColours } from '../ui/palette'
import { DIFFICULTY_COLOURS, difficultyTone } from '../ui/palette'
import { FOOTER, footer, header } from '../ui/picture/parts'
import {
  loadImage,
  Picture,
  PICTURE_PAD,
  PICTURE_WIDTH,
  pictureTheme,
  type Box,
  type PairLayout,
  type Run,
  type RunStyle
} from '../ui/picture/picture'
import { chartChips, type PictureChart } from '../ui/picture/texts'

/** A chart on the card, its every figure already written in the card's language. */
export interface ShareChart extends PictureChart {
  score: string
  accuracy: string
  reality: string
}

/** Everything the card shows, already in the UI language (share-card.ts writes it). */
export interface ShareCard {
  /** The UI language: picks the region's CJK font for its Han characters. */
  language: string
  dark: boolean
  nickname: string
  subtitle: string
  avatar: string | null
  modeLabel: string
  reality: string
  date: string
  best: readonly ShareChart[]
  overflow: readonly ShareChart[]
  labels: { best: string; overflow: string; app: string }
}

const GAP = 16
/** A chart card's content starts after its difficulty stripe, and stops short of its right edge. */
const CARD_LEFT = 18
const CARD_RIGHT = 14
const HEADER = 200
const HEADING = 56

/** The two kinds of chart card: the best 20's, four to a row, and the next 10's, smaller, five to a row. */
const CARDS = {
  big: {
    columns: 4,
    height: 160,
    rank: 15,
    title: { top: 10, height: 42, sizes: [18, 17, 16, 15] },
    chips: { top: 58, height: 24, sizes: [13, 12, 11, 10] },
    middle: { top: 88, height: 26, accuracy: [15, 14, 13, 12], reality: [18, 17, 16, 15] },
    score: { top: 116, height: 38, sizes: [28, 26, 24, 22, 20] }
  },
  small: {
    columns: 5,
    height: 112,
    rank: 13,
    title: { top: 8, height: 36, sizes: [15, 14, 13] },
    chips: { top: 46, height: 22, sizes: [12, 11, 10] },
    middle: null,
    score: { top: 74, height: 30, sizes: [18, 17, 16, 15, 14], reality: [15, 14, 13, 12] }
  }
} as const
type CardKind = (typeof CARDS)[keyof typeof CARDS]

export function shareCardHeight(best: number, overflow: number): number {
  const rows = (count: number, kind: CardKind) => Math.ceil(count / kind.columns) * (kind.height + GAP)
  const overflowPart = overflow ? HEADING + rows(overflow, CARDS.small) : 0
  return PICTURE_PAD + HEADER + HEADING + rows(best, CARDS.big) + overflowPart + 40 + FOOTER + PICTURE_PAD
}

const style = (weight: number, sizes: readonly number[], colour: string, more: Partial<RunStyle> = {}): RunStyle => ({
  weight,
  sizes,
  colour,
  ...more
})

/** A chart card's runs in the theme's colours: its accuracy, Reality and score. */
function runs(t: ThemeColours, chart: ShareChart, kind: CardKind): Record<'accuracy' | 'reality' | 'score', Run> {
  return {
    accuracy: { text: chart.accuracy, style: style(500, kind.middle?.accuracy ?? [12], t.muted) },
    reality: { text: chart.reality, style: style(700, kind.middle?.reality ?? CARDS.small.score.reality, t.accent) },
    score: { text: chart.score, style: style(700, kind.score.sizes, t.text) }
  }
}

/** How every card of a section lays out its chips and figures, so that the cards look alike (`layoutOf`). */
interface CardLayout {
  title: readonly number[]
  chips: readonly number[]
  /** Big cards: the accuracy and Reality line, then the score alone; small cards: the score and Reality line. */
  pair: PairLayout
  score: readonly number[]
}

function layoutOf(p: Picture, t: ThemeColours, charts: readonly ShareChart[], kind: CardKind, inner: number): CardLayout {
  const all = charts.map((chart) => runs(t, chart, kind))
  const lines = all.map((r) => (kind.middle ? ([r.accuracy, r.reality] as const) : ([r.score, r.reality] as const)))
  // Titles beside a two-digit rank: each on one line at a size all that can share, the longer ones on two.
  const titleWidth = inner - p.measure(600)('#30', kind.rank) - 8
  return {
    title: p.shared(
      charts.map((chart) => ({ text: chart.title, style: style(600, kind.title.sizes, t.text) })),
      titleWidth
    ),
    chips: p.sharedChipSizes(charts.map(chartChips), inner, kind.chips.sizes),
    pair: p.pairs(lines, inner),
    score: p.shared(
      all.map((r) => r.score),
      inner
    )
  }
}

/**
 * One chart: its rank and title (two lines where one is not enough), its difficulty, grade and mark chips, its
 * accuracy and Reality, and its score, each in a box of its own within the card, laid out like its section's others.
 */
function chartCard(p: Picture, t: ThemeColours, chart: ShareChart, rank: number, card: Box, kind: CardKind, layout: CardLayout) {
  p.panel(card, 12, t.surface, DIFFICULTY_COLOURS[difficultyTone(chart.difficulty)])
  const left = card.x + CARD_LEFT
  const inner = card.w - CARD_LEFT - CARD_RIGHT
  const at = (part: { top: number; height: number }): Box => ({ x: left, y: card.y + part.top, w: inner, h: part.height })

  const title = at(kind.title)
  const rankText = `#${rank}`
  const rankWidth = p.measure(600)(rankText, kind.rank) + 8
  const titleBox = { ...title, x: left + rankWidth, w: inner - rankWidth }
  const fitted = p.text(chart.title, titleBox, style(600, layout.title, t.text, { maxLines: 2 }), 'top')
  // The rank on the title's first line.
  p.text(rankText, { ...title, w: rankWidth - 8, h: p.lineHeight(fitted.size) }, style(600, [kind.rank], t.muted))
  p.chips(chartChips(chart), at(kind.chips), layout.chips)
  const r = runs(t, chart, kind)
  if (kind.middle) {
    p.pair(at(kind.middle), [r.accuracy, r.reality], layout.pair)
    p.text(chart.score, at(kind.score), { ...r.score.style, sizes: layout.score })
  } else p.pair(at(kind.score), [r.score, r.reality], layout.pair)
}

/** A heading and its charts as a grid of cards from `top`; returns where the next part starts. */
function section(
  p: Picture,
  t: ThemeColours,
  label: string,
  charts: readonly ShareChart[],
  firstRank: number,
  kind: CardKind,
  top: number
) {
  p.text(label, { x: PICTURE_PAD, y: top, w: PICTURE_WIDTH - 2 * PICTURE_PAD, h: HEADING - 16 }, style(700, [24, 22, 20], t.text), 'bottom')
  const y = top + HEADING
  const w = (PICTURE_WIDTH - 2 * PICTURE_PAD - (kind.columns - 1) * GAP) / kind.columns
  const layout = layoutOf(p, t, charts, kind, w - CARD_LEFT - CARD_RIGHT)
  charts.forEach((chart, i) => {
    const box = {
      x: PICTURE_PAD + (i % kind.columns) * (w + GAP),
      y: y + Math.floor(i / kind.columns) * (kind.height + GAP),
      w,
      h: kind.height
    }
    chartCard(p, t, chart, firstRank + i, box, kind, layout)
  })
  return y + Math.ceil(charts.length / kind.columns) * (kind.height + GAP)
}

/**
 * The best 20 as an image worth posting: a player header (avatar, nickname, mode, Reality, date) over a grid of
 * chart cards in their difficulty and grade colours, then the next 10, and the app's name and mark. A plain canvas,
 * so it looks the same in Electron and any browser; drawn in `draw…`, made a PNG by `render…`.
 */
export async function drawShareCard(card: ShareCard): Promise<Picture> {
  const t = pictureTheme(card.dark)
  const p = new Picture(card.language, shareCardHeight(card.best.length, card.overflow.length), t.bg)
  const avatar = card.avatar ? await loadImage(card.avatar) : null
  header(
    p,
    t,
    {
      avatar: { image: avatar, initial: [...card.nickname][0] ?? '?' },
      left: [
        { text: card.nickname, style: style(700, [40, 34, 28], t.text) },
        { text: card.subtitle, style: style(500, [20, 18, 16], t.muted) },
        { text: card.date, style: style(500, [20, 18, 16], t.muted) }
      ],
      right: [
        { text: card.modeLabel, style: style(600, [20, 18, 16], t.muted) },
        { text: card.reality, style: style(800, [64, 56, 48], t.accent) }
      ]
    },
    PICTURE_PAD,
    HEADER
  )
  const bestEnd = section(p, t, card.labels.best, card.best, 1, CARDS.big, PICTURE_PAD + HEADER)
  if (card.overflow.length) section(p, t, card.labels.overflow, card.overflow, card.best.length + 1, CARDS.small, bestEnd)
  await footer(p, t, card.labels.app)
  return p
}

export async function renderShareCard(card: ShareCard): Promise<Blob> {
  return (await drawShareCard(card)).png()
}
