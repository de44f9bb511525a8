import { AppError } from '../../shared/errors'
import type { CompanionApi } from '../../shared/ipc/bridge'
import type { Result } from '../../shared/result'

/** The preload (or web host) API. Components use `unwrap` to get values or a thrown AppError. */
export const api: CompanionApi = window.companion

export async function unwrap<T>(call: Promise<Result<T>>): Promise<T> {
  const result = await call
  if (result.ok) return result.value
  throw new AppError(result.error)
}

/** A bridge method as a store offers it: the same arguments, its value or a thrown AppError. */
export type Unwrapped<F> = F extends (...args: infer A) => Promise<Result<infer R>> ? (...args: A) => Promise<R> : never
