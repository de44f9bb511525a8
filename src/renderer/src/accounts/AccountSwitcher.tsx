import { useTranslation } from 'react-i18next'
import { useNav } from '../app/navigation'
import { useSettings } from '../settings/store'
import { useAccounts } from './store'

export function AccountSwitcher() {
  const { t } = useTranslation()
  const { state, setActive } = useAccounts()
  const go = useNav((s) => s.go)
  if (!state || state.accounts.length === 0) return null
  return (
    <div className="account-switcher">
      <label htmlFor="account-select" className="visually-hidden">
        {t('accounts.switch')}
      </label>
      <select id="account-select" value={state.activeId ?? ''} onChange={(e) => void setActive(e.target.value)}>
        {state.accounts.map((a) => (
          <option key={a.id} value={a.id}>
            {(a.nickname ?? a.username ?? a.uid) +
              ' · ' +
              t(`deployments.${a.deploymentId}`) +
              (a.status === 'needs_sign_in' ? ` (${t('accounts.needsSignIn')})` : '')}
          </option>
        ))}
      </select>
      <button type="button" onClick={() => go('welcome')}>
        {t('accounts.add')}
      </button>
    </div>
  )
}

/** Linux without a keyring: the user decides whether sessions may be stored. */
export function StorageChoiceBanner() {
  const { t } = useTranslation()
  const state = useAccounts((s) => s.state)
  if (!state) return null
  if (state.protection === 'unavailable')
    return (
      <div className="banner warning" role="status">
        {t('accounts.storageUnavailable')}
      </div>
    )
  if (state.protection !== 'basic_text' || state.insecureStorage !== 'ask') return null
  return <StorageChoice />
}

function StorageChoice() {
  const { t } = useTranslation()
  const update = useSettings((s) => s.update)
  const choose = (insecureStorage: 'memory' | 'store') => void update({ insecureStorage })
  return (
    <div className="banner warning" role="alert">
      <p>{t('accounts.basicTextWarning')}</p>
      <button type="button" onClick={() => choose('memory')}>
        {t('accounts.keepInMemory')}
      </button>
      <button type="button" onClick={() => choose('store')}>
        {t('accounts.storeAnyway')}
      </button>
    </div>
  )
}
