import type { ScoreRecord } from './api'

/**
 * Plain facts of score records and the service's numbers, without a schema: the renderer's first
 * scripts use these, and the schemas (zod) stay in main and in the screens that need them.
 */

export function isTouchPlay(record: Pick<ScoreRecord, 'modifiers'>): boolean {
  return record.modifiers.includes('TouchMode')
}

/** Accuracy as a percentage: the service sends a fraction (0–1); some saves use percent. */
export function accuracyPercent(value: number): number {
  return value <= 1 ? value * 100 : value
}

const DECIMAL = /^\s*-?\d+(\.\d+)?([eE][+-]?\d+)?\s*$/
/** A number some backends write as a string (decimal columns): `"14.2765"` is 14.2765; other text is left to the schema. */
export const decimalOrSelf = (value: unknown): unknown => (typeof value === 'string' && DECIMAL.test(value) ? Number(value) : value)

/** The facts of a save's `meta` the app shows (seen live); anything unreadable is absent, never a failure. */
export interface SaveMeta {
  reality_value: number | undefined
  ap_count: number | undefined
  fc_count: number | undefined
  date: string | undefined
}

/** A number in `meta`, as a number or a decimal string; anything else is absent. */
function metaNumber(value: unknown): number | undefined {
  const n = decimalOrSelf(value)
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined
}

export function saveMetaOf(meta: Record<string, unknown> | undefined): SaveMeta {
  return {
    reality_value: metaNumber(meta?.reality_value),
    ap_count: metaNumber(meta?.ap_count),
    fc_count: metaNumber(meta?.fc_count),
    date: typeof meta?.date === 'string' ? meta.date : undefined
  }
}
