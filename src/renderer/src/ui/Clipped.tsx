import type { ReactNode } from 'react'

/**
 * Text that may be cut with an ellipsis where room is short: its whole text is always its `title` (shown on hover,
 * read by screen readers, and shown while focused by the focus tooltip), so nothing cut is ever lost.
 */
export function Clipped({
  text,
  children,
  className,
  lang
}: {
  /** The whole text (a longer form than the one shown, when `children` shows less). */
  text: string
  children?: ReactNode
  className?: string
  lang?: string | undefined
}) {
  return (
    <span className={className ? `clipped ${className}` : 'clipped'} title={text} lang={lang}>
      {children ?? text}
    </span>
  )
}

/** Whether an element's text is cut: wider than its box, or drawn with an ellipsis that is in use. */
export function isClipped(el: Element): boolean {
  return el.scrollWidth > el.clientWidth + 1
}
