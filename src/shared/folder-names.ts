import { difficultyLabel } from './charts'

/**
 * A Progress folder's name in the parts a language words (the renderer with its catalogue, main's notifications with
 * its texts): "Level 12", a chapter by its number ("Chapter 1" for the list's `chapter1`), a difficulty as the game
 * names it ("Cloudburst (Story)" for `Cloudburst_Story`), a pack the list names in words, the player's own folder.
 * Never the key a list or the app files it under.
 */
export type FolderWords =
  | { kind: 'level'; level: string }
  | { kind: 'chapter'; number: number }
  | { kind: 'named'; name: string }
  | { kind: 'unknown' }
  /** A folder a goal names that is not there any more (a custom folder deleted, a pack the list dropped). */
  | { kind: 'missing' }

/** A song pack as the list writes it: `chapter1`, `Chapter_01`, `chapter-2` are chapters by number; any other name, in words. */
export function packWords(pack: string): FolderWords {
  const chapter = /^chapter[\s_-]*0*(\d{1,3})$/i.exec(pack.trim())
  if (chapter) return { kind: 'chapter', number: Number(chapter[1]) }
  return { kind: 'named', name: pack.replace(/_+/g, ' ').trim() || pack }
}

/** The words for a folder row (its kind, and its label as main gives it: the level, difficulty, pack or custom name). */
export function folderWords(row: { kind: string; label: string }): FolderWords {
  switch (row.kind) {
    case 'level':
      return { kind: 'level', level: row.label }
    case 'difficulty':
      return { kind: 'named', name: difficultyLabel(row.label) ?? row.label }
    case 'pack':
      return packWords(row.label)
    case 'unknown':
      return { kind: 'unknown' }
    default:
      return { kind: 'named', name: row.label }
  }
}

/**
 * The words for a folder a goal names by id (`level:12`, `difficulty:Cloudburst_Story`, `pack:chapter1`,
 * `custom:<id>`), when no row of it is at hand: a custom folder is known only by its row, so without one it is missing.
 */
export function folderWordsOfId(folderId: string): FolderWords {
  const at = folderId.indexOf(':')
  const kind = at < 0 ? '' : folderId.slice(0, at)
  const label = folderId.slice(at + 1)
  if (!label || !['level', 'difficulty', 'pack', 'unknown'].includes(kind)) return { kind: 'missing' }
  return folderWords({ kind, label })
}
