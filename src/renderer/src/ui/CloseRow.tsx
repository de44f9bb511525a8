import type { RefObject } from 'react'
import { useTranslation } from 'react-i18next'

/** The footer of a dialog that only shows something: one Close button, at the end. */
export function CloseRow({ dialog }: { dialog: RefObject<HTMLDialogElement | null> }) {
  const { t } = useTranslation()
  return (
    <div className="row end">
      <button type="button" onClick={() => dialog.current?.close()}>
        {t('common.close')}
      </button>
    </div>
  )
}
