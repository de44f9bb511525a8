/** The width of `text` drawn at `size` pixels (a canvas's `measureText` with its font at that size). */
export type Measure = (text: string, size: number) => number

export interface Fitted {
  size: number
  /** One line, or up to `maxLines`; the last ends with "…" only when nothing else made the text fit. */
  lines: string[]
}

const ELLIPSIS = '…'

/** The longest start of `chars` that fits `width` with `suffix` after it (at least one character). */
function longestStart(chars: string[], width: number, size: number, measure: Measure, suffix = ''): number {
  let lo = 1
  let hi = chars.length
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2)
    if (measure(chars.slice(0, mid).join('') + suffix, size) <= width) lo = mid
    else hi = mid - 1
  }
  return lo
}

/** Where a line of `chars` that may hold `count` characters breaks: after the last space in it, when the break would split a word. */
function breakAt(chars: string[], count: number): number {
  if (count >= chars.length || chars[count] === ' ' || chars[count - 1] === ' ') return count
  const space = chars.lastIndexOf(' ', count - 1)
  return space > 0 ? space + 1 : count
}

/**
 * Fits a text run in `width`: on one line at the largest of `sizes` (largest first) where it fits; else, when
 * `maxLines` allows, on several lines at the smallest size (broken between words where there are spaces, between
 * characters where there are none, as in CJK titles); the last line ends with an ellipsis only as the last resort.
 */
export function fitText(text: string, width: number, measure: Measure, options: { sizes: readonly number[]; maxLines?: number }): Fitted {
  const { sizes, maxLines = 1 } = options
  for (const size of sizes) if (measure(text, size) <= width) return { size, lines: [text] }
  const size = sizes.at(-1)!
  const lines: string[] = []
  let rest = [...text]
  while (rest.length > 0 && lines.length < maxLines - 1) {
    if (measure(rest.join(''), size) <= width) break
    const count = breakAt(rest, longestStart(rest, width, size, measure))
    lines.push(rest.slice(0, count).join('').trimEnd())
    rest = rest.slice(count)
    while (rest[0] === ' ') rest = rest.slice(1)
  }
  const last = rest.join('')
  if (measure(last, size) <= width) lines.push(last)
  else {
    const chars = [...last.trimEnd()]
    lines.push(
      `${chars
        .slice(0, longestStart(chars, width, size, measure, ELLIPSIS))
        .join('')
        .trimEnd()}${ELLIPSIS}`
    )
  }
  return { size, lines }
}

/** The largest of `sizes` at which a set of runs side by side (their widths at that size, plus fixed gaps) fits `width`. */
export function fitRow(widthAt: (size: number) => number, width: number, sizes: readonly number[]): number {
  return sizes.find((size) => widthAt(size) <= width) ?? sizes.at(-1)!
}

/** A column of a row of runs: the sizes its cells may take (largest first), and how wide its widest cell is at one. */
export interface Column {
  sizes: readonly number[]
  widest(size: number): number
  /** Takes the width the others leave (a title): at least `minFlex`. */
  flex?: boolean
  /** At most this wide, whatever its cells (which are then cut to it). */
  max?: number
}

/**
 * Widths for columns side by side in `width`, `gap` apart: each column as wide as its widest cell at a size, all
 * stepping down their sizes together until the flexible column keeps `minFlex`; the flexible one takes the rest. Where
 * even the smallest sizes leave it less, each other column gives up its share, and its cells are fitted to what it
 * keeps. `sizes[i]`: the sizes column i's cells may then take (largest first).
 */
export function columnWidths(
  columns: readonly Column[],
  width: number,
  gap: number,
  minFlex: number
): { widths: number[]; sizes: (readonly number[])[] } {
  const steps = Math.max(...columns.map((c) => c.sizes.length))
  const room = width - gap * (columns.length - 1)
  for (let step = 0; ; step++) {
    const sizes = columns.map((c) => c.sizes.slice(Math.min(step, c.sizes.length - 1)))
    const fixed = columns.map((c, i) => (c.flex ? 0 : Math.min(c.max ?? Infinity, Math.ceil(c.widest(sizes[i]![0]!)))))
    const left = room - fixed.reduce((a, b) => a + b, 0)
    if (left < minFlex && step < steps - 1) continue
    const scale = left >= minFlex ? 1 : Math.max(0, room - minFlex) / (room - left)
    const widths = fixed.map((w) => w * scale)
    const flex = room - widths.reduce((a, b) => a + b, 0)
    return { widths: columns.map((c, i) => (c.flex ? flex : widths[i]!)), sizes }
  }
}
