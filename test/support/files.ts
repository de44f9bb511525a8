import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** Every file below a folder (none when it does not exist). */
export function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? filesUnder(join(dir, name)) : [join(dir, name)]))
  } catch {
    return []
  }
}
