import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { coresBuiltBy } from '../../support/cores-built'

describe('one composition root for every face', () => {
  it("the app's core and the CLI's both come from createCore, with the same modules and channels", async () => {
    const app = await coresBuiltBy(async () => {
      const { testCore } = await import('../../support/core')
      return testCore({ localBaseUrl: 'http://127.0.0.1:9/global/api' }).core
    })
    const cli = await coresBuiltBy(async () => {
      const { createHeadless } = await import('../../../src/main/headless/headless')
      return createHeadless({ version: 'test', dataDir: mkdtempSync(join(tmpdir(), 'cli-face-')) }).core
    })
    expect(app.built).toEqual([app.result])
    expect(cli.built).toEqual([cli.result])
    expect(Object.keys(cli.result.modules)).toEqual(Object.keys(app.result.modules))
    expect(Object.keys(cli.result.handlers).sort()).toEqual(Object.keys(app.result.handlers).sort())
    await app.result.dispose()
    await cli.result.dispose()
  })
})
