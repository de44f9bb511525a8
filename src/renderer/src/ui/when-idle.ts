/** Runs `work` once the renderer is idle (at the latest after `timeoutMs`); returns a cancel. */
export function whenIdle(work: () => void, timeoutMs = 5_000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(work, { timeout: timeoutMs })
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(work, Math.min(timeoutMs, 1_000))
  return () => clearTimeout(id)
}
