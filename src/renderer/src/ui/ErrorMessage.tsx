import { useTranslation } from 'react-i18next'
import type { AppErrorData } from '../../../shared/errors'

export { toErrorData } from '../../../shared/errors'

/**
 * What went wrong, in the user's language, with the server's own words and what to do next. An error whose
 * `details.reason` has words of its own (`errorReasons.*`, filled from the details) says exactly that: the
 * English detail would only repeat it.
 */
export function ErrorMessage({ error }: { error: AppErrorData | null }) {
  const { t, i18n } = useTranslation()
  if (!error) return null
  const reason = error.details?.reason
  // The details go to `exists` too: a reason said by count (`_one`, `_other`) exists only for a count.
  const explained =
    typeof reason === 'string' && i18n.exists(`errorReasons.${reason}`, { ...error.details })
      ? t(`errorReasons.${reason}`, { ...error.details })
      : null
  const specific = error.serviceCode && i18n.exists(`serviceErrors.${error.serviceCode}`) ? t(`serviceErrors.${error.serviceCode}`) : null
  const serverText = error.serviceMessage && error.serviceMessage !== 'OK' ? error.serviceMessage : null
  return (
    <div className="error-box" role="alert">
      <strong>{explained ?? specific ?? t(`errors.${error.code}`)}</strong>
      {serverText && (
        <p className="server-message">
          {t('errors.serverSaid')} “{serverText}” <code>{error.serviceCode}</code>
        </p>
      )}
      {!serverText &&
        !explained &&
        error.code !== 'cancelled' &&
        (i18n.language.startsWith('en') ? (
          <p className="detail">{error.message}</p>
        ) : (
          // The app's own details are in English: kept one click away, so what shows is all translated.
          <details className="detail">
            <summary>{t('errors.details')}</summary>
            <p lang="en">{error.message}</p>
          </details>
        ))}
    </div>
  )
}
