import { splitPath } from './paths'

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
      data-copyable
    >
      {head && <span className="path-head">{head}</span>}
      <span className="path-tail">{tail}</span>
    </span>
  )
}
