import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { coresBuiltBy } from '../../support/cores-built'

describe('the CLI connects once per command', () => {
  it('one core, however many times a command asks for the services and the chart list', async () => {
    const { built } = await coresBuiltBy(async () => {
      // The program's last line of defence ends the process on an uncaught error: not in a test runner.
      vi.doMock('../../../src/cli/internal-error', async (importOriginal) => ({
        ...(await importOriginal<typeof import('../../../src/cli/internal-error')>()),
        installLastLineOfDefence: () => {}
      }))
      const { createCli } = await import('../../../src/cli/program')
      const cli = createCli()
      cli.program.parse(['node', 'companion', '--data-dir', mkdtempSync(join(tmpdir(), 'cli-once-'))])
      cli.connect().local()
      cli.connect().restore(mkdtempSync(join(tmpdir(), 'cli-library-')))
      cli.charts()
      return cli
    })
    vi.doUnmock('../../../src/cli/internal-error')
    expect(built).toHaveLength(1)
  })
})
