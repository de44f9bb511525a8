import { z } from 'zod'
import { MAX_EXPORT_BYTES, MAX_NAME } from './file-names'

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
