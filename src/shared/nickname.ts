import { compareInstants } from './timestamps'

/** One nickname change opportunity recovers every 15 days and 12 hours (the spec's Limits). */
export const NICKNAME_RECOVERY_MS = (15 * 24 + 12) * 3_600_000

/**
 * When the next opportunity is expected back, from the submissions this app recorded: recovery
 * runs on one timer, so the first submission starts it and each later one is queued behind the
 * previous recovery (`max(submission, previous recovery) + 15 d 12 h`). The first recovery still
 * ahead of `now` is the answer; null when everything recorded has recovered.
 */
export function nextNicknameRecovery(submissions: readonly string[], now: number): string | null {
  const times = [...submissions]
    .filter((s) => !Number.isNaN(Date.parse(s)))
    .sort((a, b) => compareInstants(a, b))
    .map((s) => Date.parse(s))
  let previous = Number.NEGATIVE_INFINITY
  for (const at of times) {
    const recovered = Math.max(at, previous) + NICKNAME_RECOVERY_MS
    if (recovered > now) return new Date(recovered).toISOString()
    previous = recovered
  }
  return null
}
