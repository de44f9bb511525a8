import { mkdtempSync, readdirSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { fileLogger } from '../../../src/main/logging/logger'

describe('the log file', () => {
  it('is set aside at its size limit, keeping two files at most, each about the limit', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'log-'))
    const path = join(dir, 'main.log')
    const logger = fileLogger(path, 20_000)
    // About 200 KB of lines, ten times the limit, a few at a time as a running app logs.
    for (let i = 0; i < 2_000; i++) {
      logger.info({ i, pad: 'x'.repeat(60) }, 'a line of the soak')
      if (i % 20 === 0) await new Promise((r) => setTimeout(r, 2))
    }
    await expect.poll(() => readdirSync(dir).sort(), { timeout: 5_000 }).toEqual(['main.log', 'main.log.1'])
    await expect.poll(() => statSync(path).size > 0, { timeout: 5_000 }).toBe(true)
    for (const name of readdirSync(dir)) expect(statSync(join(dir, name)).size, name).toBeLessThanOrEqual(20_000 + 2_000)
  })
})
