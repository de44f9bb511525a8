import { Fragment } from 'react'

/** The places an address or a path may wrap: after a separator, never inside a name. */
const SEPARATED = /(?<=[/\\.?&=#:_-])(?=[^/\\.?&=#:_-])/

/**
 * An address or a path that may wrap in a narrow window: it breaks after a separator ("https://api.milthm.cn/" |
 * "api"), and inside a name only when that name alone is wider than the line (the CSS's overflow-wrap). It is text a
 * player copies, as written (a port is no number to format): marked copyable.
 */
export function BreakableText({ text }: { text: string }) {
  const parts = text.split(SEPARATED)
  return (
    <span data-copyable>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  )
}
