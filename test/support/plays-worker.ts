import type { AccountCache } from '../../src/main/cache/account-cache'
import type { PlaysHistory } from '../../src/main/game-folder/import-plays'
import { playsWorkerAt } from '../../src/main/game-folder/plays-off-thread'

/** The plays worker from its source, under tsx (the app starts the built `out/main/plays-worker.js`). */
export const sourcePlaysWorker = playsWorkerAt(new URL('../../src/main/game-folder/plays-worker.ts', import.meta.url), ['--import', 'tsx'])

/** An account cache as the import's history, as the sync service offers it. */
export function historyOf(cache: AccountCache): PlaysHistory {
  return {
    records: async () => (await cache.records()).records,
    remember: (_, records, source) => cache.remember(records, { kind: 'import', source }),
    keptLines: () => cache.keptLines(),
    rememberLines: (_, lines, folded, source) => cache.rememberLines(lines, folded, source)
  }
}
