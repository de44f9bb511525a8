import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { registerAppScheme, RENDERER_CSP, resolveRendererFile } from '../../../src/main/electron/protocol'
import { fakeState } from '../../support/electron-fake'
import { devRendererUrl } from '../../../src/main/electron/window'

describe('the app:// protocol', () => {
  const root = mkdtempSync(join(tmpdir(), 'bundle-'))
  const renderer = join(root, 'renderer')
  mkdirSync(join(renderer, 'assets'), { recursive: true })
  writeFileSync(join(renderer, 'index.html'), '<html></html>')
  writeFileSync(join(renderer, 'assets', 'app.js'), '')
  writeFileSync(join(root, 'secret.txt'), 'outside')
  symlinkSync(join(root, 'secret.txt'), join(renderer, 'link.txt'))

  it('serves files inside the renderer folder', async () => {
    expect(await resolveRendererFile(renderer, 'app://bundle/')).toMatch(/renderer[/\\]index\.html$/)
    expect(await resolveRendererFile(renderer, 'app://bundle/assets/app.js')).toMatch(/app\.js$/)
  })

  it.each([
    'app://bundle/../secret.txt',
    'app://bundle/%2e%2e/secret.txt',
    'app://bundle/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
    'app://bundle/link.txt',
    'app://bundle/%',
    'app://other/index.html',
    'app://bundle/missing.js',
    'app://bundle/a%00b'
  ])('refuses %s', async (url) => {
    expect(await resolveRendererFile(renderer, url)).toBeNull()
  })

  it('is a standard, secure scheme whose compiled scripts V8 keeps between starts', () => {
    registerAppScheme()
    expect(fakeState.privilegedSchemes).toContainEqual({
      scheme: 'app',
      privileges: expect.objectContaining({ standard: true, secure: true, codeCache: true })
    })
  })

  it('sends the same Content Security Policy as index.html declares', () => {
    const html = readFileSync('src/renderer/index.html', 'utf8')
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)![1]
    // The meta tag's value spans two lines: a CSP reads any run of white space as one space.
    expect(RENDERER_CSP).toBe(meta!.replace(/\s+/g, ' '))
  })
})

describe('the development renderer address', () => {
  it('is honoured only in an unpackaged run, and only as http(s)', () => {
    expect(devRendererUrl(true, { ELECTRON_RENDERER_URL: 'http://localhost:5173' })).toBeNull()
    expect(devRendererUrl(false, { ELECTRON_RENDERER_URL: 'http://localhost:5173' })).toBe('http://localhost:5173')
    expect(devRendererUrl(false, { ELECTRON_RENDERER_URL: 'file:///tmp/evil.html' })).toBeNull()
    expect(devRendererUrl(false, {})).toBeNull()
  })
})
