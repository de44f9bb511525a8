import type { AppErrorCode, AppErrorData } from './error-schema'

// The schemas live apart (zod): the renderer's first scripts need the class and the helpers only.
export type { AppErrorCode, AppErrorData } from './error-schema'

export class AppError extends Error {
  readonly code: AppErrorCode
  readonly data: AppErrorData

  constructor(data: AppErrorData, options?: { cause?: unknown }) {
    super(data.message, options)
    this.name = 'AppError'
    this.code = data.code
    this.data = data
  }

  static of(code: AppErrorCode, message: string, extra: Omit<AppErrorData, 'code' | 'message'> = {}): AppError {
    return new AppError({ code, message, ...extra })
  }
}

/** Said wherever the service or the file server says the day's save downloads are spent. */
export const QUOTA_MESSAGE = "Today's cloud-save downloads are used up; the next backup can run tomorrow."
/** Said wherever the service says the account has no cloud save yet. */
export const NO_CLOUD_SAVE_MESSAGE = 'No cloud save yet: in Milthm, upload your save to the cloud, then back up again.'

/** "Download limit reached", the live file server's and service's words for the daily limit. */
export const saysDownloadLimit = (text: string | undefined): boolean => /download limit reached/i.test(text ?? '')

/** Converts anything thrown into transportable error data, without leaking stack traces. */
export function toErrorData(error: unknown): AppErrorData {
  if (error instanceof AppError) return error.data
  if (error instanceof Error && error.name === 'AbortError') return { code: 'cancelled', message: 'The operation was cancelled.' }
  return { code: 'internal', message: error instanceof Error ? error.message : 'Unexpected failure.' }
}

/** What failed, in one short line for a terminal, a notification or a log: "TypeError: x is not a function". */
export function describeFailure(error: unknown): string {
  const text =
    error instanceof Error
      ? `${error.name || 'Error'}: ${error.message || 'no message'}`
      : typeof error === 'string'
        ? error
        : `a thrown ${error === null ? 'null' : typeof error}`
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > 160 ? `${line.slice(0, 159)}…` : line
}
