/**
 * The names and sizes of files the window saves, without a schema library: the window's first scripts use them
 * (exports.ts holds the channel's schema).
 */

/** The largest file the window may hand over to be saved (a share image is about 2 MB; a CSV of every play less). */
export const MAX_EXPORT_BYTES = 32 * 1024 * 1024

/** What each kind of file the app gives out must begin with, checked before anything is written. */
export const EXPORT_KINDS = ['png', 'csv', 'json'] as const

export const MAX_NAME = 160
const NOT_IN_A_NAME = /[/\\:*?"<>|\p{Cc}]/gu

/**
 * A file name the save takes, from one built of a player's name (which may hold / : ? and the like): each character a
 * file system refuses becomes _, trailing dots and spaces go (Windows drops them), and it is cut to fit; the kind stays.
 */
export function safeFileName(name: string, kind: (typeof EXPORT_KINDS)[number]): string {
  const ext = `.${kind}`
  const stem = name.endsWith(ext) ? name.slice(0, -ext.length) : name
  // Cut by characters, not UTF-16 units: a name never ends in half of one.
  const base = Array.from(stem.replace(NOT_IN_A_NAME, '_').trim())
    .slice(0, MAX_NAME - ext.length)
    .join('')
    .replace(/[. ]+$/, '')
  return `${base || 'file'}${ext}`
}
