import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Library } from '../../../src/shared/backups'
import type { AccountData, ChartListInfo, PlayerStats } from '../../../src/shared/data'
import { testCore } from '../../support/core'

/** A core of its own for each test, stopped after it. */
const cores: ReturnType<typeof testCore>[] = []
afterEach(async () => {
  for (const t of cores.splice(0)) await t.core.dispose()
})
function started() {
  const t = testCore({ localBaseUrl: 'http://127.0.0.1:9/global/api' })
  cores.push(t)
  return t
}
const core = () => started().core

const stats = (accountId: string): PlayerStats => ({ accountId, plays: 0, lastPlayedAt: null, bests: [] })
const library = (accountId: string): Library => ({
  accountId,
  folder: 'f',
  entries: [],
  unindexed: [],
  problems: [],
  previousDifferent: {}
})
const listInfo = (c: ReturnType<typeof core>, count: number, updatedAt: string): ChartListInfo => ({
  ...c.modules.chartList.chartList.info(),
  count,
  updatedAt
})

describe('features follow each other through typed signals, not the window’s events', () => {
  it('a goal re-check follows playerChanged and libraryChanged; the events of the same names do nothing', async () => {
    const c = core()
    // Every re-check asks first whether the account is followed (shown, or with goals).
    const rechecked = vi.spyOn(c.modules.progress.progress, 'follows')
    c.events.emit('sync:player', stats('alice'))
    c.events.emit('backups:changed', library('alice'))
    expect(rechecked).not.toHaveBeenCalled()
    await c.signals.playerChanged.fire(stats('alice'))
    await c.signals.libraryChanged.fire(library('bob'))
    expect(rechecked.mock.calls).toEqual([['alice'], ['bob']])
  })

  it('sessions are computed again when the chart list changes, and told new Reality snapshots, by their signals only', async () => {
    const c = core()
    const { service } = c.modules.sessions
    const recomputed = vi.spyOn(service, 'recomputeAll').mockResolvedValue()
    const synced = vi.spyOn(service, 'synced')
    const first = listInfo(c, 10, '2026-01-01T00:00:00.000Z')
    const second = listInfo(c, 11, '2026-01-02T00:00:00.000Z')
    c.events.emit('chartList:changed', first)
    c.events.emit('chartList:changed', second)
    expect(recomputed).not.toHaveBeenCalled()
    // The first state is the one the sessions were computed with; a different one computes them again.
    await c.signals.chartListChanged.fire(first)
    await c.signals.chartListChanged.fire(first)
    expect(recomputed).not.toHaveBeenCalled()
    await c.signals.chartListChanged.fire(second)
    expect(recomputed).toHaveBeenCalledTimes(1)
    await c.signals.accountDataChanged.fire({ accountId: 'alice', history: { records: 3, snapshots: 2 } } as AccountData)
    expect(synced.mock.calls).toEqual([['alice', 2]])
  })

  it('the owner raises its signal as it sends the window the same state', async () => {
    const { core: c, call } = started()
    const heard: string[] = []
    c.signals.chartListChanged.on((info) => heard.push(`list ${info.count}`))
    c.signals.settingsChanged.on((settings) => heard.push(`settings ${settings.theme}`))
    await call('chartList:import', '{"charts":[{"chart_id":"c1","title":"One"}]}', 'list.json')
    await call('settings:update', { theme: 'dark' })
    expect(heard).toEqual(['list 1', 'settings dark'])
  })
})
