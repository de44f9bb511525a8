import type { TFunction } from 'i18next'
import type { InsightRow } from '../../../shared/data'
import { realityText, type RealityDigits } from '../../../shared/game-numbers'
import type { ComboMark } from '../../../shared/player'
import { formatAccuracy, formatDate, formatNumber } from '../ui/format'
import { badgeText } from '../ui/picture/texts'
import type { ShareCard, ShareChart } from './share-image'

/** A chart on the card: its row of the best 20 or the next 10, with the title the reader sees and its FC/AP mark. */
export type ShareRow = InsightRow & { combo?: ComboMark }

/**
 * What the best 20's share image says, in the UI language: every figure written as the Reality screen's table writes
 * it (the app's formats, so one decimal separator throughout), every chart with its difficulty, constant and mark.
 */
export function shareCardOf(input: {
  t: TFunction
  language: string
  digits: RealityDigits
  dark: boolean
  player: { nickname: string; subtitle: string; avatar: string | null }
  /** The input mode's name ("Touch"). */
  mode: string
  insights: { reality: number; best: readonly ShareRow[]; overflow: readonly ShareRow[] }
  now: number
}): ShareCard {
  const { t, insights } = input
  const chart = (r: ShareRow): ShareChart => ({
    title: r.title ?? t('reality.untitled'),
    difficulty: r.difficulty,
    badge: badgeText(r.difficulty, r.constant),
    grade: r.record.grade,
    combo: r.combo ?? null,
    score: formatNumber(r.record.score),
    accuracy: formatAccuracy(r.record.score_accuracy),
    reality: formatNumber(r.record.reality, 3)
  })
  return {
    language: input.language,
    dark: input.dark,
    ...input.player,
    modeLabel: t('reality.shareMode', { mode: input.mode }),
    reality: realityText(insights.reality, input.digits, input.language),
    date: formatDate(input.now),
    best: insights.best.map(chart),
    overflow: insights.overflow.map(chart),
    labels: { best: t('reality.best', { count: insights.best.length }), overflow: t('reality.overflow'), app: t('app.title') }
  }
}
