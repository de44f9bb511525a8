import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { KeptRecord } from '../../src/shared/api'
import type { ChartInfo, PersonalBest } from '../../src/shared/data'
import { foldPlays } from '../../src/shared/player'
import type { ProgressState } from '../../src/shared/progress'
import type { LatestSaves } from '../../src/main/progress/latest-save'
import { ProgressService } from '../../src/main/progress/progress-service'
import { guardedTestStore } from './stores'

/** The progress service of one account on a store in a folder of its own, with the chart list and plays the test gives. */
export function packService(list: ReadonlyMap<string, ChartInfo>, plays: KeptRecord[] = [], dir = mkdtempSync(join(tmpdir(), 'packs-'))) {
  const states: ProgressState[] = []
  const saves = {
    read: async () => ({ save: null, problem: null }),
    forget: () => {},
    restored: () => {},
    drop: () => {}
  } as unknown as LatestSaves
  const service = new ProgressService({
    charts: () => list,
    player: async (accountId) => {
      const bests = new Map<string, PersonalBest>()
      foldPlays(bests, plays)
      return { accountId, plays: plays.length, lastPlayedAt: null, bests: [...bests.values()] }
    },
    plays: async () => plays,
    saves,
    store: (id) => guardedTestStore(dir, `progress-${id}`).store,
    isSignedIn: () => true,
    now: () => Date.UTC(2026, 5, 1),
    emit: (state) => states.push(state),
    language: () => 'en',
    onMet: () => {}
  })
  return { service, states, dir, last: () => states.at(-1) }
}
