import { viaKey } from './sign-in-method'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AccountSummary } from '../../../shared/accounts'
import { useConfirm } from '../ui/ConfirmDialog'
import { ErrorMessage } from '../ui/ErrorMessage'
import { useAction } from '../ui/useAction'
import { useAccounts } from './store'

/** Settings section: every signed-in account, switch, sign out (asks first; optionally forgets its data here). */
export function AccountsSettings() {
  const { t } = useTranslation()
  const { state, setActive, signOut, openExternal } = useAccounts()
  const [forget, setForget] = useState(false)
  const action = useAction()
  const [tokenNote, setTokenNote] = useState<{ name: string; page: string | null } | null>(null)
  const { ask, dialog } = useConfirm()
  if (!state) return null
  const name = (a: AccountSummary) => a.nickname ?? a.username ?? a.uid ?? a.id
  const confirmSignOut = (a: AccountSummary) =>
    action.run(async () => {
      setTokenNote(null)
      const ok = await ask({
        title: t('accounts.signOutTitle', { name: name(a) }),
        body: (
          <p>
            {t(a.method === 'user_token' ? 'accounts.signOutBodyToken' : 'accounts.signOutBody')} {forget && t('accounts.signOutForget')}
          </p>
        ),
        confirm: t('accounts.signOut'),
        danger: true
      })
      if (!ok) return
      const outcome = await signOut(a.id, forget)
      if (outcome.tokenStillValid) setTokenNote({ name: name(a), page: outcome.tokensPage })
    })
  return (
    <section aria-labelledby="accounts-title">
      <h2 id="accounts-title">{t('accounts.title')}</h2>
      {state.accounts.length === 0 && <p className="muted">{t('accounts.none')}</p>}
      <ul className="account-list">
        {state.accounts.map((a) => (
          <li key={a.id}>
            <span className="account-line">
              <strong>{name(a)}</strong>{' '}
              <span className="muted">
                @{a.username} · {t(`deployments.${a.deploymentId}`)} · {t(viaKey(a))} · {t(`accounts.storage_${a.storage}`)}
              </span>
              {a.status === 'needs_sign_in' && <span className="badge warning">{t('accounts.needsSignIn')}</span>}
            </span>
            <span className="row">
              {a.id !== state.activeId && (
                <button type="button" onClick={() => void setActive(a.id)}>
                  {t('accounts.makeActive')}
                </button>
              )}
              <button type="button" onClick={() => void confirmSignOut(a)}>
                {t('accounts.signOut')}
              </button>
            </span>
          </li>
        ))}
      </ul>
      {state.accounts.length > 0 && (
        <label className="checkbox">
          <input type="checkbox" checked={forget} onChange={(e) => setForget(e.target.checked)} /> {t('accounts.forgetCache')}
        </label>
      )}
      {tokenNote && (
        <div className="note warning-text" role="status" data-testid="token-still-valid">
          <p>{t('accounts.tokenStillValid', { name: tokenNote.name })}</p>
          {tokenNote.page && (
            <button type="button" className="link" onClick={() => void action.run(() => openExternal(tokenNote.page!))}>
              {t('accounts.openTokenPageToRevoke')}
            </button>
          )}
        </div>
      )}
      <ErrorMessage error={action.error} />
      {dialog}
    </section>
  )
}
