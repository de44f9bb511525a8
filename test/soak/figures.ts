import type { SoakReport } from './soak'

/** The figures of a soak run as lines for people (the test, `npm run soak` and the bench print them). */
export function describeSoak(r: SoakReport): string[] {
  const { day3, end } = r.usage
  const growth = end.rssMiB - day3.rssMiB
  const { lost, quota, notifications: n, offline } = r
  return [
    `${r.days} days in ${r.wallSeconds} s: ${r.syncs} syncs, ${r.backupRounds} backup rounds, ${r.restarts} crash-restarts`,
    `faults: ${
      Object.entries(r.faults)
        .map(([k, v]) => `${k} ×${v}`)
        .join(', ') || 'none'
    }`,
    `nothing lost: ${lost.plays} of ${r.playsReturned} plays the service returned missing, ${lost.playsTwice} kept twice; ` +
      `${lost.versions} of ${r.versions} cloud save versions missing; ` +
      `${lost.falselyVerified} backups called verified that are not the save`,
    `no growth: heap ${day3.heapMiB} → ${end.heapMiB} MiB, RSS ${day3.rssMiB} → ${end.rssMiB} MiB (${growth.toFixed(1)} MiB), ` +
      `external ${day3.externalMiB} → ${end.externalMiB} MiB; listeners ${day3.listeners} → ${end.listeners}; ` +
      `resources ${JSON.stringify(day3.resources)} → ${JSON.stringify(end.resources)}`,
    `log: ${r.logFiles.map((f) => `${f.name} ${f.bytes} B`).join(', ')}; kept plays in the history files: ${r.historyLines}`,
    `quota: ${quota.spent} downloads spent, expected ${quota.expected} ` +
      `(${quota.saveVersions} save versions + ${quota.faultsNeedingUrl} faults that needed a fresh URL)`,
    `no noise: ${n.total} notifications (${n.saved} saved, ${n.failed} failed), ${n.repeated} repeated, ` +
      `${r.noCloudSaveNotifications} for the account without a cloud save` +
      (n.unexplained.length ? `; ${n.unexplained.join('; ')}` : ''),
    `honest state: cache kept while offline ${offline.cachedKeptWhileOffline}, ` +
      `shown as not fresh while offline ${offline.staleSaidWhileOffline}, fresh after ${offline.freshAfter}`
  ]
}

/** Losses of any kind, as one count (the bench's soak-30-days-data-lost). */
export const dataLost = (r: SoakReport) => r.lost.plays + r.lost.playsTwice + r.lost.versions + r.lost.falselyVerified
