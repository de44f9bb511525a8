import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AppErrorData } from '../../../shared/errors'
import { api, unwrap } from '../bridge'
import { useConfirm } from '../ui/ConfirmDialog'
import { ErrorMessage, toErrorData } from '../ui/ErrorMessage'
import { useSettings } from './store'

/**
 * The custom deployment's address, on the welcome screen and in Settings. Main checks it (https,
 * or http only on this computer); a refusal shows under the field. Changing it while accounts use
 * the old address says which ones will have to sign in again, and asks first.
 */
export function CustomUrlField({ id }: { id: string }) {
  const { t } = useTranslation()
  const saved = useSettings((s) => s.settings?.customBaseUrl ?? '')
  const update = useSettings((s) => s.update)
  const [value, setValue] = useState(saved)
  const [error, setError] = useState<AppErrorData | null>(null)
  const [done, setDone] = useState(false)
  const { ask, dialog } = useConfirm()
  const save = async () => {
    setError(null)
    setDone(false)
    const next = value.trim() || null
    try {
      const leaving = await unwrap(api.accounts.leaving(next))
      if (leaving.length > 0) {
        const names = leaving.map((a) => a.nickname ?? a.username ?? a.uid ?? a.id).join(', ')
        const ok = await ask({
          title: t('settings.customChangeTitle'),
          body: <p>{t('settings.customChangeBody', { count: leaving.length, names })}</p>,
          confirm: t('settings.customChangeConfirm')
        })
        if (!ok) return
      }
      await update({ customBaseUrl: next })
      setDone(true)
    } catch (e) {
      setError(toErrorData(e))
    }
  }
  const fieldError = error?.code === 'invalid_base_url'
  return (
    <div className="field-block">
      <div className="field inline wide">
        <label htmlFor={id}>{t('signIn.customUrl')}</label>
        <input
          id={id}
          type="url"
          value={value}
          placeholder="https://example.com/api"
          aria-invalid={fieldError}
          aria-describedby={fieldError ? `${id}-error` : undefined}
          onChange={(e) => {
            setValue(e.target.value)
            setDone(false)
          }}
        />
        <button type="button" onClick={() => void save()}>
          {t('common.save')}
        </button>
      </div>
      {fieldError && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {t('errors.invalid_base_url')}
        </p>
      )}
      {done && (
        <p className="muted" role="status">
          {t('settings.customSaved')}
        </p>
      )}
      {!fieldError && <ErrorMessage error={error} />}
      {dialog}
    </div>
  )
}
