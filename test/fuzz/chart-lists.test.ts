import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { communityList } from '../../reference-service/src/community-list'
import { generateCatalogue } from '../../reference-service/src/seed/catalogue'
import { ChartList } from '../../src/main/chart-list/chart-list'
import { CHART_LIST_STORES } from '../../src/main/chart-list/legacy-names'
import { parseChartList, type ParsedChartList } from '../../src/main/chart-list/chart-list-formats'
import { confStoreOpener } from '../../src/main/platform-node/conf-store'
import { LocalDataHealth, openGuardedStore } from '../../src/main/storage/local-data'
import { ChartInfo } from '../../src/shared/data'
import { CASES, DOOR_TIMEOUT_MS, fuzz, mutatedJson, outcomeOf, treeHash } from './fuzz'

/** The three chart list shapes players use, from the reference service's seed: the valid samples the mutations start from. */
const charts = generateCatalogue(6)
const SONGS = communityList(charts)
const CONSTANTS = Object.fromEntries(charts.map((c) => [c.chart_id, { constant: c.constant, category: 'CL', name: c.title }]))
const OWN = { charts: charts.map((c) => ({ chart_id: c.chart_id, title: c.title, difficulty: c.difficulty, constant: c.constant })) }
const script = (literal: string, after = '') => `// generated\nconst constants = ${literal};\nexport default constants;\n${after}`

/** What a list that reads must be: charts the app's own schema accepts, each id once. */
function wellFormed(list: ParsedChartList) {
  expect(list.charts.length).toBeGreaterThan(0)
  for (const chart of list.charts) expect(ChartInfo.safeParse(chart).success, JSON.stringify(chart)).toBe(true)
  expect(new Set(list.charts.map((c) => c.chart_id)).size).toBe(list.charts.length)
  expect(Number.isInteger(list.skipped) && list.skipped >= 0).toBe(true)
}

/** Code a constants script may carry, anywhere: none of it may ever run. */
const MARKER = '__chartListFuzzRan'
const code = fc.constantFrom(
  `globalThis.${MARKER} = true`,
  `(globalThis.${MARKER} = true, 1)`,
  `\`\${globalThis.${MARKER} = true}\``,
  `{ get x() { globalThis.${MARKER} = true; return 1 } }`,
  `(() => { globalThis.${MARKER} = true; return {} })()`,
  `require('child_process').execSync('touch /tmp/${MARKER}')`,
  `"); globalThis.${MARKER} = true; ("`
)
const ran = () => (globalThis as Record<string, unknown>)[MARKER] !== undefined

describe('fuzz: the chart list readers', () => {
  it(
    'song-keyed resources.json, our {charts: […]} and a constants script, mutated: read well or refused in words; no code runs',
    async () => {
      const cases = fc.oneof(
        mutatedJson(SONGS).map((m) => ({ shape: 'songs', text: m.text.toString('utf8') })),
        mutatedJson(OWN).map((m) => ({ shape: 'own', text: m.text.toString('utf8') })),
        fc
          .record({ literal: mutatedJson(CONSTANTS), code, at: fc.double({ min: 0, max: 1, noNaN: true }), where: fc.boolean() })
          .map(({ literal, code: inject, at, where }) => {
            const text = literal.text.toString('utf8')
            const cut = Math.floor(at * text.length)
            // The code goes inside the literal, or after it.
            return { shape: 'constants', text: where ? script(`${text.slice(0, cut)}${inject}${text.slice(cut)}`) : script(text, inject) }
          })
      )
      await fuzz([cases], async ({ text }) => {
        await outcomeOf(() => parseChartList(text), wellFormed)
        expect(ran()).toBe(false)
      })
    },
    DOOR_TIMEOUT_MS
  )

  it(
    'an import that is refused changes nothing kept',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'fuzz-chart-list-'))
      const health = new LocalDataHealth()
      const store = (name: string) => openGuardedStore(join(dir, `${name}.json`), () => confStoreOpener(dir)(name), health)
      const chartList = new ChartList({
        store: store(CHART_LIST_STORES.state),
        listStore: store(CHART_LIST_STORES.charts),
        clock: { now: () => Date.UTC(2026, 0, 1) },
        fetch: async () => {
          throw new Error('no network in this test')
        }
      })
      chartList.import(JSON.stringify(SONGS), 'resources.json')
      await fuzz(
        [mutatedJson(SONGS)],
        async ({ text }) => {
          const before = treeHash(dir)
          const outcome = await outcomeOf(() => chartList.import(text.toString('utf8'), 'resources.json'))
          if (outcome !== 'read') expect(treeHash(dir)).toEqual(before)
          // What is kept always reads.
          expect(chartList.charts().size).toBeGreaterThan(0)
        },
        // Each case writes the store when the list reads: a quarter of the cases (at least 50) prove it.
        { cases: Math.max(50, Math.round(CASES / 4)) }
      )
      expect(health.notices()).toEqual([])
    },
    DOOR_TIMEOUT_MS
  )
})
