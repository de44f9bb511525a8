import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { readNumber, type NumberRange } from './read-number'

/** The allowed range in words ("A whole number from 1 to 1,000", "A number from 0.1 to 100, at most 1 decimal place"). */
function useRangeText(): (range: NumberRange) => string {
  const { t } = useTranslation()
  return ({ min, max, decimals = 0 }) =>
    decimals === 0 ? t('common.wholeRange', { min, max }) : t('common.decimalRange', { min, max, count: decimals })
}

/**
 * A number typed as text (a browser's own number field refuses values off its step, in its own language): it may be
 * empty or out of range while typing, and then says the allowed range.
 */
export function NumberInput({
  id,
  text,
  range,
  onText,
  onCommit,
  optional = false
}: {
  id: string
  text: string
  range: NumberRange
  onText(text: string): void
  /** Empty is an answer too (no value). */
  optional?: boolean
  /** Enter or leaving the field with a valid value. */
  onCommit?(value: number): void
}) {
  const rangeText = useRangeText()
  const value = readNumber(text, range)
  const valid = !Number.isNaN(value) || (optional && text.trim() === '')
  const commit = () => !Number.isNaN(value) && onCommit?.(value)
  return (
    <>
      <input
        id={id}
        className="number-input"
        type="text"
        inputMode={range.decimals ? 'decimal' : 'numeric'}
        autoComplete="off"
        value={text}
        aria-invalid={!valid}
        aria-describedby={valid ? undefined : `${id}-range`}
        onChange={(e) => onText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => e.key === 'Enter' && commit()}
      />
      {!valid && (
        <span id={`${id}-range`} className="field-error" role="status">
          {rangeText(range)}
        </span>
      )}
    </>
  )
}

/**
 * A setting's number, with its label: saved only when valid (on blur or Enter). Select-all then "2" gives 2.
 */
export function NumberField({
  label,
  value,
  onCommit,
  id,
  ...range
}: NumberRange & {
  label: string
  value: number
  onCommit(value: number): void
  id: string
}) {
  const [text, setText] = useState(String(value))
  // A new value from outside (saved, or changed elsewhere) replaces what is shown.
  const [shown, setShown] = useState(value)
  if (shown !== value) {
    setShown(value)
    setText(String(value))
  }
  return (
    <span className="number-field">
      <label htmlFor={id}>{label}</label>
      <NumberInput id={id} text={text} range={range} onText={setText} onCommit={(parsed) => parsed !== value && onCommit(parsed)} />
    </span>
  )
}
