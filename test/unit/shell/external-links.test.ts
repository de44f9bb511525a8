import { describe, expect, it, vi } from 'vitest'
import { createExternalLinks, isAllowedExternalUrl, openSignInPage, type LinkPolicy } from '../../../src/main/shell/external-links'

const policy: LinkPolicy = { httpsHosts: () => new Set(['milkloud.milthm.com']), loopbackOrigins: () => new Set(['http://127.0.0.1:8723']) }

describe('everything opened outside the app', () => {
  it("allows https links to the deployments' hosts, and a development loopback origin", () => {
    expect(isAllowedExternalUrl('https://milkloud.milthm.com/settings/tokens', policy)).toBe(true)
    expect(isAllowedExternalUrl('http://127.0.0.1:8723/global/settings/tokens', policy)).toBe(true)
  })

  it.each([
    'http://milkloud.milthm.com/settings/tokens',
    'file:///etc/passwd',
    'file://server/share/evil.exe',
    'smb://attacker.example/share',
    'ms-msdt:/id PCWDiagnostic /skip force',
    'javascript:alert(1)',
    'https://evil.example/',
    'https://milkloud.milthm.com.evil.example/',
    'https://user:pass@milkloud.milthm.com/',
    'http://127.0.0.1:9999/other-service',
    'http://localhost.evil.example:8723/',
    'not a url',
    ''
  ])('refuses %s', async (url) => {
    expect(isAllowedExternalUrl(url, policy)).toBe(false)
    const open = vi.fn(async () => {})
    await expect(createExternalLinks(open, policy).open(url)).rejects.toMatchObject({ code: 'invalid_input' })
    expect(open).not.toHaveBeenCalled()
  })

  it('opens an allowed link through the injected opener', async () => {
    const open = vi.fn(async () => {})
    await createExternalLinks(open, policy).open('https://milkloud.milthm.com/')
    expect(open).toHaveBeenCalledWith('https://milkloud.milthm.com/')
  })

  it("sign-in opens only the issuer's authorization endpoint", async () => {
    const open = vi.fn(async () => {})
    const isAuth = (url: string) => url.startsWith('https://issuer.example/authorize?')
    await openSignInPage(open, 'https://issuer.example/authorize?client_id=x', isAuth)
    expect(open).toHaveBeenCalledTimes(1)
    await expect(openSignInPage(open, 'https://evil.example/authorize?client_id=x', isAuth)).rejects.toMatchObject({
      code: 'invalid_input'
    })
    await expect(openSignInPage(open, 'file:///etc/passwd', () => true)).rejects.toMatchObject({ code: 'invalid_input' })
    expect(open).toHaveBeenCalledTimes(1)
  })
})
