import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { DialogRequest } from '../../../shared/dialogs'
import { ErrorMessage, toErrorData } from '../ui/ErrorMessage'
import { useAction } from '../ui/useAction'
import { ownEvent, useModal } from '../ui/useModal'
import { useDialogs } from './store'
import './page-dialog.css'
import { BreakableText } from '../ui/BreakableText'

/**
 * The dialogs a host without native ones asks for (the web host, `npm run demo:web`): a folder typed
 * or chosen from a list, or where a file is. Mounted once; the Electron app never asks.
 */
export function PageDialogs() {
  const request = useDialogs((s) => s.request)
  const close = useDialogs((s) => s.close)
  if (!request) return null
  return request.kind === 'show' ? (
    <ShowFile key={request.id} request={request} onClose={close} />
  ) : (
    <ChooseFolder key={request.id} request={request} onClose={close} />
  )
}

function ChooseFolder({ request, onClose }: { request: DialogRequest; onClose(): void }) {
  const { t } = useTranslation()
  const ref = useModal()
  const inputId = useId()
  const [typed, setTyped] = useState(request.suggestions[0]?.path ?? '')
  const send = useDialogs((s) => s.answer)
  const action = useAction()
  const { busy, error } = action
  /** Main checks the folder: one that will not do is said here, and the dialog stays for another try. */
  const answer = (path: string | null) =>
    action.run(async () => {
      try {
        await send(request.id, path)
      } catch (e) {
        if (path !== null && toErrorData(e).code !== 'not_found') throw e
      }
      onClose()
    })
  return (
    <dialog
      ref={ref}
      className="dialog page-dialog"
      aria-labelledby={`${inputId}-title`}
      onCancel={ownEvent((e) => (e.preventDefault(), void answer(null)))}
      data-testid="page-dialog"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault()
          if (typed.trim()) void answer(typed.trim())
        }}
      >
        <h2 id={`${inputId}-title`}>{t(`pageDialog.title_${request.purpose}`)}</h2>
        <div className="dialog-body">
          <p className="muted">{t('pageDialog.help')}</p>
          {request.path && <p>{t('pageDialog.exportName', { file: request.path })}</p>}
          {request.suggestions.length > 0 && (
            <fieldset className="folder-choices">
              <legend>{t('pageDialog.suggestions')}</legend>
              {request.suggestions.map((s) => (
                <label key={s.path} className="radio-card">
                  <input type="radio" name="folder" checked={typed === s.path} onChange={() => setTyped(s.path)} />
                  <span>
                    {t(`pageDialog.kind_${s.kind}`)}
                    {s.found !== null && <span className="muted"> · {t(s.found ? 'pageDialog.found' : 'pageDialog.notFound')}</span>}
                  </span>
                  <small className="file-name">
                    <BreakableText text={s.path} />
                  </small>
                </label>
              ))}
            </fieldset>
          )}
          <div className="field wide">
            <label htmlFor={inputId}>{t('pageDialog.typed')}</label>
            <input id={inputId} value={typed} spellCheck={false} autoComplete="off" onChange={(e) => setTyped(e.target.value)} />
          </div>
          <ErrorMessage error={error} />
        </div>
        <div className="row end">
          <button type="button" onClick={() => void answer(null)}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="primary" disabled={busy || typed.trim() === ''}>
            {t('pageDialog.choose')}
          </button>
        </div>
      </form>
    </dialog>
  )
}

function ShowFile({ request, onClose }: { request: DialogRequest; onClose(): void }) {
  const { t } = useTranslation()
  const ref = useModal()
  const [copied, setCopied] = useState(false)
  return (
    <dialog
      ref={ref}
      className="dialog page-dialog"
      aria-labelledby="page-show-title"
      onClose={ownEvent(onClose)}
      data-testid="page-dialog"
    >
      <h2 id="page-show-title">{t('pageDialog.showTitle')}</h2>
      <div className="dialog-body">
        <p className="muted">{t('pageDialog.showHelp')}</p>
        <p className="file-name" data-testid="page-dialog-path">
          <BreakableText text={request.path ?? ''} />
        </p>
      </div>
      <div className="row end">
        <button type="button" onClick={() => void navigator.clipboard.writeText(request.path ?? '').then(() => setCopied(true))}>
          {copied ? t('signIn.copied') : t('pageDialog.copy')}
        </button>
        <button type="button" className="primary" onClick={onClose}>
          {t('pageDialog.close')}
        </button>
      </div>
    </dialog>
  )
}
