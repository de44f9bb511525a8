import markUrl from '../../../../resources/icon.svg?url'
import type { InsightRow } from '../../../shared/data'
import { difficultyShort, difficultyTone, DIFFICULTY_COLOURS, gradeColour } from '../ui/palette'

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
  best: readonly InsightRow[]
  overflow: readonly InsightRow[]
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
const CARD_H = 136
const SMALL_COLUMNS = 5
const SMALL_H = 100

export function shareCardHeight(best: number, overflow: number): number {
  const rows = Math.ceil(best / COLUMNS)
  const smallRows = Math.ceil(overflow / SMALL_COLUMNS)
  return PAD + HEADER + 56 + rows * (CARD_H + GAP) + (overflow ? 56 + smallRows * (SMALL_H + GAP) : 0) + 56 + PAD
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

/** Text cut with an ellipsis to fit `width`. */
function fit(ctx: CanvasRenderingContext2D, text: string, width: number): string {
  if (ctx.measureText(text).width <= width) return text
  let chars = [...text]
  while (chars.length > 1 && ctx.measureText(`${chars.join('')}…`).width > width) chars = chars.slice(0, -1)
  return `${chars.join('')}…`
}

function chip(ctx: CanvasRenderingContext2D, text: string, x: number, y: number, colour: string | CanvasGradient, size: number): number {
  ctx.font = `700 ${size}px ${FONT}`
  const w = ctx.measureText(text).width + size
  roundRect(ctx, x, y - size, w, size * 1.5, 6)
  ctx.fillStyle = colour
  ctx.fill()
  ctx.fillStyle = '#ffffff'
  ctx.fillText(text, x + size / 2, y + size * 0.12)
  return w
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

function chartCard(
  ctx: CanvasRenderingContext2D,
  card: ShareCard,
  row: InsightRow,
  rank: number,
  x: number,
  y: number,
  w: number,
  h: number,
  small: boolean
) {
  const t = theme(card)
  roundRect(ctx, x, y, w, h, 12)
  ctx.fillStyle = t.card
  ctx.fill()
  ctx.save()
  ctx.clip()
  ctx.fillStyle = DIFFICULTY_COLOURS[difficultyTone(row.difficulty)]
  ctx.fillRect(x, y, 6, h)
  ctx.restore()
  const left = x + 18
  const inner = w - 30
  ctx.textBaseline = 'alphabetic'
  ctx.fillStyle = t.muted
  ctx.font = `600 ${small ? 13 : 15}px ${FONT}`
  ctx.fillText(`#${rank}`, left, y + (small ? 22 : 26))
  const rankWidth = ctx.measureText(`#${rank}`).width + 8
  ctx.fillStyle = t.text
  ctx.font = `600 ${small ? 15 : 18}px ${FONT}`
  ctx.fillText(fit(ctx, row.title ?? card.labels.untitled, inner - rankWidth), left + rankWidth, y + (small ? 22 : 26))
  const badge = `${difficultyShort(row.difficulty)}${row.constant !== null ? ` ${card.labels.number(row.constant, 1)}` : ''}`
  const chipY = y + (small ? 46 : 56)
  const badgeWidth = chip(ctx, badge, left, chipY, DIFFICULTY_COLOURS[difficultyTone(row.difficulty)], small ? 12 : 13)
  chip(ctx, row.record.grade, left + badgeWidth + 6, chipY, gradeFill(ctx, row.record.grade, left + badgeWidth, chipY), small ? 12 : 13)
  // The chart's Reality on the chips' line, at the right; the score alone on the last line.
  // (On a small card, on the score's line: the chips leave no room beside them.)
  ctx.textAlign = 'right'
  ctx.fillStyle = t.accent
  ctx.font = `700 ${small ? 14 : 18}px ${FONT}`
  ctx.fillText(card.labels.number(row.record.reality, 3), x + w - 12, small ? y + h - 14 : chipY + 1)
  ctx.textAlign = 'left'
  if (!small) {
    ctx.fillStyle = t.muted
    ctx.font = `500 14px ${FONT}`
    ctx.fillText(card.labels.accuracy(row.record.score_accuracy), left, y + 84)
  }
  ctx.fillStyle = t.text
  ctx.font = `700 ${small ? 18 : 28}px ${FONT}`
  ctx.fillText(fit(ctx, card.labels.score(row.record.score), small ? inner - 52 : inner), left, y + h - (small ? 14 : 16))
  ctx.textAlign = 'left'
}

/** A heading and its rows as a grid of chart cards from `top`; returns where the next part starts. */
function section(
  ctx: CanvasRenderingContext2D,
  card: ShareCard,
  grid: { label: string; font: number; rows: readonly InsightRow[]; firstRank: number; columns: number; height: number; small?: boolean },
  top: number
): number {
  ctx.fillStyle = theme(card).text
  ctx.font = `700 ${grid.font}px ${FONT}`
  ctx.fillText(grid.label, PAD, top)
  const y = top + 16
  const w = (SHARE_WIDTH - 2 * PAD - (grid.columns - 1) * GAP) / grid.columns
  grid.rows.forEach((row, i) => {
    const cx = PAD + (i % grid.columns) * (w + GAP)
    const cy = y + Math.floor(i / grid.columns) * (grid.height + GAP)
    chartCard(ctx, card, row, grid.firstRank + i, cx, cy, w, grid.height, grid.small ?? false)
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
  const canvas = document.createElement('canvas')
  canvas.width = SHARE_WIDTH * SCALE
  canvas.height = height * SCALE
  const ctx = canvas.getContext('2d')!
  ctx.scale(SCALE, SCALE)
  ctx.fillStyle = t.bg
  ctx.fillRect(0, 0, SHARE_WIDTH, height)
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
  const nameX = ax + avatarSize + 28
  ctx.fillStyle = t.text
  ctx.font = `700 40px ${FONT}`
  ctx.fillText(fit(ctx, card.nickname, 420), nameX, PAD + 86)
  ctx.fillStyle = t.muted
  ctx.font = `500 20px ${FONT}`
  ctx.fillText(fit(ctx, card.subtitle, 420), nameX, PAD + 122)
  ctx.fillText(card.date, nameX, PAD + 152)
  ctx.textAlign = 'right'
  const right = SHARE_WIDTH - PAD - 32
  ctx.fillStyle = t.muted
  ctx.font = `600 20px ${FONT}`
  ctx.fillText(card.modeLabel, right, PAD + 70)
  ctx.fillStyle = t.accent
  ctx.font = `800 64px ${FONT}`
  ctx.fillText(card.reality, right, PAD + 140)
  ctx.textAlign = 'left'

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
  ctx.font = `600 18px ${FONT}`
  ctx.fillText(card.labels.app, PAD + (mark ? 46 : 0), footerY - 3)
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The image could not be made.'))), 'image/png')
  )
}
