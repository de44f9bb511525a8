import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AppErrorData } from '../../../shared/errors'
import { ErrorMessage, toErrorData } from '../ui/ErrorMessage'
import { useAccounts } from './store'

/** Settings section: every signed-in account, switch, sign out (optionally forgetting its cache). */
export function AccountsSettings() {
  const { t } = useTranslation()
  const { state, setActive, signOut } = useAccounts()
  const [forget, setForget] = useState(false)
  const [error, setError] = useState<AppErrorData | null>(null)
  if (!state) return null
  return (
    <section aria-labelledby="accounts-title">
      <h2 id="accounts-title">{t('accounts.title')}</h2>
      {state.accounts.length === 0 && <p className="muted">{t('accounts.none')}</p>}
      <ul className="account-list">
        {state.accounts.map((a) => (
          <li key={a.id}>
            <span>
              <strong>{a.nickname ?? a.username}</strong> <span className="muted">@{a.username} · {t(`deployments.${a.deploymentId}`)} · {t(`accounts.method_${a.method}`)} · {t(`accounts.storage_${a.storage}`)}</span>
              {a.status === 'needs_sign_in' && <span className="badge warning">{t('accounts.needsSignIn')}</span>}
            </span>
            {a.id !== state.activeId && <button type="button" onClick={() => void setActive(a.id)}>{t('accounts.makeActive')}</button>}
            <button type="button" onClick={() => void signOut(a.id, forget).catch((e: unknown) => setError(toErrorData(e)))}>
              {t('accounts.signOut')}
            </button>
          </li>
        ))}
      </ul>
      {state.accounts.length > 0 && (
        <label className="checkbox">
          <input type="checkbox" checked={forget} onChange={(e) => setForget(e.target.checked)} /> {t('accounts.forgetCache')}
        </label>
      )}
      <ErrorMessage error={error} />
    </section>
  )
}
