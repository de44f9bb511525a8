import { chartTitle, difficultyLabel, searchTextOf } from '../../../shared/charts'
import type { ChartInfo } from '../../../shared/data'
import { scriptLang } from '../ui/script-lang'

/** A chart as the screens show it: its title in the reader's script, or a short id when the list has no entry. */
export interface ChartName {
  title: string
  /** False: the chart list has no entry for this id ("unknown chart"). */
  known: boolean
  /** The shown title's language where the list says (for the `lang` attribute), else undefined. */
  lang: string | undefined
  difficulty: string | null
  constant: number | null
  /** Every title, folded for matching (case and width ignored). */
  search: string
  /** The song's other titles (Latin, Chinese, original), to say which one a search found. */
  otherTitles: readonly string[]
}

export const shortId = (chartId: string) => `${chartId.slice(0, 8)}…`

const CULTURES: Record<string, string> = { en: 'en', ja: 'ja', jp: 'ja', ko: 'ko', zh: 'zh', 'zh-hans': 'zh-Hans', 'zh-hant': 'zh-Hant' }

function languageOf(chart: ChartInfo, shown: string): string | undefined {
  if (shown === chart.title_zh_hans && shown !== chart.title) return 'zh-Hans'
  // A Latin title in place of the original: the page's language, not the original's (its script is not shown).
  if (shown === chart.latin_title && shown !== chart.title) return undefined
  // The list's word for the title's language; else what its script says (kana: Japanese, Hangul: Korean).
  return (chart.title_culture ? CULTURES[chart.title_culture.toLowerCase()] : undefined) ?? scriptLang(shown)
}

export function chartName(charts: ReadonlyMap<string, ChartInfo>, chartId: string, language: string): ChartName {
  const chart = charts.get(chartId)
  if (!chart)
    return { title: shortId(chartId), known: false, lang: undefined, difficulty: null, constant: null, search: chartId, otherTitles: [] }
  const title = chartTitle(chart, language)
  return {
    title,
    known: true,
    lang: languageOf(chart, title),
    difficulty: chart.difficulty ?? null,
    constant: chart.constant ?? null,
    search: `${searchTextOf(chart)}\u0000${chartId}`,
    otherTitles: [...new Set([chart.title, chart.latin_title, chart.title_zh_hans])].filter((t): t is string => Boolean(t) && t !== title)
  }
}

/** A chart's one-line label for texts without markup (the share image, exports, tooltips): "Title (Cloudburst)". */
export function chartLabel(name: ChartName, unknown: string): string {
  const difficulty = difficultyLabel(name.difficulty)
  return name.known ? (difficulty ? `${name.title} (${difficulty})` : name.title) : `${name.title} ${unknown}`
}

/** `chartName` for one list and language, each id worked out once (a table asks for the same few hundred charts). */
export function namesFor(charts: ReadonlyMap<string, ChartInfo>, language: string): (chartId: string) => ChartName {
  const known = new Map<string, ChartName>()
  return (chartId) => {
    let name = known.get(chartId)
    if (!name) known.set(chartId, (name = chartName(charts, chartId, language)))
    return name
  }
}
