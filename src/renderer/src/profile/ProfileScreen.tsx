import { useTranslation } from 'react-i18next'
import { activeAccount, useAccounts } from '../accounts/store'

export function ProfileScreen() {
  const { t } = useTranslation()
  const account = useAccounts((s) => activeAccount(s.state))
  if (!account) return null
  return (
    <section className="screen" aria-labelledby="profile-title">
      <h1 id="profile-title">{t('profile.title')}</h1>
      <dl className="facts">
        <dt>{t('profile.nickname')}</dt>
        <dd data-testid="profile-nickname">{account.nickname ?? '—'}</dd>
        <dt>{t('profile.username')}</dt>
        <dd data-testid="profile-username">{account.username ?? '—'}</dd>
        <dt>{t('profile.uid')}</dt>
        <dd>{account.uid ?? '—'}</dd>
        <dt>{t('profile.deployment')}</dt>
        <dd>{t(`deployments.${account.deploymentId}`)}</dd>
        <dt>{t('profile.signedInWith')}</dt>
        <dd>{t(`accounts.method_${account.method}`)}</dd>
      </dl>
    </section>
  )
}
