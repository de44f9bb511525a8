import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { isClipped } from './Clipped'

interface Tip {
  text: string
  left: number
  top: number
}

/** The whole text of a focused element whose text is cut: its own `title`, or the one of the element it is part of. */
function tipFor(el: HTMLElement): Tip | null {
  const text = el.title || el.closest<HTMLElement>('[title]')?.title
  if (!text) return null
  const cut = isClipped(el) || [...el.querySelectorAll('*')].some(isClipped)
  if (!cut) return null
  const box = el.getBoundingClientRect()
  return { text, left: Math.max(8, Math.min(box.left, window.innerWidth - 360)), top: box.bottom + 6 }
}

/**
 * A `title` shows on hover only. For keyboard users, the whole text of a focused element that is cut off (a chart's
 * title, a folder) shows beside it while it has the focus. Screen readers already read the title: this is for the eye.
 */
export function FocusTooltip() {
  const [tip, setTip] = useState<Tip | null>(null)
  useEffect(() => {
    const tipOf = (el: EventTarget | null) => (el instanceof HTMLElement && el.matches(':focus-visible') ? tipFor(el) : null)
    const show = (e: FocusEvent) => setTip(tipOf(e.target))
    const hide = () => setTip(null)
    // Tabbing to a field scrolls it into view after the focus arrives: the tip follows it instead of going away.
    const follow = () => setTip(tipOf(document.activeElement))
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && hide()
    document.addEventListener('focusin', show)
    document.addEventListener('focusout', hide)
    document.addEventListener('keydown', onKey)
    window.addEventListener('scroll', follow, true)
    return () => {
      document.removeEventListener('focusin', show)
      document.removeEventListener('focusout', hide)
      document.removeEventListener('keydown', onKey)
      window.removeEventListener('scroll', follow, true)
    }
  }, [])
  // A manual popover: in the top layer, so it shows over an open dialog too (a chart's history).
  const ref = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    const el = ref.current
    if (!el?.showPopover) return
    if (tip && !el.matches(':popover-open')) el.showPopover()
    if (!tip && el.matches(':popover-open')) el.hidePopover()
  }, [tip])
  return (
    <div
      ref={ref}
      popover="manual"
      className="focus-tooltip"
      aria-hidden="true"
      data-testid="focus-tooltip"
      style={tip ? { left: tip.left, top: tip.top } : undefined}
    >
      {tip?.text}
    </div>
  )
}
