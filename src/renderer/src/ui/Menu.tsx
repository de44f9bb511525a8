import { useEffect, useId, useRef, useState, type CSSProperties } from 'react'
import { createPortal } from 'react-dom'

export interface MenuItem {
  label: string
  onSelect(): void
  danger?: boolean
  disabled?: boolean
}

/**
 * A "more actions" button with a menu (WAI-ARIA menu button): opens with Enter, Space or the
 * arrows, moves with the arrows, Home and End, closes with Escape (focus back on the button) or a
 * click elsewhere.
 */
export function Menu({ label, items, testId }: { label: string; items: MenuItem[]; testId?: string }) {
  const [open, setOpen] = useState(false)
  const [place, setPlace] = useState<CSSProperties>({})
  const id = useId()
  const button = useRef<HTMLButtonElement>(null)
  const list = useRef<HTMLUListElement>(null)
  const focusItem = (index: number) => {
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])]
    buttons[(index + buttons.length) % buttons.length]?.focus()
  }
  useEffect(() => {
    if (!open) return
    focusItem(0)
    const close = (e: MouseEvent) => {
      if (!list.current?.contains(e.target as Node) && e.target !== button.current) setOpen(false)
    }
    // A fixed menu would drift from its button: a scroll or resize that moves the button closes it.
    // Not any such event: one sent a frame late, for a move made before the menu opened, changes nothing.
    const where = () => {
      const rect = button.current?.getBoundingClientRect()
      return rect ? `${rect.top},${rect.left},${window.innerWidth},${window.innerHeight}` : ''
    }
    const opened = where()
    const dismiss = (e: Event) => {
      if (!list.current?.contains(e.target as Node) && where() !== opened) setOpen(false)
    }
    document.addEventListener('mousedown', close)
    window.addEventListener('scroll', dismiss, true)
    window.addEventListener('resize', dismiss)
    return () => {
      document.removeEventListener('mousedown', close)
      window.removeEventListener('scroll', dismiss, true)
      window.removeEventListener('resize', dismiss)
    }
  }, [open])
  const onKey = (e: React.KeyboardEvent) => {
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])]
    const current = buttons.indexOf(document.activeElement as HTMLButtonElement)
    if (e.key === 'ArrowDown') focusItem(current + 1)
    else if (e.key === 'ArrowUp') focusItem(current - 1)
    else if (e.key === 'Home') focusItem(0)
    else if (e.key === 'End') focusItem(buttons.length - 1)
    else if (e.key === 'Escape' || e.key === 'Tab') {
      setOpen(false)
      if (e.key === 'Escape') button.current?.focus()
    } else return
    e.preventDefault()
  }
  return (
    <div className="menu">
      <button
        ref={button}
        type="button"
        className="menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={id}
        data-testid={testId}
        onClick={() => {
          if (!open) setPlace(placeBelow(button.current!))
          setOpen((v) => !v)
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault()
            setPlace(placeBelow(button.current!))
            setOpen(true)
          }
        }}
      >
        {label} <span aria-hidden="true">▾</span>
      </button>
      {open &&
        createPortal(
          <ul ref={list} id={id} role="menu" className="menu-list" style={place} onKeyDown={onKey}>
            {items.map((item) => (
              <li key={item.label} role="none">
                <button
                  type="button"
                  role="menuitem"
                  className={item.danger ? 'danger' : undefined}
                  disabled={item.disabled}
                  onClick={() => {
                    setOpen(false)
                    button.current?.focus()
                    item.onSelect()
                  }}
                >
                  {item.label}
                </button>
              </li>
            ))}
          </ul>,
          document.body
        )}
    </div>
  )
}

/**
 * The menu opens under its button, or above it near the bottom of the window; never clipped by a scrolling table,
 * and never past the window's edge: in a small window (or a language with longer items) it scrolls within itself.
 */
function placeBelow(button: HTMLElement): CSSProperties {
  const rect = button.getBoundingClientRect()
  const right = Math.max(8, window.innerWidth - rect.right)
  const room = { below: window.innerHeight - rect.bottom - 12, above: rect.top - 12 }
  return room.below < 320 && room.above > room.below
    ? { position: 'fixed', right, bottom: window.innerHeight - rect.top + 4, maxHeight: room.above, overflowY: 'auto' }
    : { position: 'fixed', right, top: rect.bottom + 4, maxHeight: room.below, overflowY: 'auto' }
}
