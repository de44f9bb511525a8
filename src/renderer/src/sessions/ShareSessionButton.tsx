import { useTranslation } from 'react-i18next'
import { difficultyCode } from '../../../shared/charts'
import type { SessionSummary } from '../../../shared/sessions'
import { activeAccount, useAccounts } from '../accounts/store'
import { useChartNames } from '../chart-list/useChartNames'
import { useSync } from '../sync/store'
import { downloadBlob } from '../reality/export'
import { formatConstant, formatNumber, formatSigned } from '../ui/format'
import { useAction } from '../ui/useAction'
import { sessionWhen, useDuration, useRealityWords } from './text'

/** "Share image…": the session drawn like the best 20's share image, in the app's theme and language. */
export function ShareSessionButton({ accountId, summary }: { accountId: string; summary: SessionSummary }) {
  const { t, i18n } = useTranslation()
  const account = useAccounts((s) => activeAccount(s.state))
  const profile = useSync((s) => s.byAccount[accountId]?.profile.data)
  const nameOf = useChartNames()
  const words = useRealityWords()
  const duration = useDuration()
  const sharing = useAction()
  const { busy } = sharing
  const share = () =>
    sharing.run(async () => {
      if (!account) return
      const { card } = summary
      const mode = card.touch >= card.keyboard ? 'touch' : 'keyboard'
      const move = mode === 'touch' ? card.touchMove : card.keyboardMove
      const { renderSessionCard } = await import('./session-image')
      const blob = await renderSessionCard({
        language: i18n.language,
        dark: document.documentElement.dataset.theme === 'dark',
        nickname: profile?.nickname ?? account.nickname ?? account.username ?? '',
        subtitle: `@${account.username ?? account.uid} · ${t(`deployments.${account.deploymentId}`)}`,
        when: sessionWhen(i18n.language, card.start, card.end),
        duration: duration((card.end - card.start) / 60_000),
        modeLabel: t('reality.shareMode', { mode: t(`reality.mode_${mode}`) }),
        reality: words.value(move.after),
        change: words.change(move),
        computed: move.before.source === 'computed' || move.after.source === 'computed',
        figures: [
          { label: t('sessions.playsLabel'), value: formatNumber(card.plays) },
          { label: t('sessions.chartsLabel'), value: formatNumber(card.charts) },
          { label: t('sessions.inputs'), value: `${formatNumber(card.touch)} / ${formatNumber(card.keyboard)}` },
          { label: t('sessions.newBestsTitle'), value: formatNumber(card.newBests) },
          { label: t('sessions.gradeRaisesTitle'), value: formatNumber(card.gradeRaises) }
        ],
        bests: summary.newBests.map((b) => {
          const name = nameOf(b.chart_id)
          const code = difficultyCode(name.difficulty)
          return {
            title: name.known ? name.title : `${name.title} ${t('charts.unknown')}`,
            difficulty: name.difficulty,
            badge: `${code ?? '—'}${name.constant !== null ? ` ${formatConstant(name.constant)}` : ''}`,
            mode: t(`sessions.mode_${b.mode}`),
            scores: `${formatNumber(b.before)} → ${formatNumber(b.after)}`,
            gain: formatSigned(b.after - b.before)
          }
        }),
        labels: {
          newBests: t('sessions.shareNewBests'),
          noBests: t('sessions.shareNoBests'),
          computed: t('sessions.computed'),
          app: t('app.title'),
          more: (count) => t('sessions.shareMore', { count })
        }
      })
      downloadBlob(blob, `session-${new Date(card.start).toISOString().slice(0, 10)}-${account.username ?? account.uid}.png`)
    })
  return (
    <button type="button" className="primary" disabled={busy || !account} onClick={() => void share()}>
      {busy ? t('sessions.sharing') : t('sessions.share')}
    </button>
  )
}
