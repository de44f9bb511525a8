/** A path's folders and its last name ("/home/ana/Documents/" and "Backups"), split after the last separator. */
export function splitPath(path: string): { head: string; tail: string } {
  const cut = Math.max(path.lastIndexOf('/', path.length - 2), path.lastIndexOf('\\', path.length - 2))
  return cut < 0 ? { head: '', tail: path } : { head: path.slice(0, cut + 1), tail: path.slice(cut + 1) }
}

/**
 * A path shown in one line where room is short: its start and its last name stay readable and the middle gives way
 * ("/home/ana/Docu…/Game Account Companion Backups"); the whole path on hover and on focus, and read out whole.
 */
export function PathText({ path, labelledBy, testId }: { path: string; labelledBy: string; testId?: string }) {
  const { head, tail } = splitPath(path)
  return (
    <span
      className="path-text"
      role="textbox"
      aria-readonly="true"
      aria-labelledby={labelledBy}
      tabIndex={0}
      title={path}
      data-testid={testId}
    >
      {head && <span className="path-head">{head}</span>}
      <span className="path-tail">{tail}</span>
    </span>
  )
}
