import { useId, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/** The Progress screen's editors: a titled form, what went wrong, the submit button and Cancel. */
export function EditorForm(props: {
  title: string
  testId: string
  submitLabel: string
  disabled: boolean
  onSubmit(): void
  onCancel(): void
  error: ReactNode
  children: ReactNode
}) {
  const { t } = useTranslation()
  const id = useId()
  return (
    <form
      className="panel pg-editor"
      aria-labelledby={`${id}-title`}
      data-testid={props.testId}
      onSubmit={(e) => {
        e.preventDefault()
        props.onSubmit()
      }}
    >
      <h2 id={`${id}-title`}>{props.title}</h2>
      {props.children}
      {props.error}
      <div className="row">
        <button type="submit" className="primary" disabled={props.disabled}>
          {props.submitLabel}
        </button>
        <button type="button" onClick={props.onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  )
}
