import { useTranslation } from 'react-i18next'
import type { AccountSummary } from '../../../shared/accounts'
import type { AccountData, InsightRow, Insights } from '../../../shared/data'
import { realityText } from '../../../shared/game-numbers'
import { formatAccuracy, formatDate, formatNumber } from '../ui/format'
import { useRealityDigits } from '../ui/RealityNumber'
import { useAction } from '../ui/useAction'
import { downloadBlob } from './export'
import type { ShareRow } from './share-image'

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
  const { account, data, insights: current, named } = props
  const share = () =>
    sharing.run(async () => {
      const { renderShareCard } = await import('./share-image')
      const blob = await renderShareCard({
        language: i18n.language,
        nickname: data?.profile.data?.nickname ?? account.nickname ?? account.username ?? '',
        subtitle: `@${account.username ?? account.uid} · ${t(`deployments.${account.deploymentId}`)}`,
        avatar: data?.profile.avatar ?? null,
        modeLabel: t('reality.shareMode', { mode: props.modeLabel }),
        reality: realityText(current.reality, digits, i18n.language),
        date: formatDate(Date.now()),
        best: named(current.best),
        overflow: named(current.overflow),
        labels: {
          best: t('reality.best', { count: current.best.length }),
          overflow: t('reality.overflow'),
          app: t('app.title'),
          accuracy: (v) => formatAccuracy(v),
          score: (v) => formatNumber(v),
          number: (v, digits) => formatNumber(v, digits),
          untitled: t('reality.untitled')
        },
        dark: document.documentElement.dataset.theme === 'dark'
      })
      downloadBlob(blob, `${props.fileBase}.png`)
    })
  return (
    <button type="button" className="primary" disabled={props.disabled || sharing.busy} onClick={() => void share()}>
      {sharing.busy ? t('reality.sharing') : t('reality.shareImage')}
    </button>
  )
}
