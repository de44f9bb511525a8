import type { InsightRow } from '../../../shared/data'

export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/**
 * One CSV cell. Text that a spreadsheet would run as a formula (starting with =, +, -, @, tab or CR,
 * e.g. a chart title from a catalogue) gets a leading apostrophe, so it stays text.
 */
export const csvCell = (v: unknown) => {
  let s = v === null || v === undefined ? '' : String(v)
  if (typeof v !== 'number' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

export function bestToCsv(rows: readonly InsightRow[]): string {
  const header = [
    'rank',
    'chart_id',
    'title',
    'difficulty',
    'constant',
    'score',
    'accuracy',
    'grade',
    'reality',
    'score_for_plus_0.01',
    'played_at'
  ]
  const lines = rows.map((r, i) =>
    [
      i + 1,
      r.record.chart_id,
      r.title,
      r.difficulty,
      r.constant?.toFixed(2),
      r.record.score,
      r.record.score_accuracy,
      r.record.grade,
      r.record.reality,
      r.targetScore,
      r.record.played_at
    ]
      .map(csvCell)
      .join(',')
  )
  return [header.join(','), ...lines].join('\n') + '\n'
}

/** Draws the best 20 as an image (no DOM screenshot: a plain canvas, same in Electron and browsers). */
export async function bestToPng(rows: readonly InsightRow[], heading: string, reality: string, dark: boolean): Promise<Blob> {
  const width = 1100
  const rowHeight = 34
  const height = 130 + rows.length * rowHeight + 30
  const canvas = document.createElement('canvas')
  canvas.width = width * 2
  canvas.height = height * 2
  const ctx = canvas.getContext('2d')!
  ctx.scale(2, 2)
  ctx.fillStyle = dark ? '#10131a' : '#ffffff'
  ctx.fillRect(0, 0, width, height)
  ctx.fillStyle = dark ? '#e8eaf0' : '#151923'
  ctx.font = '600 28px system-ui, sans-serif'
  ctx.fillText(heading, 32, 52)
  ctx.font = '600 22px system-ui, sans-serif'
  ctx.fillStyle = dark ? '#a4a7ff' : '#3f43c9'
  ctx.fillText(reality, 32, 90)
  ctx.font = '16px system-ui, sans-serif'
  rows.forEach((r, i) => {
    const y = 130 + i * rowHeight
    ctx.fillStyle = i % 2 ? (dark ? '#181c25' : '#f4f5f9') : dark ? '#10131a' : '#ffffff'
    ctx.fillRect(24, y - 22, width - 48, rowHeight)
    ctx.fillStyle = dark ? '#e8eaf0' : '#151923'
    ctx.fillText(`${i + 1}`, 36, y)
    ctx.fillText((r.title ?? r.record.chart_id.slice(0, 8)).slice(0, 40), 80, y)
    ctx.fillText(r.difficulty ?? '', 520, y)
    ctx.fillText(r.constant?.toFixed(1) ?? '?', 660, y)
    ctx.fillText(r.record.score.toLocaleString('en'), 740, y)
    ctx.fillText(r.record.grade, 880, y)
    ctx.fillText(r.record.reality.toFixed(3), 960, y)
  })
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('canvas export failed'))), 'image/png'))
}
