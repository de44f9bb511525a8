import type { z } from 'zod'

/**
 * A schema's complaint in words a player can read: where, and what was wrong. Zod says "received
 * undefined" for a missing value and "received NaN" for a number that is none; those words are
 * replaced, so a message never shows `undefined`, `NaN` or `[object Object]`.
 */
export function describeIssue(issue: z.core.$ZodIssue | undefined, where: string): string {
  if (!issue) return `${where}: not what was expected`
  const path = issue.path.map((part) => (typeof part === 'symbol' ? part.description : String(part))).join('.') || where
  const words = issue.message
    .replace(/received undefined/g, 'nothing was there')
    .replace(/received NaN/g, 'received a value that is not a number')
    .replace(/\bundefined\b/g, 'nothing')
    .replace(/\bNaN\b/g, 'not a number')
    .replace(/\[object Object\]/g, 'an object')
  return `${path}: ${words}`
}
