import markUrl from '../../../../resources/icon.svg?url'
import { cardCanvas, SHARE_WIDTH, shareFont, toPng } from '../reality/share-image'
import { DIFFICULTY_COLOURS, difficultyTone } from '../ui/palette'

/** A new best as the image shows it, already in the UI language. */
export interface SharedBest {
  title: string
  difficulty: string | null
  badge: string
  mode: string
  scores: string
  gain: string
}

/** Everything the session image shows, in the UI language (the same renderer and width as the best 20's). */
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
  /** The Reality shown was computed from the plays (the service kept no value then). */
  computed: boolean
  figures: readonly { label: string; value: string }[]
  bests: readonly SharedBest[]
  labels: { newBests: string; noBests: string; computed: string; app: string; more: (count: number) => string }
}

const COLOURS = {
  light: { bg: '#f4f5f9', card: '#ffffff', text: '#151923', muted: '#545c70', accent: '#3f43c9', head: '#e9eaff', gain: '#15803d' },
  dark: { bg: '#10131a', card: '#1b2030', text: '#eef0f6', muted: '#a7aec0', accent: '#a4a7ff', head: '#1d2140', gain: '#4ade80' }
}
const PAD = 48
const HEADER = 220
const FIGURE_H = 96
const ROW_H = 64
/** New bests listed by name; more are counted. */
const MAX_BESTS = 12

export function sessionCardHeight(bests: number): number {
  const rows = Math.max(1, Math.min(bests, MAX_BESTS)) + (bests > MAX_BESTS ? 1 : 0)
  return PAD + HEADER + 24 + FIGURE_H + 64 + rows * ROW_H + 72 + PAD
}

/** The longest start of `text` that fits `width` (with an ellipsis when cut), found by halving. */
function clip(ctx: CanvasRenderingContext2D, text: string, width: number): string {
  if (ctx.measureText(text).width <= width) return text
  const chars = [...text]
  let lo = 0
  let hi = chars.length
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2)
    if (ctx.measureText(`${chars.slice(0, mid).join('')}…`).width <= width) lo = mid
    else hi = mid - 1
  }
  return `${chars.slice(0, lo).join('')}…`
}

function panel(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, radius: number, fill: string) {
  ctx.beginPath()
  ctx.roundRect(x, y, w, h, radius)
  ctx.fillStyle = fill
  ctx.fill()
}

async function mark(): Promise<HTMLImageElement | null> {
  const image = new Image()
  image.src = markUrl
  return image.decode().then(
    () => image,
    () => null
  )
}

/**
 * A session as an image worth posting, beside the best 20's: who, when and how long, Reality after the
 * session and its change, the session's figures, then its new personal bests. A plain canvas at 2×.
 */
export async function renderSessionCard(card: SessionShareCard): Promise<Blob> {
  const font = shareFont(card.language)
  const c = card.dark ? COLOURS.dark : COLOURS.light
  const height = sessionCardHeight(card.bests.length)
  const { canvas, ctx } = cardCanvas(height, c.bg)
  const inner = SHARE_WIDTH - 2 * PAD
  const text = (value: string, x: number, y: number, style: string, colour: string, width?: number, align: CanvasTextAlign = 'left') => {
    ctx.font = `${style} ${font}`
    ctx.fillStyle = colour
    ctx.textAlign = align
    ctx.fillText(width === undefined ? value : clip(ctx, value, width), x, y)
    ctx.textAlign = 'left'
  }

  panel(ctx, PAD, PAD, inner, HEADER, 20, c.head)
  text(card.nickname, PAD + 32, PAD + 70, '700 40px', c.text, 560)
  text(card.subtitle, PAD + 32, PAD + 106, '500 20px', c.muted, 560)
  text(card.when, PAD + 32, PAD + 150, '600 22px', c.text, 600)
  text(card.duration, PAD + 32, PAD + 184, '500 20px', c.muted, 600)
  const right = SHARE_WIDTH - PAD - 32
  text(card.modeLabel, right, PAD + 60, '600 20px', c.muted, 300, 'right')
  text(card.reality, right, PAD + 128, '800 60px', c.accent, 300, 'right')
  text(card.change, right, PAD + 166, '700 24px', card.change.startsWith('−') ? c.muted : c.gain, 300, 'right')
  if (card.computed) text(card.labels.computed, right, PAD + 196, '500 16px', c.muted, 300, 'right')

  const figuresTop = PAD + HEADER + 24
  const gap = 12
  const w = (inner - gap * (card.figures.length - 1)) / Math.max(1, card.figures.length)
  card.figures.forEach((f, i) => {
    const x = PAD + i * (w + gap)
    panel(ctx, x, figuresTop, w, FIGURE_H, 12, c.card)
    text(f.value, x + w / 2, figuresTop + 48, '800 30px', c.text, w - 16, 'center')
    text(f.label, x + w / 2, figuresTop + 78, '500 15px', c.muted, w - 16, 'center')
  })

  let y = figuresTop + FIGURE_H + 52
  text(card.labels.newBests, PAD, y, '700 24px', c.text)
  y += 16
  if (card.bests.length === 0) {
    panel(ctx, PAD, y, inner, ROW_H - 8, 12, c.card)
    text(card.labels.noBests, PAD + 24, y + 36, '500 18px', c.muted, inner - 48)
  }
  for (const best of card.bests.slice(0, MAX_BESTS)) {
    panel(ctx, PAD, y, inner, ROW_H - 8, 12, c.card)
    const colour = DIFFICULTY_COLOURS[difficultyTone(best.difficulty)]
    ctx.fillStyle = colour
    ctx.fillRect(PAD, y, 6, ROW_H - 8)
    ctx.font = `700 14px ${font}`
    const badgeWidth = ctx.measureText(best.badge).width + 16
    panel(ctx, PAD + 20, y + 16, badgeWidth, 24, 6, colour)
    text(best.badge, PAD + 28, y + 33, '700 14px', '#ffffff')
    text(best.title, PAD + 32 + badgeWidth, y + 35, '600 20px', c.text, 440)
    text(best.mode, PAD + 640, y + 35, '500 16px', c.muted, 110)
    text(best.scores, SHARE_WIDTH - PAD - 130, y + 35, '600 18px', c.text, 200, 'right')
    text(best.gain, SHARE_WIDTH - PAD - 20, y + 35, '700 18px', c.gain, 100, 'right')
    y += ROW_H
  }
  if (card.bests.length > MAX_BESTS) text(card.labels.more(card.bests.length - MAX_BESTS), PAD, y + 30, '500 18px', c.muted)

  const image = await mark()
  const footer = height - PAD - 8
  if (image) ctx.drawImage(image, PAD, footer - 28, 36, 36)
  text(card.labels.app, PAD + (image ? 46 : 0), footer - 3, '600 18px', c.muted)
  return toPng(canvas)
}
