import { useState } from 'react'

/**
 * A whole-number field that edits like text: it may be empty or out of range while typing, shows
 * why, and saves only a valid value (on blur or Enter). Select-all then "2" gives 2.
 */
export function NumberField({
  label,
  value,
  min,
  max,
  onCommit,
  id
}: {
  label: string
  value: number
  min: number
  max: number
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
  const parsed = /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN
  const valid = Number.isInteger(parsed) && parsed >= min && parsed <= max
  const commit = () => {
    if (valid && parsed !== value) onCommit(parsed)
  }
  return (
    <span className="number-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        value={text}
        aria-invalid={!valid}
        aria-describedby={valid ? undefined : `${id}-range`}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => e.key === 'Enter' && commit()}
      />
      {!valid && (
        <span id={`${id}-range`} className="field-error">
          {min}–{max}
        </span>
      )}
    </span>
  )
}
