import { z } from 'zod'

export const WindowState = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(1),
  height: z.number().int().min(1),
  maximized: z.boolean()
})
export type WindowState = z.infer<typeof WindowState>

export interface Rect {
  x: number
  y: number
  width: number
  height: number
}

export const MIN_SIZE = { width: 900, height: 600 }
export const DEFAULT_SIZE = { width: 1280, height: 800 }

const overlap = (a: Rect, b: Rect) =>
  Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) *
  Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y))

/**
 * The saved window, fitted to the displays that exist now: on the display it overlaps most (the
 * primary one if none), no larger than that display's work area, and fully inside it. A saved
 * state that does not read gives the default size, centred by the system.
 */
export function clampBounds(
  saved: unknown,
  workAreas: readonly Rect[]
): Partial<Rect> & { width: number; height: number; maximized: boolean } {
  const parsed = WindowState.safeParse(saved)
  if (!parsed.success || workAreas.length === 0) return { ...DEFAULT_SIZE, maximized: false }
  const state = parsed.data
  const area = workAreas.reduce((best, a) => (overlap(state, a) > overlap(state, best) ? a : best), workAreas[0]!)
  const width = Math.max(Math.min(state.width, area.width), Math.min(MIN_SIZE.width, area.width))
  const height = Math.max(Math.min(state.height, area.height), Math.min(MIN_SIZE.height, area.height))
  const x = Math.min(Math.max(state.x, area.x), area.x + area.width - width)
  const y = Math.min(Math.max(state.y, area.y), area.y + area.height - height)
  return { x, y, width, height, maximized: state.maximized }
}
