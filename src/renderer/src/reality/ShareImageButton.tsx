import { useTranslation } from 'react-i18next'
import type { AccountSummary } from '../../../shared/accounts'
import type { AccountData, InsightRow, Insights } from '../../../shared/data'
import { useRealityDigits } from '../ui/RealityNumber'
import { playerLines } from '../ui/picture/texts'
import { useAction } from '../ui/useAction'
import { useExports } from '../exports/store'
import { shareCardOf, type ShareRow } from './share-card'

/** "Share image": the mode's best 20 and next 10 drawn as a PNG card, in the app's theme and language. */
export function ShareImageButton(props: {
  account: AccountSummary
  data: AccountData | undefined
  insights: Insights['touch']
  modeLabel: string
  fileBase: string
  disabled: boolean
  named(rows: InsightRow[]): ShareRow[]
}) {
  const { t, i18n } = useTranslation()
  const digits = useRealityDigits()
  const sharing = useAction()
  const save = useExports((s) => s.save)
  const { account, data, insights: current, named } = props
  const share = () =>
    sharing.run(async () => {
      const { renderShareCard } = await import('./share-image')
      const card = shareCardOf({
        t,
        language: i18n.language,
        digits,
        dark: document.documentElement.dataset.theme === 'dark',
        player: { ...playerLines(t, account, data?.profile.data?.nickname), avatar: data?.profile.avatar ?? null },
        mode: props.modeLabel,
        insights: { reality: current.reality, best: named(current.best), overflow: named(current.overflow) },
        now: Date.now()
      })
      await save(await renderShareCard(card), props.fileBase, 'png')
    })
  return (
    <button type="button" className="primary" disabled={props.disabled || sharing.busy} onClick={() => void share()}>
      {sharing.busy ? t('reality.sharing') : t('reality.shareImage')}
    </button>
  )
}
