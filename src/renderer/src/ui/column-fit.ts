/** One column as sizing sees it: the room its widest text needs (header included), and how much it matters. */
export interface ColumnNeed {
  id: string
  /** Pixels for its widest cell or its header, whichever is wider. */
  need: number
  /** 1: always shown; 2, then 3: leave, last first, when the others would not fit. */
  priority: 1 | 2 | 3
  /** The one column that takes the spare room and may be cut (the title): it never goes below `min`. */
  flexible?: { min: number }
}

export interface ColumnFit {
  /** Each shown column's width in pixels (whole pixels; their sum is the room given, or more when even the minimum does not fit). */
  widths: Record<string, number>
  /** Columns left out, in the order they left. */
  hidden: string[]
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)

/**
 * Column widths sized to their content in `available` pixels. Every shown column gets what its widest text needs,
 * so nothing but the flexible column is ever cut; the flexible column (the title) gets what is left, at least its
 * minimum. While the shown columns need more than there is, the least important leaves (the rightmost of the
 * highest priority number). Room beyond what every column needs, the flexible one's whole text included, is shared
 * in proportion to need, so a wide window spaces the columns out instead of leaving a gap at the end.
 */
export function fitColumns(columns: readonly ColumnNeed[], available: number): ColumnFit {
  const flexible = columns.find((c) => c.flexible)
  const hidden: string[] = []
  let shown = [...columns]
  const required = () => sum(shown.map((c) => (c.flexible ? Math.min(c.need, c.flexible.min) : c.need)))
  while (required() > available) {
    const leaving = shown.reduce<ColumnNeed | null>(
      (worst, c) => (c.priority > 1 && (!worst || c.priority >= worst.priority) ? c : worst),
      null
    )
    if (!leaving) break
    hidden.push(leaving.id)
    shown = shown.filter((c) => c !== leaving)
  }
  const fixed = sum(shown.filter((c) => c !== flexible).map((c) => c.need))
  const widths: Record<string, number> = {}
  const spare = available - fixed - (flexible?.need ?? 0)
  if (spare > 0) {
    // Everything fits whole: the spare room is shared out, in proportion to need.
    const total = fixed + (flexible?.need ?? 0)
    for (const c of shown) widths[c.id] = Math.floor(c.need + (spare * c.need) / Math.max(1, total))
  } else {
    for (const c of shown) widths[c.id] = Math.ceil(c.need)
    if (flexible && shown.includes(flexible)) widths[flexible.id] = Math.floor(Math.max(flexible.flexible!.min, available - fixed))
  }
  return { widths, hidden }
}

/** Width of a text in "narrow characters": a Han, kana or Hangul character, or a full-width form, counts two. */
export function textWeight(text: string): number {
  let weight = 0
  for (const char of text)
    weight += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(char) ? 2 : 1
  return weight
}

/** The `count` items with the highest `weight` (each once), highest first, in one pass: a column's widest cells. */
export function topBy<T>(items: readonly T[], weight: (item: T) => number, count = 2): T[] {
  const top: { item: T; w: number }[] = []
  for (const item of items) {
    const w = weight(item)
    if (top.length === count && w <= top[count - 1]!.w) continue
    top.push({ item, w })
    top.sort((a, b) => b.w - a.w)
    if (top.length > count) top.pop()
  }
  return top.map((t) => t.item)
}
