import { useEffect, useId, useRef, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * The Progress screen's editors: a titled form, what went wrong, the submit button and Cancel. It opens with its
 * heading in view, and its buttons stay at the bottom of the window while a long form scrolls.
 */
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
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'nearest' })
  }, [])
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
      <h2 id={`${id}-title`} ref={heading}>
        {props.title}
      </h2>
      {props.children}
      {props.error}
      <div className="row editor-actions">
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
