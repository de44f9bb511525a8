import { useTranslation } from 'react-i18next'
import type { SessionSummary } from '../../../shared/sessions'
import { activeAccount, useAccounts } from '../accounts/store'
import { useChartNames } from '../chart-list/useChartNames'
import { useSync } from '../sync/store'
import { useExports } from '../exports/store'
import { useRealityDigits } from '../ui/RealityNumber'
import { playerLines } from '../ui/picture/texts'
import { useAction } from '../ui/useAction'
import { sessionCardOf } from './session-card'

/** "Share image…": the session drawn like the best 20's share image, in the app's theme and language. */
export function ShareSessionButton({ accountId, summary }: { accountId: string; summary: SessionSummary }) {
  const { t, i18n } = useTranslation()
  const account = useAccounts((s) => activeAccount(s.state))
  const profile = useSync((s) => s.byAccount[accountId]?.profile.data)
  const nameOf = useChartNames()
  const digits = useRealityDigits()
  const sharing = useAction()
  const save = useExports((s) => s.save)
  const { busy } = sharing
  const share = () =>
    sharing.run(async () => {
      if (!account) return
      const { renderSessionCard } = await import('./session-image')
      const card = sessionCardOf({
        t,
        language: i18n.language,
        digits,
        dark: document.documentElement.dataset.theme === 'dark',
        player: playerLines(t, account, profile?.nickname),
        summary,
        chart: nameOf
      })
      const blob = await renderSessionCard(card)
      await save(blob, `session-${new Date(summary.card.start).toISOString().slice(0, 10)}-${account.username ?? account.uid}`, 'png')
    })
  return (
    <button type="button" className="primary" disabled={busy || !account} onClick={() => void share()}>
      {busy ? t('sessions.sharing') : t('sessions.share')}
    </button>
  )
}
