import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useNav } from '../app/navigation'
import { BreakableText } from '../ui/BreakableText'
import { ErrorMessage } from '../ui/ErrorMessage'
import { useAction } from '../ui/useAction'
import { useExports } from './store'

/** Where the last image or table the player saved went (with a way to see it), or why it could not be saved. */
export function SavedFileBanner() {
  const { t } = useTranslation()
  const last = useExports((s) => s.last)
  const { reveal, dismiss } = useExports()
  const showing = useAction()
  const screen = useNav((s) => s.screen)
  const elsewhere = last !== null && last.screen !== screen
  useEffect(() => {
    if (elsewhere) dismiss()
  }, [elsewhere, dismiss])
  if (!last || elsewhere) return null
  return (
    <div className="banner" role="status" data-testid="saved-file">
      {'path' in last ? (
        <p>
          {t('exports.savedTo')}{' '}
          <span className="file-name" data-copyable>
            <BreakableText text={last.path} />
          </span>
        </p>
      ) : (
        <ErrorMessage error={last.error} />
      )}
      {'path' in last && (
        <button type="button" disabled={showing.busy} onClick={() => void showing.run(() => reveal(last.path))}>
          {t('exports.show')}
        </button>
      )}
      <button type="button" onClick={dismiss}>
        {t('exports.dismiss')}
      </button>
      <ErrorMessage error={showing.error} />
    </div>
  )
}
