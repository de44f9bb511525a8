/** A path's folders and its last name ("/home/ana/Documents/" and "Backups"), split after the last separator. */
export function splitPath(path: string): { head: string; tail: string } {
  const cut = Math.max(path.lastIndexOf('/', path.length - 2), path.lastIndexOf('\\', path.length - 2))
  return cut < 0 ? { head: '', tail: path } : { head: path.slice(0, cut + 1), tail: path.slice(cut + 1) }
}
