// Gives the demo accounts months of history on first launch: every play the reference service has
// for them goes into the app's kept plays, and a Reality snapshot is replayed for each day they
// played, so "Reality over time", the Bests view and chart histories are there before any sync.
// Writes only into the demo's own data folder, and only for accounts it has not seen yet.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { ReferenceService } from '../reference-service/src/server'
import type { KeptRecord, RankData } from '../src/shared/api'
import { BEST_COUNT, playerReality } from '../src/shared/reality'
import { modeOf } from '../src/shared/player'
import { accountKey } from '../src/main/accounts/account-key'
import { AccountCache } from '../src/main/cache/account-cache'
import { addSnapshot, emptyHistory, thinSnapshots } from '../src/main/cache/history'
import { nodeFiles } from '../src/main/platform-node/files'
import { LocalDataHealth } from '../src/main/storage/local-data'

const DAY = 86_400_000

/** The rank the service would have answered at the end of a day: the best record per chart, per mode. */
function rankAt(best: Map<string, KeptRecord>): RankData {
  const ranks = (mode: 'touch' | 'keyboard') => [...best.values()].filter((r) => modeOf(r) === mode).sort((a, b) => b.reality - a.reality)
  const touch = ranks('touch')
  const keyboard = ranks('keyboard')
  return {
    touch_reality: playerReality(touch.slice(0, BEST_COUNT).map((r) => r.reality)),
    keyboard_reality: playerReality(keyboard.slice(0, BEST_COUNT).map((r) => r.reality)),
    touch_ranks: touch,
    keyboard_ranks: keyboard,
    skipped: 0
  }
}

export async function seedDemoHistory(service: ReferenceService, dataDir: string, deploymentId: 'local' = 'local'): Promise<string[]> {
  const baseUrl = service.deployments.global.base_url
  const seeded: string[] = []
  for (const account of service.accounts.filter((a) => a.deployment === 'global' && !a.deleted)) {
    const id = accountKey(deploymentId, baseUrl, account.uid)
    const safe = id.replace(/[^A-Za-z0-9_-]/g, '_')
    if (existsSync(join(dataDir, `records-${safe}.jsonl`))) continue
    const plays = service.controls.plays('global', account.username) as KeptRecord[]
    if (plays.length === 0) continue
    const cache = new AccountCache(nodeFiles, dataDir, id, new LocalDataHealth())
    await cache.remember(plays)
    const history = emptyHistory()
    const best = new Map<string, KeptRecord>()
    let day = Math.floor(Date.parse(plays[0]!.played_at) / DAY)
    for (const play of plays) {
      const playDay = Math.floor(Date.parse(play.played_at) / DAY)
      if (playDay !== day) addSnapshot(history, rankAt(best), new Date((day + 1) * DAY - 1).toISOString())
      day = playDay
      const key = `${play.chart_id}|${modeOf(play)}`
      if ((best.get(key)?.reality ?? -1) < play.reality) best.set(key, play)
    }
    addSnapshot(history, rankAt(best), new Date(Math.min(Date.now(), (day + 1) * DAY - 1)).toISOString())
    cache.saveHistory({ ...history, snapshots: thinSnapshots(history.snapshots, Date.now()) })
    await cache.flush()
    seeded.push(account.username)
  }
  return seeded
}
