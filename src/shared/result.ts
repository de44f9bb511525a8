import { z } from 'zod'
import { AppErrorData } from './error-schema'

/** What every bridge call resolves to: errors are data, so they survive any transport intact. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: AppErrorData }

export const ResultEnvelope = z.union([
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: AppErrorData })
])
