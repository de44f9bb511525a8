import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react'
import { createPortal } from 'react-dom'
import { applyMenuPlace, placeMenu } from './menu-place'

export interface MenuItem {
  label: string
  onSelect(): void
  danger?: boolean
  disabled?: boolean
}

/** The menu's items that can be chosen now. */
const enabledItems = (list: HTMLUListElement | null) => [...(list?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])]

/** Focuses the item at `index`, counted round from either end. */
function focusItem(list: HTMLUListElement | null, index: number) {
  const buttons = enabledItems(list)
  buttons[(index + buttons.length) % buttons.length]?.focus()
}

/** The open menu's keys: the arrows, Home and End move; Escape and Tab close it (`close`). */
function menuKey(e: React.KeyboardEvent, list: HTMLUListElement | null, close: () => void) {
  const buttons = enabledItems(list)
  const current = buttons.indexOf(document.activeElement as HTMLButtonElement)
  if (e.key === 'ArrowDown') focusItem(list, current + 1)
  else if (e.key === 'ArrowUp') focusItem(list, current - 1)
  else if (e.key === 'Home') focusItem(list, 0)
  else if (e.key === 'End') focusItem(list, buttons.length - 1)
  else if (e.key === 'Escape' || e.key === 'Tab') close()
  else return
  e.preventDefault()
}

/**
 * While the menu is open: its first item has the focus, and a click elsewhere closes it, as does a scroll or resize
 * that moves its button.
 */
function useOpenMenu(
  open: boolean,
  close: () => void,
  button: RefObject<HTMLButtonElement | null>,
  list: RefObject<HTMLUListElement | null>
) {
  useEffect(() => {
    if (!open) return
    focusItem(list.current, 0)
    const onMouseDown = (e: MouseEvent) => {
      if (!list.current?.contains(e.target as Node) && e.target !== button.current) close()
    }
    // A fixed menu would drift from its button: a scroll or resize that moves the button closes it.
    // Not any such event: one sent a frame late, for a move made before the menu opened, changes nothing.
    const where = () => {
      const rect = button.current?.getBoundingClientRect()
      return rect ? `${rect.top},${rect.left},${window.innerWidth},${window.innerHeight}` : ''
    }
    const opened = where()
    const dismiss = (e: Event) => {
      if (!list.current?.contains(e.target as Node) && where() !== opened) close()
    }
    document.addEventListener('mousedown', onMouseDown)
    window.addEventListener('scroll', dismiss, true)
    window.addEventListener('resize', dismiss)
    return () => {
      document.removeEventListener('mousedown', onMouseDown)
      window.removeEventListener('scroll', dismiss, true)
      window.removeEventListener('resize', dismiss)
    }
  }, [open, close, button, list])
}

/**
 * A "more actions" button with a menu (WAI-ARIA menu button): opens with Enter, Space or the
 * arrows, moves with the arrows, Home and End, closes with Escape (focus back on the button) or a
 * click elsewhere. `compact`: a "⋯" button named by `label` (its tooltip too), for a table's narrow cell.
 */
export function Menu({ label, items, testId, compact = false }: { label: string; items: MenuItem[]; testId?: string; compact?: boolean }) {
  const [open, setOpen] = useState(false)
  const [host, setHost] = useState<Element>(document.body)
  const id = useId()
  const button = useRef<HTMLButtonElement>(null)
  const list = useRef<HTMLUListElement>(null)
  const close = useCallback(() => setOpen(false), [])
  useMenuPlace(open, button, list)
  useOpenMenu(open, close, button, list)
  const onKey = (e: React.KeyboardEvent) =>
    menuKey(e, list.current, () => {
      setOpen(false)
      // Escape gives the focus back to the button; Tab lets it move on.
      if (e.key === 'Escape') button.current?.focus()
    })
  // Inside a modal dialog the rest of the page is inert: the open menu goes into the dialog's top layer.
  const openFrom = (el: HTMLElement, toggle: boolean) => {
    setHost(el.closest('dialog') ?? document.body)
    setOpen((v) => (toggle ? !v : true))
  }
  const choose = (item: MenuItem) => {
    setOpen(false)
    button.current?.focus()
    item.onSelect()
  }
  return (
    <div className="menu">
      <button
        ref={button}
        type="button"
        className={compact ? 'menu-button compact' : 'menu-button'}
        aria-label={compact ? label : undefined}
        title={compact ? label : undefined}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={id}
        data-testid={testId}
        onClick={(e) => openFrom(e.currentTarget, true)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault()
            openFrom(e.currentTarget, false)
          }
        }}
      >
        {compact ? (
          <span aria-hidden="true">⋯</span>
        ) : (
          <>
            {label} <span aria-hidden="true">▾</span>
          </>
        )}
      </button>
      {open &&
        createPortal(
          <ul ref={list} id={id} role="menu" className="menu-list" onKeyDown={onKey}>
            {items.map((item) => (
              <li key={item.label} role="none">
                <button
                  type="button"
                  role="menuitem"
                  className={item.danger ? 'danger' : undefined}
                  disabled={item.disabled}
                  onClick={() => choose(item)}
                >
                  {item.label}
                </button>
              </li>
            ))}
          </ul>,
          host
        )}
    </div>
  )
}

/**
 * Where the open menu goes, measured before it is painted: under its button, or above it when it does not fit below,
 * or else as low as the window allows, over its button. Never clipped by a scrolling table nor past the window's edge;
 * it scrolls within itself only when it is taller than the whole window.
 */
function useMenuPlace(open: boolean, button: RefObject<HTMLButtonElement | null>, list: RefObject<HTMLUListElement | null>) {
  useLayoutEffect(() => {
    if (!open || !button.current || !list.current) return
    const place = placeMenu(button.current.getBoundingClientRect(), list.current.scrollHeight, { width: innerWidth, height: innerHeight })
    applyMenuPlace(list.current, place)
  }, [open, button, list])
}
