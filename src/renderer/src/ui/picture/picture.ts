import { CHIP_GRADIENTS, THEME_COLOURS, type GradientStops, type ThemeColours } from '../palette'
import { columnWidths, fitRow, fitText, type Fitted, type Measure } from './fit-text'

/**
 * What every picture the app draws is laid out with (the best 20's share image, the session card, the Reality
 * chart's marks): each text run is measured, fitted into a box of its own (a smaller size, then more lines where
 * allowed, then an ellipsis as the last resort) and drawn inside it, so no run can reach another's box.
 */

/** A picture's width in CSS pixels; drawn at 2× (2160 px), crisp on any screen and feed. */
export const PICTURE_WIDTH = 1080
/** The margin around a picture's content. */
export const PICTURE_PAD = 48
const SCALE = 2
/** A line's height as a multiple of its size: room for the font's ascent and descent (accents, CJK, descenders). */
const LINE = 1.3
/** A chip's height and inner padding, as multiples of its text size (the app's `.chip`: line-height 1.5, 0.45 em). */
const CHIP_HEIGHT = 1.5
const CHIP_PAD = 0.45
/** Room between two chips side by side. */
const CHIP_GAP = 6

/** A rectangle, in CSS pixels from the picture's top left. */
export interface Box {
  x: number
  y: number
  w: number
  h: number
}

/** How a run is drawn: its weight, the sizes it may take (largest first), its colour, lines and alignment. */
export interface RunStyle {
  weight: number
  sizes: readonly number[]
  colour: string | CanvasGradient
  /** Lines it may take when one is not enough at its smallest size (default 1). */
  maxLines?: number
  align?: 'left' | 'center' | 'right'
}

/** A run and how it is drawn. */
export interface Run {
  text: string
  style: RunStyle
}

/** How lines of two runs share their width (`Picture.pairs`). */
export interface PairLayout {
  widths: number[]
  gap: number
  sizes: [readonly number[], readonly number[]]
}

/** A chip: a short text on a rounded rectangle of its colour (a difficulty, a grade, a mark). */
export interface Chip {
  text: string
  fill: string | GradientStops
}

/** The system fonts for each UI language's script, as styles.css lists them (Windows, macOS, Linux). */
const CJK_FONTS: Record<string, string> = {
  'zh-CN': "'Microsoft YaHei', 'PingFang SC', 'Noto Sans CJK SC', 'Noto Sans SC'",
  'zh-TW': "'Microsoft JhengHei', 'PingFang TC', 'Noto Sans CJK TC', 'Noto Sans TC'",
  ja: "'Yu Gothic UI', 'Meiryo', 'Hiragino Sans', 'Noto Sans CJK JP', 'Noto Sans JP'",
  ko: "'Malgun Gothic', 'Apple SD Gothic Neo', 'Noto Sans CJK KR', 'Noto Sans KR'"
}
/** The UI font for a language: its region's CJK font picks how Han characters are drawn. */
export const pictureFont = (language: string) =>
  `system-ui, -apple-system, 'Segoe UI', ${CJK_FONTS[language] ?? CJK_FONTS['zh-CN']}, sans-serif`

/** A picture's colours: the app's theme. */
export const pictureTheme = (dark: boolean): ThemeColours => (dark ? THEME_COLOURS.dark : THEME_COLOURS.light)

/** A picture being drawn: a canvas at the pictures' width, `height` CSS pixels tall, in one language's font. */
export class Picture {
  readonly canvas: HTMLCanvasElement
  readonly ctx: CanvasRenderingContext2D
  readonly width = PICTURE_WIDTH
  private readonly font: string

  constructor(
    language: string,
    readonly height: number,
    background: string
  ) {
    this.font = pictureFont(language)
    this.canvas = document.createElement('canvas')
    this.canvas.width = PICTURE_WIDTH * SCALE
    this.canvas.height = height * SCALE
    this.ctx = this.canvas.getContext('2d')!
    this.ctx.scale(SCALE, SCALE)
    this.ctx.fillStyle = background
    this.ctx.fillRect(0, 0, PICTURE_WIDTH, height)
  }

  private setFont(weight: number, size: number) {
    this.ctx.font = `${weight} ${size}px ${this.font}`
  }

  /** The width of texts at a weight, for `fitText`. */
  measure(weight: number): Measure {
    return (text, size) => {
      this.setFont(weight, size)
      return this.ctx.measureText(text).width
    }
  }

  /** The height one line of a run takes at `size`. */
  lineHeight = (size: number) => size * LINE

  /** A run fitted to `width`, in at most the lines that `height` (if given) has room for at its smallest size. */
  fit(text: string, width: number, style: RunStyle, height = Infinity): Fitted {
    const smallest = style.sizes.at(-1)!
    const maxLines = Math.max(1, Math.min(style.maxLines ?? 1, Math.floor(height / this.lineHeight(smallest))))
    return fitText(text, width, this.measure(style.weight), { sizes: style.sizes, maxLines })
  }

  /** The width a run takes at its largest size on one line (what a column of it asks for). */
  natural(run: Run): number {
    return this.measure(run.style.weight)(run.text, run.style.sizes[0]!)
  }

  /**
   * Fits a run into `box` and draws it there: its lines each in a line box of their own, the block of them at the
   * box's top, middle or bottom; returns how it was fitted.
   */
  text(text: string, box: Box, style: RunStyle, valign: 'top' | 'middle' | 'bottom' = 'middle'): Fitted {
    const fitted = this.fit(text, box.w, style, box.h)
    const line = this.lineHeight(fitted.size)
    const height = line * fitted.lines.length
    const top = valign === 'top' ? box.y : valign === 'bottom' ? box.y + box.h - height : box.y + (box.h - height) / 2
    const align = style.align ?? 'left'
    const x = align === 'left' ? box.x : align === 'right' ? box.x + box.w : box.x + box.w / 2
    const { ctx } = this
    this.setFont(style.weight, fitted.size)
    ctx.fillStyle = style.colour
    ctx.textAlign = align
    ctx.textBaseline = 'alphabetic'
    fitted.lines.forEach((text, i) => {
      const m = ctx.measureText(text)
      // The font's ascent and descent centred in the line box: every glyph of the font stays inside it.
      const baseline = top + i * line + (line - m.fontBoundingBoxAscent - m.fontBoundingBoxDescent) / 2 + m.fontBoundingBoxAscent
      ctx.fillText(text, x, baseline)
    })
    return fitted
  }

  /** Runs one under the other in `box`, each in its own box, `gap` apart, the block of them centred in `box`. */
  stack(runs: readonly Run[], box: Box, gap: number): void {
    const heights = runs.map((run) => {
      const fitted = this.fit(run.text, box.w, run.style)
      return this.lineHeight(fitted.size) * fitted.lines.length
    })
    const total = heights.reduce((sum, h) => sum + h, 0) + gap * (runs.length - 1)
    let y = box.y + Math.max(0, (box.h - total) / 2)
    runs.forEach((run, i) => {
      this.text(run.text, { x: box.x, y, w: box.w, h: heights[i]! }, run.style)
      y += heights[i]! + gap
    })
  }

  /**
   * The sizes runs that are to look alike may take (largest first): from the largest at which every one of them fits
   * `width` on one line; a run that fits at no size is left out (it is fitted on its own, cut at last).
   */
  shared(runs: readonly Run[], width: number): readonly number[] {
    if (runs.length === 0) return []
    const sizes = runs[0]!.style.sizes
    const widthsAt = (size: number) => runs.map((run) => this.measure(run.style.weight)(run.text, size))
    const fits = widthsAt(sizes.at(-1)!).map((w) => w <= width)
    const first = sizes.findIndex((size) => widthsAt(size).every((w, i) => !fits[i] || w <= width))
    return sizes.slice(Math.max(0, first))
  }

  /**
   * Lines of two runs each (a score and its Reality), the first from the left and the second to the right, laid out
   * alike on every line `width` wide: the second column as wide as its widest run at a size every line keeps (the
   * first keeping at least 40 % of the line), the first column the rest, each at sizes its every run fits.
   */
  pairs(lines: readonly (readonly [Run, Run])[], width: number, gap = 12): PairLayout {
    if (lines.length === 0) return { widths: [], gap, sizes: [[], []] }
    const widest = (i: 0 | 1) => (size: number) => Math.max(...lines.map((line) => this.measure(line[i].style.weight)(line[i].text, size)))
    const [first, second] = lines[0]!
    const columns = [
      { sizes: first.style.sizes, widest: widest(0), flex: true },
      { sizes: second.style.sizes, widest: widest(1) }
    ]
    const { widths, sizes } = columnWidths(columns, width, gap, width * 0.4)
    const alike = (i: 0 | 1) =>
      this.shared(
        lines.map((line) => ({ ...line[i], style: { ...line[i].style, sizes: sizes[i]! } })),
        widths[i]!
      )
    return { widths, gap, sizes: [alike(0), alike(1)] }
  }

  /** A line of two runs in `box`, laid out by `pairs` (alike with other lines), each run in a box of its own. */
  pair(box: Box, [first, second]: readonly [Run, Run], layout: PairLayout): void {
    const [a, b] = this.row(box, layout.widths, layout.gap)
    this.text(first.text, a!, { ...first.style, sizes: layout.sizes[0] })
    this.text(second.text, b!, { ...second.style, sizes: layout.sizes[1], align: 'right' })
  }

  /** Boxes side by side in `box` with the given widths, `gap` apart. */
  row(box: Box, widths: readonly number[], gap: number): Box[] {
    let x = box.x
    return widths.map((w) => {
      const cell = { x, y: box.y, w, h: box.h }
      x += w + gap
      return cell
    })
  }

  /** A rounded rectangle filled with a colour (a panel, a card, a chip), with a stripe of another down its left edge. */
  panel(box: Box, radius: number, fill: string | CanvasGradient, stripe?: string): void {
    const { ctx } = this
    ctx.beginPath()
    ctx.roundRect(box.x, box.y, box.w, box.h, radius)
    ctx.fillStyle = fill
    ctx.fill()
    if (!stripe) return
    ctx.save()
    ctx.clip()
    ctx.fillStyle = stripe
    ctx.fillRect(box.x, box.y, 6, box.h)
    ctx.restore()
  }

  /** A chip's fill: its colour, or its gradient across its box (at 120°, as the screens draw it). */
  private chipFill(fill: Chip['fill'], box: Box): string | CanvasGradient {
    if (typeof fill === 'string') return fill
    const gradient = this.ctx.createLinearGradient(box.x, box.y, box.x + box.w, box.y + box.h * 0.6)
    for (const [colour, at] of fill) gradient.addColorStop(at, colour)
    return gradient
  }

  /** The width chips take side by side at `size`. */
  chipsWidth(chips: readonly Chip[], size: number): number {
    const measure = this.measure(700)
    return chips.reduce((sum, c) => sum + measure(c.text, size) + 2 * CHIP_PAD * size, 0) + CHIP_GAP * (chips.length - 1)
  }

  /** The sizes at which sets of chips side by side look alike in `width`: from the largest at which every set fits. */
  sharedChipSizes(sets: readonly (readonly Chip[])[], width: number, sizes: readonly number[]): readonly number[] {
    const fits = sets.map((set) => this.chipsWidth(set, sizes.at(-1)!) <= width)
    const first = sizes.findIndex((size) => sets.every((set, i) => !fits[i] || this.chipsWidth(set, size) <= width))
    return sizes.slice(Math.max(0, first))
  }

  /**
   * Chips side by side from the left of `box`, centred in its height, at the largest of `sizes` at which they fit its
   * width; where none does, the first chip's text (a difficulty's whole name) is cut to what is left.
   */
  chips(chips: readonly Chip[], box: Box, sizes: readonly number[]): void {
    const size = fitRow((s) => this.chipsWidth(chips, s), box.w, sizes)
    const height = Math.min(box.h, size * CHIP_HEIGHT)
    const rest = this.chipsWidth(chips.slice(1), size) + (chips.length > 1 ? CHIP_GAP : 0)
    let x = box.x
    chips.forEach((chip, i) => {
      const room = i === 0 ? box.w - rest - 2 * CHIP_PAD * size : Infinity
      const text = this.fit(chip.text, room, { weight: 700, sizes: [size], colour: '' }).lines[0]!
      const w = this.measure(700)(text, size) + 2 * CHIP_PAD * size
      const chipBox = { x, y: box.y + (box.h - height) / 2, w, h: height }
      this.panel(chipBox, Math.min(6, height / 3), this.chipFill(chip.fill, chipBox))
      // Centred in the chip, padding included: the text was fitted above, and is not measured against its own width again.
      this.text(text, chipBox, { weight: 700, sizes: [size], colour: '#ffffff', align: 'center' })
      x += w + CHIP_GAP
    })
  }

  /** An image drawn into `box`. */
  image(image: CanvasImageSource, box: Box): void {
    this.ctx.drawImage(image, box.x, box.y, box.w, box.h)
  }

  /** The picture as a PNG file. */
  png(): Promise<Blob> {
    return new Promise((resolve, reject) =>
      this.canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The image could not be made.'))), 'image/png')
    )
  }
}

/** A chip's fill from the app's palette: a gradient where the screens draw one, else its colour. */
export function chipFill(kind: 'grade' | 'combo', key: string, colour: string): Chip['fill'] {
  return CHIP_GRADIENTS[kind][key] ?? colour
}

/** An image from a URL (a data URL, the app's mark), or null where it cannot be read. */
export function loadImage(src: string): Promise<HTMLImageElement | null> {
  return new Promise((resolve) => {
    const image = new Image()
    image.onload = () => resolve(image)
    image.onerror = () => resolve(null)
    image.src = src
  })
}
