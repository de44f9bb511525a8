import { useEffect, useRef, useState, type ReactNode } from 'react'
import { ownEvent, useModal } from './useModal'
import { useTranslation } from 'react-i18next'

export interface ConfirmRequest {
  title: string
  body: ReactNode
  confirm: string
  danger?: boolean
}

/**
 * Asks before something that cannot be taken back in-app (delete, sign out). Escape and Cancel say
 * no; the focus starts on Cancel so Enter alone never confirms a destructive action.
 */
export function useConfirm() {
  const [pending, setPending] = useState<(ConfirmRequest & { resolve(ok: boolean): void }) | null>(null)
  const ask = (request: ConfirmRequest) => new Promise<boolean>((resolve) => setPending({ ...request, resolve }))
  const dialog = pending ? (
    <ConfirmDialog
      request={pending}
      onAnswer={(ok) => {
        pending.resolve(ok)
        setPending(null)
      }}
    />
  ) : null
  return { ask, dialog }
}

function ConfirmDialog({ request, onAnswer }: { request: ConfirmRequest; onAnswer(ok: boolean): void }) {
  const { t } = useTranslation()
  const ref = useModal()
  const cancel = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    cancel.current?.focus()
  }, [])
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby="confirm-title"
      onCancel={ownEvent((e) => (e.preventDefault(), onAnswer(false)))}
      data-testid="confirm-dialog"
    >
      <h2 id="confirm-title">{request.title}</h2>
      <div className="dialog-body">{request.body}</div>
      <div className="row end">
        <button ref={cancel} type="button" onClick={() => onAnswer(false)}>
          {t('common.cancel')}
        </button>
        <button type="button" className={request.danger ? 'danger-fill' : 'primary'} onClick={() => onAnswer(true)}>
          {request.confirm}
        </button>
      </div>
    </dialog>
  )
}
