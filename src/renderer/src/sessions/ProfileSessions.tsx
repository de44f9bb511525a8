import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { Peak } from '../../../shared/sessions'
import { formatDate } from '../ui/format'
import { SinceLastTimeCard } from './SinceLastTime'
import { useSessionsState } from './store'
import { useRealityDigits } from '../ui/RealityNumber'
import { useRealityWords } from './text'
import { peakChartLabel } from './words'

/** The peak of one mode in words: "Touch: 13.45 on 3 Mar 2026", marked when computed. */
export function usePeakText(): (mode: 'touch' | 'keyboard', peak: Peak) => string {
  const { t } = useTranslation()
  const words = useRealityWords()
  return (mode, peak) =>
    t(peak.source === 'computed' ? 'sessions.peakComputed' : 'sessions.peak', {
      mode: t(`sessions.mode_${mode}`),
      value: words.value(peak.value),
      date: formatDate(peak.at)
    })
}

/** On the Profile: what changed since the player last looked, and the highest Reality of each mode with its date. */
export function ProfileSessions({ accountId }: { accountId: string }) {
  const { t } = useTranslation()
  const state = useSessionsState(accountId)
  const peakText = usePeakText()
  const modes = (['touch', 'keyboard'] as const).filter((m) => state?.peaks[m])
  return (
    <>
      <SinceLastTimeCard accountId={accountId} />
      {modes.length > 0 && (
        <section aria-labelledby="peaks-title" className="peaks" data-testid="peaks">
          <h2 id="peaks-title">{t('sessions.peaks')}</h2>
          <ul className="compact">
            {modes.map((mode) => (
              <li key={mode} data-testid={`peak-${mode}`}>
                {peakText(mode, state!.peaks[mode]!)}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  )
}

/** The peak of a mode for the Reality over time chart: ringed there, and said in words under it. */
export function useChartPeak(accountId: string | undefined, mode: 'touch' | 'keyboard') {
  const { t, i18n } = useTranslation()
  const state = useSessionsState(accountId)
  const digits = useRealityDigits()
  const peak = state?.peaks[mode] ?? null
  const label = peak ? peakChartLabel(t, digits, i18n.language, peak) : ''
  return useMemo(() => (peak ? { peak, label } : null), [peak, label])
}

/** The peak under the chart, in words (the chart's ring is not read by everyone). */
export function PeakNote({ accountId, mode }: { accountId: string; mode: 'touch' | 'keyboard' }) {
  const state = useSessionsState(accountId)
  const peakText = usePeakText()
  const peak = state?.peaks[mode]
  if (!peak) return null
  return (
    <p className="muted" data-testid="reality-peak">
      {peakText(mode, peak)}
    </p>
  )
}
