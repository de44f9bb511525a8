import { describe, expect, it, vi } from 'vitest'
import { createExternalLinks, isAllowedExternalUrl } from '../../../src/main/shell/external-links'

const hosts = new Set(['milkloud.milthm.com'])

describe('external links', () => {
  it('allows https links to allow-listed hosts', () => {
    expect(isAllowedExternalUrl('https://milkloud.milthm.com/settings/tokens', hosts)).toBe(true)
  })

  it.each([
    'http://milkloud.milthm.com/settings/tokens',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'https://evil.example/',
    'https://milkloud.milthm.com.evil.example/',
    'https://user:pass@milkloud.milthm.com/',
    'not a url',
    ''
  ])('refuses %s', async (url) => {
    expect(isAllowedExternalUrl(url, hosts)).toBe(false)
    const open = vi.fn(async () => {})
    await expect(createExternalLinks(open, () => hosts).open(url)).rejects.toMatchObject({ code: 'invalid_input' })
    expect(open).not.toHaveBeenCalled()
  })

  it('opens an allowed link through the injected opener', async () => {
    const open = vi.fn(async () => {})
    await createExternalLinks(open, () => hosts).open('https://milkloud.milthm.com/')
    expect(open).toHaveBeenCalledWith('https://milkloud.milthm.com/')
  })
})
