import { z } from 'zod'

/** The largest file the window may hand over to be saved (a share image is about 2 MB; a CSV of every play less). */
export const MAX_EXPORT_BYTES = 32 * 1024 * 1024

/** What each kind of file the app gives out must begin with, checked before anything is written. */
export const EXPORT_KINDS = ['png', 'csv', 'json'] as const

const MAX_NAME = 160
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

/**
 * A file the window made (a share image, the best 20 as CSV or JSON) for main to save where the player chooses: a
 * plain file name with one of the kinds above (no folder, no character a file system refuses), and its bytes as base64.
 */
export const ExportFile = z.object({
  name: z
    .string()
    .min(5)
    .max(MAX_NAME)
    .regex(/^[^/\\:*?"<>|\p{Cc}]+\.(png|csv|json)$/u, 'a plain file name ending in .png, .csv or .json'),
  base64: z
    .string()
    .max(Math.ceil(MAX_EXPORT_BYTES / 3) * 4)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'base64')
})
export type ExportFile = z.infer<typeof ExportFile>
