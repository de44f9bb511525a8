import { useState } from 'react'
import { ownEvent, useModal } from '../ui/useModal'
import { useTranslation } from 'react-i18next'
import type { AccountSummary } from '../../../shared/accounts'
import type { AccountData } from '../../../shared/data'
import { useAccounts } from '../accounts/store'
import { useNav } from '../app/navigation'
import { useSync } from '../sync/store'
import { ErrorMessage } from '../ui/ErrorMessage'
import { formatDateTime } from '../ui/format'
import { useAction } from '../ui/useAction'
import { useProfile } from './store'

/** The dialog's state and actions: the name typed, the change (and the profile read again after it), or the permission asked for. */
function useNicknameChange(account: AccountSummary, data: AccountData) {
  const [name, setName] = useState(data.profile.data?.nickname ?? '')
  const action = useAction()
  const [done, setDone] = useState(false)
  const changeNickname = useProfile((s) => s.changeNickname)
  const grant = useAccounts((s) => s.grant)
  const load = useSync((s) => s.load)
  const trimmed = name.trim()

  const submit = () =>
    action.run(async () => {
      try {
        await changeNickname(account.id, trimmed)
      } catch (e) {
        // A refused change still spends an opportunity: what main now knows of them shows with the error.
        await load(account.id)
        throw e
      }
      await load(account.id)
      setDone(true)
    })

  const askPermission = () =>
    action.run(async () => {
      await grant(account.id, ['user'])
    })
  return { name, setName, trimmed, done, busy: action.busy, error: action.error, submit, askPermission }
}

/**
 * Changing the nickname spends one opportunity per submission, even a failed one: the dialog
 * trims and checks the name, says so plainly, and asks for the permission first when needed.
 */
export function NicknameDialog({ account, data, onClose }: { account: AccountSummary; data: AccountData; onClose(): void }) {
  const { t } = useTranslation()
  const ref = useModal()
  const { name, setName, trimmed, done, busy, error, submit, askPermission } = useNicknameChange(account, data)
  // Known before anything is sent: an OIDC grant without `user` (ask for it), or a User Token the
  // service already refused for its permissions (a new token is the way).
  const needsGrant = account.method === 'oidc' && !account.capabilities.includes('user')
  const tokenRefused = account.method === 'user_token' && data.nickname.refused
  const go = useNav((s) => s.go)

  const nextRecovery = (error?.details?.nextRecovery as string | null | undefined) ?? data.nickname.nextRecovery
  const editing = !done && !needsGrant && !tokenRefused
  return (
    <dialog ref={ref} className="dialog" aria-labelledby="nickname-title" onClose={ownEvent(onClose)}>
      <h2 id="nickname-title">{t('nickname.title')}</h2>
      <div className="dialog-body">
        {done ? (
          <p role="status">{t('nickname.changed', { name: trimmed })}</p>
        ) : needsGrant ? (
          <p>{t('nickname.needsPermission')}</p>
        ) : tokenRefused ? (
          <p>{t('nickname.tokenNeedsUser')}</p>
        ) : (
          <NicknameForm
            account={account}
            data={data}
            name={name}
            setName={setName}
            onSubmit={() => {
              if (trimmed) void submit()
            }}
          />
        )}
        <ErrorMessage error={error} />
        {error?.serviceCode === 'StaminaNotEnough' && (
          <p className="muted">{nextRecovery ? t('nickname.nextAt', { when: formatDateTime(nextRecovery) }) : t('nickname.nextUnknown')}</p>
        )}
      </div>
      {/* The buttons stay in view below the part that scrolls; the submit button sends the form above. */}
      <div className="row end">
        <button type="button" onClick={() => ref.current?.close()}>
          {t('common.close')}
        </button>
        {needsGrant && !done && (
          <button type="button" className="primary" disabled={busy} onClick={() => void askPermission()}>
            {t('nickname.grant')}
          </button>
        )}
        {tokenRefused && !done && !needsGrant && (
          <button
            type="button"
            className="primary"
            onClick={() => {
              ref.current?.close()
              go('welcome')
            }}
          >
            {t('panel.addToken')}
          </button>
        )}
        {editing && (
          <button
            type="submit"
            form="nickname-form"
            className="primary"
            disabled={busy || trimmed === '' || trimmed === data.profile.data?.nickname}
          >
            {t('nickname.submit')}
          </button>
        )}
      </div>
    </dialog>
  )
}

/** The new name, with what a change spends and when the next opportunity comes. */
function NicknameForm(props: { account: AccountSummary; data: AccountData; name: string; setName(name: string): void; onSubmit(): void }) {
  const { t } = useTranslation()
  const { nickname } = props.data
  return (
    <form
      id="nickname-form"
      onSubmit={(e) => {
        e.preventDefault()
        props.onSubmit()
      }}
    >
      {nickname.noneLeft && (
        <p className="note warning-text" data-testid="nickname-none-left">
          {nickname.nextRecovery ? t('nickname.noneLeftUntil', { when: formatDateTime(nickname.nextRecovery) }) : t('nickname.noneLeft')}
        </p>
      )}
      <p className="warning-text">{t('nickname.warning')}</p>
      {props.account.method === 'user_token' && <p className="muted">{t('nickname.tokenScopeHint')}</p>}
      {nickname.submissions[0] && (
        <p className="muted">
          {t('nickname.lastSubmission', {
            when: formatDateTime(nickname.submissions[0]),
            next: formatDateTime(nickname.nextRecovery)
          })}
        </p>
      )}
      <div className="field wide">
        <label htmlFor="nickname-input">{t('nickname.newName')}</label>
        <input id="nickname-input" value={props.name} maxLength={40} onChange={(e) => props.setName(e.target.value)} />
      </div>
      {props.name.trim() === '' && <p className="muted">{t('nickname.empty')}</p>}
    </form>
  )
}
