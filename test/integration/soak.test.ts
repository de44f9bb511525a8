import { describe, expect, it } from 'vitest'
import { dataLost, describeSoak } from '../soak/figures'
import { NO_CLOUD_SAVE, runSoak } from '../soak/soak'

describe('a week in the tray (the shortened soak; `npm run soak` runs the month)', () => {
  it('loses nothing, does not grow, spends only the downloads it must, and tells each thing once', async () => {
    const r = await runSoak({ days: 7, seed: 35 })
    console.error(describeSoak(r).join('\n'))
    // Nothing lost.
    expect(r.playsReturned).toBeGreaterThan(20)
    expect(r.lost).toEqual({ plays: 0, playsTwice: 0, versions: 0, falselyVerified: 0 })
    expect(dataLost(r)).toBe(0)
    // No growth: memory within 32 MiB of day 3; timers, handles and listeners back to their day-3 count.
    expect(r.usage.end.rssMiB - r.usage.day3.rssMiB).toBeLessThanOrEqual(32)
    expect(r.usage.end.heapMiB - r.usage.day3.heapMiB).toBeLessThanOrEqual(32)
    expect(r.usage.end.listeners).toBe(r.usage.day3.listeners)
    expect(r.usage.end.resources.Timeout ?? 0).toBeLessThanOrEqual(r.usage.day3.resources.Timeout ?? 0)
    expect(Object.values(r.usage.end.resources).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(
      Object.values(r.usage.day3.resources).reduce((a, b) => a + b, 0)
    )
    // The log is rotated and bounded; the history files hold each kept play once.
    expect(r.logFiles.length).toBeLessThanOrEqual(2)
    for (const f of r.logFiles) expect(f.bytes).toBeLessThanOrEqual(80 * 1024)
    expect(r.historyLines).toBeLessThanOrEqual(r.playsReturned + 1_000)
    // Quota: save versions and the faults that needed a fresh URL, never more.
    expect(r.quota.spent).toBe(r.quota.expected)
    // No noise: one notification per new backup or real failure, none repeated, none for no cloud save.
    expect(r.notifications.unexplained).toEqual([])
    expect(r.notifications.repeated).toBe(0)
    expect(r.noCloudSaveNotifications).toBe(NO_CLOUD_SAVE.notifications)
    // Honest state after the days offline.
    expect(r.offline).toEqual({ cachedKeptWhileOffline: true, staleSaidWhileOffline: true, freshAfter: true })
    expect(r.restarts).toBe(2)
  }, 180_000)
})
