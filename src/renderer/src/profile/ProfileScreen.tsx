import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { PublicUserProfile } from '../../../shared/api'
import type { AppErrorData } from '../../../shared/errors'
import { activeAccount, useAccounts } from '../accounts/store'
import { api, unwrap } from '../bridge'
import { useData } from '../data/store'
import { useSettings } from '../settings/store'
import { ErrorMessage, toErrorData } from '../ui/ErrorMessage'
import { ScreenHead, Skeleton } from '../ui/PanelBadge'
import { formatDateTime, formatNumber } from '../ui/format'
import { NicknameDialog } from './NicknameDialog'

const FIELDS = ['nickname', 'username', 'uid', 'zone', 'email'] as const

export function ProfileScreen() {
  const { t } = useTranslation()
  const account = useAccounts((s) => activeAccount(s.state))
  const data = useData((s) => (account ? s.byAccount[account.id] : undefined))
  const [editing, setEditing] = useState(false)
  const showEmail = useSettings((s) => s.settings?.showEmail)
  if (!account) return null
  const profile = data?.profile.data
  const hiddenReason = (field: (typeof FIELDS)[number]) => {
    if (field === 'email')
      return account.capabilities.includes('email')
        ? t('profile.hiddenEmailNone')
        : showEmail
          ? t('profile.hiddenEmailGrant')
          : t('profile.hiddenEmailOff')
    return t('profile.hiddenScope')
  }
  return (
    <section className="screen" aria-labelledby="profile-title">
      <ScreenHead id="profile-title" title={t('profile.title')} panel={data?.profile.panel} />
      {!profile && data?.profile.panel.status === 'refreshing' && <Skeleton lines={4} />}
      <div className="profile-card">
        {data?.profile.avatar ? (
          <img className="avatar" src={data.profile.avatar} width={96} height={96} alt={t('profile.avatarAlt')} />
        ) : (
          <div className="avatar placeholder" aria-hidden="true" />
        )}
        <dl className="facts">
          {FIELDS.map((field) => (
            <div key={field} className="fact">
              <dt>{t(`profile.${field}`)}</dt>
              <dd data-testid={`profile-${field}`}>
                {profile?.[field] ?? (field === 'username' ? account.username : null) ?? (
                  <span className="muted">{hiddenReason(field)}</span>
                )}
              </dd>
            </div>
          ))}
          <div className="fact">
            <dt>{t('profile.deployment')}</dt>
            <dd>{t(`deployments.${account.deploymentId}`)}</dd>
          </div>
          <div className="fact">
            <dt>{t('profile.signedInWith')}</dt>
            <dd>{t(`accounts.method_${account.method}`)}</dd>
          </div>
        </dl>
      </div>
      <div className="row">
        <button type="button" disabled={!data} onClick={() => setEditing(true)}>
          {t('nickname.change')}
        </button>
      </div>
      {data?.save.data && (
        <>
          <h2>{t('profile.cloudSave')}</h2>
          <dl className="facts">
            <dt>{t('profile.saveUpdated')}</dt>
            <dd>{formatDateTime(data.save.data.updated_at)}</dd>
            <dt>{t('profile.saveReality')}</dt>
            <dd>{formatNumber(data.save.data.meta?.reality_value as number | undefined, 3)}</dd>
          </dl>
        </>
      )}
      <ErrorMessage error={data?.profile.panel.status === 'error' ? data.profile.panel.error : null} />
      <PublicLookup accountId={account.id} />
      {editing && data && <NicknameDialog account={account} data={data} onClose={() => setEditing(false)} />}
    </section>
  )
}

function PublicLookup({ accountId }: { accountId: string }) {
  const { t } = useTranslation()
  const [identity, setIdentity] = useState('')
  const [result, setResult] = useState<{ profile: PublicUserProfile; avatar: string | null } | null>(null)
  const [error, setError] = useState<AppErrorData | null>(null)
  const [busy, setBusy] = useState(false)
  const lookup = async () => {
    setBusy(true)
    setError(null)
    setResult(null)
    try {
      setResult(await unwrap(api.profile.lookup(accountId, identity.trim())))
    } catch (e) {
      setError(toErrorData(e))
    } finally {
      setBusy(false)
    }
  }
  return (
    <section aria-labelledby="lookup-title">
      <h2 id="lookup-title">{t('lookup.title')}</h2>
      <form
        className="field inline"
        onSubmit={(e) => {
          e.preventDefault()
          if (identity.trim()) void lookup()
        }}
      >
        <label htmlFor="lookup-input" className="visually-hidden">
          {t('lookup.label')}
        </label>
        <input id="lookup-input" value={identity} placeholder={t('lookup.placeholder')} onChange={(e) => setIdentity(e.target.value)} />
        <button type="submit" disabled={busy || identity.trim() === ''}>
          {t('lookup.search')}
        </button>
      </form>
      {result && (
        <div className="profile-card small" data-testid="lookup-result">
          {result.avatar && <img className="avatar" src={result.avatar} width={56} height={56} alt="" />}
          <div>
            <strong>{result.profile.nickname}</strong>
            <div className="muted">@{result.profile.username}</div>
          </div>
        </div>
      )}
      <ErrorMessage error={error} />
    </section>
  )
}
