import type { TFunction } from 'i18next'
import type { RealityDigits } from '../../../shared/game-numbers'
import type { SessionSummary } from '../../../shared/sessions'
import type { ChartName } from '../chart-list/names'
import { formatNumber, formatSigned } from '../ui/format'
import { badgeText } from '../ui/picture/texts'
import type { SessionShareCard } from './session-image'
import { realityChangeOf, realityWords, sessionLengthText, sessionWhen } from './words'

/** New bests listed by name on the card; more are counted. */
export const MAX_BESTS = 12

/**
 * What the session's share image says, in the UI language: its Reality in the reader's digits and the language's
 * decimal separator, every figure in the app's formats, each new best with its difficulty, constant and mark.
 */
export function sessionCardOf(input: {
  t: TFunction
  language: string
  digits: RealityDigits
  dark: boolean
  player: { nickname: string; subtitle: string }
  summary: SessionSummary
  chart(chartId: string): Pick<ChartName, 'title' | 'known' | 'difficulty' | 'constant'>
}): SessionShareCard {
  const { t, summary, language } = input
  const { card } = summary
  // The mode played more is the session's.
  const mode = card.touch >= card.keyboard ? 'touch' : 'keyboard'
  const move = mode === 'touch' ? card.touchMove : card.keyboardMove
  const words = realityWords(input.digits, language)
  const listed = summary.newBests.slice(0, MAX_BESTS)
  return {
    language,
    dark: input.dark,
    ...input.player,
    when: sessionWhen(language, card.start, card.end),
    duration: sessionLengthText(t, card),
    modeLabel: t('reality.shareMode', { mode: t(`reality.mode_${mode}`) }),
    reality: words.value(move.after),
    change: words.change(move),
    rising: realityChangeOf(move.before.value, move.after.value, input.digits) > 0,
    computed: move.before.source === 'computed' || move.after.source === 'computed' ? t('sessions.computed') : null,
    figures: [
      { label: t('sessions.playsLabel'), value: formatNumber(card.plays) },
      { label: t('sessions.chartsLabel'), value: formatNumber(card.charts) },
      { label: t('sessions.inputs'), value: `${formatNumber(card.touch)} / ${formatNumber(card.keyboard)}` },
      { label: t('sessions.newBestsTitle'), value: formatNumber(card.newBests) },
      { label: t('sessions.gradeRaisesTitle'), value: formatNumber(card.gradeRaises) }
    ],
    bests: listed.map((b) => {
      const name = input.chart(b.chart_id)
      return {
        title: name.known ? name.title : `${name.title} ${t('charts.unknown')}`,
        difficulty: name.difficulty,
        badge: badgeText(name.difficulty, name.constant),
        grade: null,
        combo: b.combo,
        mode: t(`sessions.mode_${b.mode}`),
        scores: `${formatNumber(b.before)} → ${formatNumber(b.after)}`,
        gain: formatSigned(b.after - b.before)
      }
    }),
    more: summary.newBests.length > MAX_BESTS ? t('sessions.shareMore', { count: summary.newBests.length - MAX_BESTS }) : null,
    labels: { newBests: t('sessions.shareNewBests'), noBests: t('sessions.shareNoBests'), app: t('app.title') }
  }
}
