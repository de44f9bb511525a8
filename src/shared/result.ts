import type { AppErrorData } from './error-schema'

/** What every bridge call resolves to: errors are data, so they survive any transport intact. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: AppErrorData }
