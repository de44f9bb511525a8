import type { ReactNode } from 'react'

/** A labelled drop-down in a form's grid: `children` are its options; `onChange` gets the chosen option's value. */
export function SelectField({
  id,
  label,
  value,
  onChange,
  children
}: {
  id: string
  label: string
  value: string
  onChange(value: string): void
  children: ReactNode
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
    </div>
  )
}
