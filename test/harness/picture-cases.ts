import { generateCatalogue } from '../../reference-service/src/seed/catalogue'
import { LANGUAGES } from '../../src/shared/setting-choices'

/**
 * Data for the pictures at their widest: the longest titles (the chart list's own and far longer, in every script,
 * with and without spaces), seven-digit scores, the longest mode, the widest numbers, an unknown difficulty's
 * whole name on its chip, a long nickname and username. Raw data, as the app holds it: the page builds each picture
 * with the app's own translations and formats.
 */
const catalogueLongest = generateCatalogue(200).reduce((a, c) => (c.title.length > a.length ? c.title : a), '')

export const LONG_TITLES = [
  'The Unbelievably Long Journey of the Wandering Lantern Beneath the Electric Rain (Extended Version)',
  'ぼくらが夜明けの向こう側で見つけた終わらない物語のためのレクイエム',
  '끝나지 않는 전기 빗속을 헤매는 등불과 잊혀진 꿈들의 아주 긴 여행',
  'HyperdimensionalsupercalifragilisticoverdrivewithoutanyspacesatallWWWWWWWWWWWWWWWWWWWWWWWWWWWW',
  '在無盡的電光雨夜裡徘徊的燈籠與那些被遺忘的夢',
  'Всеобъемлющая неудержимость электрического дождя над забытыми фонарями (расширенная версия)',
  'Những giấc mơ bị lãng quên dưới cơn mưa điện không bao giờ kết thúc của chiếc đèn lồng lang thang',
  catalogueLongest,
  'W'.repeat(300)
]

/** Difficulties at their widest: the codes, a story chart's, and a name no list in use knows (shown whole). */
const DIFFICULTIES = ['Clear', 'Cloudburst_Story', 'Cloudburst', 'Sprinkle', 'Drizzle', 'Apocalyptic Nightmare Extra']

export interface ShareRowData {
  title: string
  difficulty: string
  constant: number | null
  combo: 'AP' | 'FC' | null
  record: { score: number; grade: string; score_accuracy: number; reality: number; chart_id: string }
}

export interface BestData {
  chart_id: string
  title: string
  difficulty: string
  constant: number | null
  combo: 'AP' | 'FC' | null
  mode: 'touch' | 'keyboard'
  before: number
  after: number
}

interface Common {
  language: string
  dark: boolean
  digits: 'game' | 'exact'
  nickname: string
  username: string
  deploymentId: 'custom'
  mode: 'touch' | 'keyboard'
  now: number
}
export interface ChartPoint {
  at: string
  touch: number
  keyboard: number
  entered: { touch: string[]; keyboard: string[] }
  left: { touch: string[]; keyboard: string[] }
}

/** A mode of the skill profile as main sends it (src/shared/skill-profile.ts). */
export interface SkillData {
  mode: 'touch' | 'keyboard'
  unplaced: number
  levels: {
    level: number
    charts: number
    played: number
    spread: { min: number; q1: number; median: number; q3: number; max: number } | null
    clear: number
    fullCombo: number
    allPerfect: number
  }[]
}

export type PictureCase =
  | (Common & { kind: 'share'; reality: number; rows: ShareRowData[] })
  | (Common & { kind: 'skill'; skill: SkillData })
  | (Common & { kind: 'chart'; width: number; points: ChartPoint[]; peak: { value: number; at: number; source: 'computed' } })
  | (Common & {
      kind: 'session'
      session: {
        start: number
        end: number
        before: number
        after: number
        plays: number
        charts: number
        touch: number
        keyboard: number
        gradeRaises: number
        bests: BestData[]
      }
    })

const GRADES = ['SS', 'R', 'M', 'S']
/** The widest figures a value can have: eights and zeros, a seven-digit score, Reality with four decimals. */
const SCORE = 1_010_000

function shareRows(): ShareRowData[] {
  return Array.from({ length: 30 }, (_, i) => ({
    title: `${LONG_TITLES[i % LONG_TITLES.length]} ${i}`,
    difficulty: DIFFICULTIES[i % DIFFICULTIES.length]!,
    constant: i % 7 === 6 ? null : 15.8,
    combo: i % 3 === 0 ? 'AP' : i % 3 === 1 ? 'FC' : null,
    record: { score: SCORE - i, grade: GRADES[i % GRADES.length]!, score_accuracy: 1, reality: 18.8888 - i / 1000, chart_id: `chart-${i}` }
  }))
}

function bests(count: number): BestData[] {
  return Array.from({ length: count }, (_, i) => ({
    chart_id: `chart-${i}`,
    title: `${LONG_TITLES[i % LONG_TITLES.length]} ${i}`,
    difficulty: DIFFICULTIES[i % DIFFICULTIES.length]!,
    constant: i % 7 === 6 ? null : 15.8,
    combo: i % 3 === 0 ? 'AP' : i % 3 === 1 ? 'FC' : null,
    mode: i % 4 === 3 ? 'touch' : 'keyboard',
    before: i % 5 === 4 ? 0 : SCORE - 8_888,
    after: SCORE
  }))
}

/** A year of Reality, a snapshot a day, rising to its widest value; the peak at the first or the last point. */
function chart(width: number, peakFirst: boolean) {
  const start = Date.UTC(2025, 11, 28)
  const points = Array.from({ length: 366 }, (_, i) => {
    const value = peakFirst ? 18.8888 - i / 100 : 8.8888 + i / 36.6
    return {
      at: new Date(start + i * 86_400_000).toISOString(),
      touch: value,
      keyboard: value - 1,
      entered: { touch: i % 30 === 0 ? ['chart-1'] : [], keyboard: [] },
      left: { touch: [], keyboard: [] }
    }
  })
  const peak = peakFirst ? points[0]! : points.at(-1)!
  return { width, points, peak: { value: peak.touch, at: Date.parse(peak.at), source: 'computed' as const } }
}

/** Every level from 1 to `count` at its widest: eight-hundred-odd charts, a spread from almost nothing to 1,010,000. */
function skill(count: number): SkillData {
  return {
    mode: 'keyboard',
    unplaced: 0,
    levels: Array.from({ length: count }, (_, i) => ({
      level: 28 - i,
      charts: 888,
      played: 888 - i,
      spread: { min: 100_000 + i, q1: 808_888, median: 988_888 - i, q3: 1_008_888, max: SCORE },
      clear: 887,
      fullCombo: 886,
      allPerfect: 885
    }))
  }
}

/** Every picture the app draws, in every language it ships, in both themes, with data at its widest. */
export function pictureCases(): PictureCase[] {
  // A session over midnight (both dates written out) lasting almost a day.
  const start = Date.UTC(2026, 8, 30, 22, 48)
  const common = (language: string, dark: boolean, digits: 'game' | 'exact'): Common => ({
    language,
    dark,
    digits,
    nickname: 'ＷＷＷＷＷＷＷＷＷＷＷＷＷＷＷＷ Wandering Lantern',
    username: 'wandering.lantern.beneath.the.electric.rain.8888888888',
    deploymentId: 'custom',
    mode: 'keyboard',
    now: Date.UTC(2026, 11, 28, 12)
  })
  const session = (count: number) => ({
    start,
    end: start + (23 * 60 + 59) * 60_000,
    before: 8.8888,
    after: 18.8888,
    plays: 1_888_888,
    charts: 888_888,
    touch: 1_888_888,
    keyboard: 1_888_888,
    gradeRaises: 888_888,
    bests: bests(count)
  })
  return LANGUAGES.flatMap((language) =>
    [false, true].flatMap((dark): PictureCase[] => {
      const digits = dark ? 'exact' : 'game'
      return [
        // A full best 20 and next 10; in the dark, a player with three charts played.
        { ...common(language, dark, digits), kind: 'share', reality: 18.8888, rows: shareRows().slice(0, dark ? 3 : 30) },
        { ...common(language, dark, digits), kind: 'session', session: session(14) },
        { ...common(language, dark, digits), kind: 'session', session: session(0) },
        // The skill profile: every level of a list, and a player with one level played.
        { ...common(language, dark, digits), kind: 'skill', skill: skill(dark ? 1 : 16) },
        // The Reality chart, as narrow as the smallest window shows it and as wide as a large one.
        { ...common(language, dark, digits), kind: 'chart', mode: 'touch', ...chart(dark ? 1200 : 480, dark) }
      ]
    })
  )
}
