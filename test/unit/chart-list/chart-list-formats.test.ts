import { describe, expect, it } from 'vitest'
import { constantsLiteral, parseChartList } from '../../../src/main/chart-list/chart-list-formats'

/** A song-keyed list as the community calculator publishes it (resources.json), with the keys real lists carry. */
const songs = {
  Aconsma: {
    titleCulture: 'en',
    latinTitle: 'Aconsma',
    songid: 'song-1',
    artist: 'ILusMin',
    tags: ['x'],
    歌曲解锁前隐藏: 'False',
    difficulty: {
      Cloudburst: { chartid: 'c3769378-d595-4119-b93c-e0db2b3ea8e2', difficultyValue: 9.3, charter: 'Kiyotsuki', 有判数: 237 },
      Drizzle: { chartid: '8b329704-9ce5-4361-abd5-b89c68b61286', difficultyValue: 1, bpmInfo: [{ start: 0, bpm: 140 }] }
    }
  },
  驟雨の狭間: {
    titleCulture: 'ja',
    latinTitle: 'Shuu no Hazama',
    Title_zh_Hans: '骤雨之间',
    songid: 'song-2',
    artist: 'Someone',
    difficulty: {
      Clear: { chartid: '5aaafcea-684f-4310-936d-67ae35956c48', difficultyValue: 12.7 },
      Cloudburst_Story: { chartid: 'story-1', difficultyValue: 0 },
      Special: { chartid: 'special-1', difficultyValue: 0 },
      // No usable id: skipped and counted.
      Sprinkle: { difficultyValue: 7 }
    }
  },
  'Not a song': { note: 'no difficulty map' }
}

describe('chart lists players use', () => {
  it('reads the song-keyed list: one chart per difficulty entry, with every title the list has', () => {
    const list = parseChartList(JSON.stringify(songs))
    expect(list.format).toBe('songs')
    // 2 + 4 entries written, one without an id.
    expect(list.charts).toHaveLength(5)
    expect(list.skipped).toBe(1)
    const byId = new Map(list.charts.map((c) => [c.chart_id, c]))
    expect(byId.get('c3769378-d595-4119-b93c-e0db2b3ea8e2')).toEqual({
      chart_id: 'c3769378-d595-4119-b93c-e0db2b3ea8e2',
      title: 'Aconsma',
      latin_title: 'Aconsma',
      title_culture: 'en',
      song_id: 'song-1',
      artist: 'ILusMin',
      difficulty: 'Cloudburst',
      constant: 9.3
    })
    expect(byId.get('5aaafcea-684f-4310-936d-67ae35956c48')).toMatchObject({
      title: '驟雨の狭間',
      latin_title: 'Shuu no Hazama',
      title_zh_hans: '骤雨之间',
      title_culture: 'ja',
      difficulty: 'Clear',
      constant: 12.7
    })
    expect(byId.get('story-1')).toMatchObject({ difficulty: 'Cloudburst_Story', constant: 0 })
    expect(byId.get('special-1')).toMatchObject({ difficulty: 'Special', constant: 0 })
  })

  it("keeps a song's chapter as its pack, and a level the list marks (12, 12+); anything else is no mark", () => {
    const withPacks = {
      A: { latinTitle: 'A', chapter: 'chapter3', difficulty: { Clear: { chartid: 'a-cl', difficultyValue: 12.8, level: '12+' } } },
      B: {
        latinTitle: 'B',
        difficulty: { Clear: { chartid: 'b-cl', difficultyValue: 12.1, level: 12 }, Drizzle: { chartid: 'b-dz', level: 'hard' } }
      }
    }
    const byId = new Map(parseChartList(JSON.stringify(withPacks)).charts.map((c) => [c.chart_id, c]))
    expect(byId.get('a-cl')).toMatchObject({ pack: 'chapter3', level: '12+' })
    expect(byId.get('b-cl')).toMatchObject({ level: '12' })
    expect(byId.get('b-cl')!.pack).toBeUndefined()
    expect(byId.get('b-dz')!.level).toBeUndefined()
  })

  it('reads the constants script as data: constantv3 where it is given, the category as the difficulty', () => {
    const script = `// generated
const constants = {
  "c3769378-d595-4119-b93c-e0db2b3ea8e2": { "constant": 9.3, "category": "CB", "name": "Aconsma" },
  "d742e989-92c4-4474-87ef-57b218d0fc41": { "constant": 12.2, "constantv3": 12.7, "category": "CL", "name": "命日 {x}" },
  "1104f25d-2493-4bc7-9172-b262d36488ac": { "constant": 0, "category": "SP", "name": "Oiiaioooooiai" }
};
export default constants;
`
    const list = parseChartList(script)
    expect(list.format).toBe('constants')
    expect(list.charts).toEqual([
      { chart_id: 'c3769378-d595-4119-b93c-e0db2b3ea8e2', title: 'Aconsma', difficulty: 'Cloudburst', constant: 9.3 },
      { chart_id: 'd742e989-92c4-4474-87ef-57b218d0fc41', title: '命日 {x}', difficulty: 'Clear', constant: 12.7 },
      { chart_id: '1104f25d-2493-4bc7-9172-b262d36488ac', title: 'Oiiaioooooiai', difficulty: 'Special', constant: 0 }
    ])
  })

  it('never runs the script: code after the literal is not read, and an expression inside it is refused', () => {
    const marker = globalThis as { __chartListRan?: boolean }
    const after = `const constants = { "a": { "constant": 1, "category": "DZ", "name": "A" } }; globalThis.__chartListRan = true`
    expect(parseChartList(after).charts).toHaveLength(1)
    const inside = `const constants = { "a": { "constant": (globalThis.__chartListRan = true, 1), "name": "A" } }`
    expect(() => parseChartList(inside)).toThrow(/not plain data/)
    const call = `const constants = (() => { globalThis.__chartListRan = true; return {} })()`
    expect(() => parseChartList(call)).toThrow(/not a chart list/)
    expect(marker.__chartListRan).toBeUndefined()
    // Braces inside strings do not end the literal early.
    expect(constantsLiteral('const constants = { "a}": { "name": "{[" } }; more')).toBe('{ "a}": { "name": "{[" } }')
  })

  it("still reads this app's own catalogue shape", () => {
    const list = parseChartList(JSON.stringify({ charts: [{ chart_id: 'c1', title: 'One', difficulty: 'Clear', constant: 12.3 }] }))
    expect(list).toEqual({
      format: 'companion',
      charts: [{ chart_id: 'c1', title: 'One', difficulty: 'Clear', constant: 12.3 }],
      skipped: 0
    })
  })

  it('refuses anything else, naming what was expected', () => {
    for (const text of [
      '{not json',
      '[]',
      '{"hello": "world"}',
      'null',
      'const other = {}',
      JSON.stringify({ charts: [{ chart_id: 'c2' }] })
    ])
      expect(() => parseChartList(text), text).toThrow(/not a chart list.*Expected a community chart list \(resources\.json/)
    // A list whose every entry lacks an id is no list.
    expect(() => parseChartList(JSON.stringify({ S: { difficulty: { Clear: { difficultyValue: 3 } } } }))).toThrow(
      /no entry has a usable chart id/
    )
  })
})
