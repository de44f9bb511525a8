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

/** Bridge methods as a store's actions, under the bridge's own names: each returns its value or throws an AppError. */
export function bridgeActions<G extends object, K extends keyof G>(group: G, names: readonly K[]): { [P in K]: Unwrapped<G[P]> } {
  const call =
    (name: K) =>
    (...args: unknown[]) =>
      unwrap((group[name] as (...args: unknown[]) => Promise<Result<unknown>>)(...args))
  return Object.fromEntries(names.map((name) => [name, call(name)])) as { [P in K]: Unwrapped<G[P]> }
}
