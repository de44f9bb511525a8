import markUrl from '../../../../resources/icon.svg?url'
import type { InsightRow } from '../../../shared/data'
import type { ComboMark } from '../../../shared/player'
import { COMBO_COLOURS, difficultyShort, difficultyTone, DIFFICULTY_COLOURS, gradeColour } from '../ui/palette'
import { fitRow, fitText, type Fitted, type Measure } from './fit-text'

/** A chart on the card: its row of the best 20 or the next 10, with its full combo / all perfect mark. */
export type ShareRow = InsightRow & { combo?: ComboMark }

/** Everything the card shows, already in the UI language. */
export interface ShareCard {
  /** The UI language: picks the region's CJK font for its Han characters. */
  language: string
  nickname: string
  subtitle: string
  avatar: string | null
  modeLabel: string
  reality: string
  date: string
  best: readonly ShareRow[]
  overflow: readonly ShareRow[]
  labels: {
    best: string
    overflow: string
    app: string
    accuracy: (value: number) => string
    score: (value: number) => string
    /** A number with `digits` decimals, in the card's language (12,870 in Spanish). */
    number: (value: number, digits: number) => string
    untitled: string
  }
  dark: boolean
}

const THEMES = {
  light: { bg: '#f4f5f9', card: '#ffffff', text: '#151923', muted: '#545c70', accent: '#3f43c9', line: '#d5d9e4', head: '#e9eaff' },
  dark: { bg: '#10131a', card: '#1b2030', text: '#eef0f6', muted: '#a7aec0', accent: '#a4a7ff', line: '#313749', head: '#1d2140' }
}
/** The system fonts for each UI language's script, as styles.css lists them (Windows, macOS, Linux). */
const CJK_FONTS: Record<string, string> = {
  'zh-CN': "'Microsoft YaHei', 'PingFang SC', 'Noto Sans CJK SC', 'Noto Sans SC'",
  'zh-TW': "'Microsoft JhengHei', 'PingFang TC', 'Noto Sans CJK TC', 'Noto Sans TC'",
  ja: "'Yu Gothic UI', 'Meiryo', 'Hiragino Sans', 'Noto Sans CJK JP', 'Noto Sans JP'",
  ko: "'Malgun Gothic', 'Apple SD Gothic Neo', 'Noto Sans CJK KR', 'Noto Sans KR'"
}
export const shareFont = (language: string) =>
  `system-ui, -apple-system, 'Segoe UI', ${CJK_FONTS[language] ?? CJK_FONTS['zh-CN']}, sans-serif`
/** The card's font, set from its language as drawing starts (every helper below draws with it). */
let FONT = shareFont('en')

/** The card's width in CSS pixels; it is drawn at 2× (2160 px), crisp on any screen and feed. */
export const SHARE_WIDTH = 1080
const SCALE = 2
const PAD = 48
const GAP = 16
const HEADER = 200
const COLUMNS = 4
const CARD_H = 160
const SMALL_COLUMNS = 5
const SMALL_H = 112
/** Room kept between two runs on one line (a score and the Reality beside it never touch). */
const RUN_GAP = 12

export function shareCardHeight(best: number, overflow: number): number {
  const rows = Math.ceil(best / COLUMNS)
  const smallRows = Math.ceil(overflow / SMALL_COLUMNS)
  return PAD + HEADER + 56 + rows * (CARD_H + GAP) + (overflow ? 56 + smallRows * (SMALL_H + GAP) : 0) + 56 + PAD
}

/** A canvas for a card `height` CSS pixels tall at the cards' width, drawn at 2× and filled with `background`. */
export function cardCanvas(height: number, background: string) {
  const canvas = document.createElement('canvas')
  canvas.width = SHARE_WIDTH * SCALE
  canvas.height = height * SCALE
  const ctx = canvas.getContext('2d')!
  ctx.scale(SCALE, SCALE)
  ctx.fillStyle = background
  ctx.fillRect(0, 0, SHARE_WIDTH, height)
  return { canvas, ctx }
}

/** The card as a PNG file. */
export function toPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The image could not be made.'))), 'image/png')
  )
}

function loadImage(src: string): Promise<HTMLImageElement | null> {
  return new Promise((resolve) => {
    const image = new Image()
    image.onload = () => resolve(image)
    image.onerror = () => resolve(null)
    image.src = src
  })
}

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number) {
  ctx.beginPath()
  ctx.roundRect(x, y, w, h, r)
}

/** Measures with the card's font at a weight, for `fitText`. */
const measurer =
  (ctx: CanvasRenderingContext2D, weight: number): Measure =>
  (text, size) => {
    ctx.font = `${weight} ${size}px ${FONT}`
    return ctx.measureText(text).width
  }

/** A run fitted to `width` (smaller sizes, then more lines, then an ellipsis) drawn from its first baseline; returns its size. */
function drawFitted(
  ctx: CanvasRenderingContext2D,
  text: string,
  at: { x: number; y: number; width: number; weight: number; sizes: readonly number[]; maxLines?: number; lineHeight?: number }
): Fitted {
  const fitted = fitText(text, at.width, measurer(ctx, at.weight), { sizes: at.sizes, maxLines: at.maxLines ?? 1 })
  ctx.font = `${at.weight} ${fitted.size}px ${FONT}`
  fitted.lines.forEach((line, i) => ctx.fillText(line, at.x, at.y + i * fitted.size * (at.lineHeight ?? 1.22)))
  return fitted
}

interface Chip {
  text: string
  colour: string | CanvasGradient
}

/** Chips side by side from `x` on the baseline `y`, at the largest of `sizes` that keeps them within `width`. */
function chips(ctx: CanvasRenderingContext2D, list: readonly Chip[], x: number, y: number, width: number, sizes: readonly number[]) {
  const measure = measurer(ctx, 700)
  const rowWidth = (size: number) => list.reduce((sum, c) => sum + measure(c.text, size) + size, 0) + 6 * (list.length - 1)
  const size = fitRow(rowWidth, width, sizes)
  ctx.font = `700 ${size}px ${FONT}`
  let left = x
  for (const c of list) {
    const w = ctx.measureText(c.text).width + size
    roundRect(ctx, left, y - size, w, size * 1.5, 6)
    ctx.fillStyle = c.colour
    ctx.fill()
    ctx.fillStyle = '#ffffff'
    ctx.fillText(c.text, left + size / 2, y + size * 0.12)
    left += w + 6
  }
}

function gradeFill(ctx: CanvasRenderingContext2D, grade: string, x: number, y: number): string | CanvasGradient {
  if (grade !== 'R') return gradeColour(grade)
  const gradient = ctx.createLinearGradient(x, y, x + 60, y + 20)
  gradient.addColorStop(0, '#9d3bb8')
  gradient.addColorStop(0.55, '#1d5fd1')
  gradient.addColorStop(1, '#0f766e')
  return gradient
}

const theme = (card: ShareCard) => (card.dark ? THEMES.dark : THEMES.light)

/** Sizes (largest first) of each run of a card, big (best 20) or small (next 10). */
const RUNS = {
  big: { rank: 15, title: [18, 17, 16, 15], chips: [13, 12, 11], score: [28, 26, 24, 22, 20], reality: [18, 17, 16], accuracy: 14 },
  small: { rank: 13, title: [15, 14, 13], chips: [12, 11, 10], score: [18, 17, 16, 15, 14], reality: [15, 14, 13], accuracy: 0 }
}

/**
 * One chart: its rank and title (two lines where one is not enough), its difficulty, grade and mark chips, its
 * accuracy and Reality, and its score. Every run is measured and fitted to the room it has; on a line shared by two
 * runs (the score and the Reality on a small card), each gets its own part of the line.
 */
function chartCard(
  ctx: CanvasRenderingContext2D,
  card: ShareCard,
  row: ShareRow,
  rank: number,
  box: { x: number; y: number; w: number; h: number },
  small: boolean
) {
  const t = theme(card)
  const { x, y, w, h } = box
  const runs = small ? RUNS.small : RUNS.big
  roundRect(ctx, x, y, w, h, 12)
  ctx.fillStyle = t.card
  ctx.fill()
  ctx.save()
  ctx.clip()
  ctx.fillStyle = DIFFICULTY_COLOURS[difficultyTone(row.difficulty)]
  ctx.fillRect(x, y, 6, h)
  ctx.restore()
  const left = x + 18
  const right = x + w - 14
  const inner = right - left
  ctx.textBaseline = 'alphabetic'
  ctx.textAlign = 'left'
  const titleY = y + (small ? 24 : 30)
  ctx.fillStyle = t.muted
  ctx.font = `600 ${runs.rank}px ${FONT}`
  ctx.fillText(`#${rank}`, left, titleY)
  const rankWidth = ctx.measureText(`#${rank}`).width + 8
  ctx.fillStyle = t.text
  drawFitted(ctx, row.title ?? card.labels.untitled, {
    x: left + rankWidth,
    y: titleY,
    width: inner - rankWidth,
    weight: 600,
    sizes: runs.title,
    maxLines: 2
  })

  const chipY = y + (small ? 68 : 82)
  const list: Chip[] = [
    {
      text: `${difficultyShort(row.difficulty)}${row.constant !== null ? ` ${card.labels.number(row.constant, 1)}` : ''}`,
      colour: DIFFICULTY_COLOURS[difficultyTone(row.difficulty)]
    },
    { text: row.record.grade, colour: gradeFill(ctx, row.record.grade, left, chipY) },
    ...(row.combo ? [{ text: row.combo, colour: COMBO_COLOURS[row.combo] }] : [])
  ]
  chips(ctx, list, left, chipY, inner, runs.chips)

  // The chart's Reality at the right: beside the accuracy on a big card, beside the score on a small one.
  const reality = card.labels.number(row.record.reality, 3)
  const lastY = y + h - (small ? 14 : 16)
  const realityY = small ? lastY : y + 112
  const realityFit = fitText(reality, inner / 2, measurer(ctx, 700), { sizes: runs.reality })
  ctx.font = `700 ${realityFit.size}px ${FONT}`
  const realityWidth = ctx.measureText(reality).width
  ctx.textAlign = 'right'
  ctx.fillStyle = t.accent
  ctx.fillText(reality, right, realityY)
  ctx.textAlign = 'left'
  if (!small) {
    ctx.fillStyle = t.muted
    drawFitted(ctx, card.labels.accuracy(row.record.score_accuracy), {
      x: left,
      y: realityY,
      width: inner - realityWidth - RUN_GAP,
      weight: 500,
      sizes: [runs.accuracy, 13, 12]
    })
  }
  ctx.fillStyle = t.text
  const scoreWidth = small ? inner - realityWidth - RUN_GAP : inner
  drawFitted(ctx, card.labels.score(row.record.score), { x: left, y: lastY, width: scoreWidth, weight: 700, sizes: runs.score })
}

/** A heading and its rows as a grid of chart cards from `top`; returns where the next part starts. */
function section(
  ctx: CanvasRenderingContext2D,
  card: ShareCard,
  grid: { label: string; font: number; rows: readonly ShareRow[]; firstRank: number; columns: number; height: number; small?: boolean },
  top: number
): number {
  ctx.fillStyle = theme(card).text
  drawFitted(ctx, grid.label, { x: PAD, y: top, width: SHARE_WIDTH - 2 * PAD, weight: 700, sizes: [grid.font, grid.font - 4] })
  const y = top + 16
  const w = (SHARE_WIDTH - 2 * PAD - (grid.columns - 1) * GAP) / grid.columns
  grid.rows.forEach((row, i) => {
    const cx = PAD + (i % grid.columns) * (w + GAP)
    const cy = y + Math.floor(i / grid.columns) * (grid.height + GAP)
    chartCard(ctx, card, row, grid.firstRank + i, { x: cx, y: cy, w, h: grid.height }, grid.small ?? false)
  })
  return y + Math.ceil(grid.rows.length / grid.columns) * (grid.height + GAP)
}

/**
 * The best 20 as an image worth posting: a player header (avatar, nickname, mode, Reality, date,
 * the app's name and mark) over a grid of chart cards in their difficulty and grade colours,
 * then the next 10. A plain canvas, so it looks the same in Electron and any browser.
 */
export async function renderShareCard(card: ShareCard): Promise<Blob> {
  FONT = shareFont(card.language)
  const t = theme(card)
  const height = shareCardHeight(card.best.length, card.overflow.length)
  const { canvas, ctx } = cardCanvas(height, t.bg)
  const [avatar, mark] = await Promise.all([card.avatar ? loadImage(card.avatar) : null, loadImage(markUrl)])

  // Header band.
  roundRect(ctx, PAD, PAD, SHARE_WIDTH - 2 * PAD, HEADER, 20)
  ctx.fillStyle = t.head
  ctx.fill()
  const avatarSize = 120
  const ax = PAD + 32
  const ay = PAD + (HEADER - avatarSize) / 2
  ctx.save()
  ctx.beginPath()
  ctx.arc(ax + avatarSize / 2, ay + avatarSize / 2, avatarSize / 2, 0, Math.PI * 2)
  ctx.clip()
  if (avatar) ctx.drawImage(avatar, ax, ay, avatarSize, avatarSize)
  else {
    ctx.fillStyle = t.accent
    ctx.fillRect(ax, ay, avatarSize, avatarSize)
    ctx.fillStyle = card.dark ? '#10131a' : '#ffffff'
    ctx.font = `700 56px ${FONT}`
    ctx.textAlign = 'center'
    ctx.fillText([...card.nickname][0] ?? '?', ax + avatarSize / 2, ay + avatarSize / 2 + 20)
    ctx.textAlign = 'left'
  }
  ctx.restore()
  // The mode and Reality at the right, each fitted to at most half the band; the name and its lines take the rest.
  const nameX = ax + avatarSize + 28
  const right = SHARE_WIDTH - PAD - 32
  const half = (right - nameX) / 2
  const mode = fitText(card.modeLabel, half, measurer(ctx, 600), { sizes: [20, 18, 16] })
  const value = fitText(card.reality, half, measurer(ctx, 800), { sizes: [64, 56, 48] })
  ctx.textAlign = 'right'
  ctx.fillStyle = t.muted
  ctx.font = `600 ${mode.size}px ${FONT}`
  ctx.fillText(mode.lines[0]!, right, PAD + 70)
  const modeWidth = ctx.measureText(mode.lines[0]!).width
  ctx.fillStyle = t.accent
  ctx.font = `800 ${value.size}px ${FONT}`
  ctx.fillText(value.lines[0]!, right, PAD + 140)
  const valueWidth = ctx.measureText(value.lines[0]!).width
  ctx.textAlign = 'left'
  const nameWidth = right - Math.max(modeWidth, valueWidth) - 32 - nameX
  ctx.fillStyle = t.text
  drawFitted(ctx, card.nickname, { x: nameX, y: PAD + 86, width: nameWidth, weight: 700, sizes: [40, 34, 28] })
  ctx.fillStyle = t.muted
  drawFitted(ctx, card.subtitle, { x: nameX, y: PAD + 122, width: nameWidth, weight: 500, sizes: [20, 18, 16] })
  drawFitted(ctx, card.date, { x: nameX, y: PAD + 152, width: nameWidth, weight: 500, sizes: [20, 18, 16] })

  // Best 20, then the overflow in smaller cards.
  const bestEnd = section(
    ctx,
    card,
    { label: card.labels.best, font: 24, rows: card.best, firstRank: 1, columns: COLUMNS, height: CARD_H },
    PAD + HEADER + 44
  )
  if (card.overflow.length) {
    const overflow = { label: card.labels.overflow, font: 22, rows: card.overflow, firstRank: card.best.length + 1 }
    section(ctx, card, { ...overflow, columns: SMALL_COLUMNS, height: SMALL_H, small: true }, bestEnd + 40)
  }

  // Footer: the app's mark and name.
  const footerY = height - PAD - 8
  if (mark) ctx.drawImage(mark, PAD, footerY - 28, 36, 36)
  ctx.fillStyle = t.muted
  const appX = PAD + (mark ? 46 : 0)
  drawFitted(ctx, card.labels.app, { x: appX, y: footerY - 3, width: SHARE_WIDTH - PAD - appX, weight: 600, sizes: [18, 16] })
  return toPng(canvas)
}
