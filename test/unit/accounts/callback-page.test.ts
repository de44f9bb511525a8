import { describe, expect, it } from 'vitest'
import { callbackPage } from '../../../src/main/accounts/callback-page'

const background = (html: string, scheme: 'light' | 'dark') => {
  // The page's variables as the browser would resolve them: the media block applies to a dark system only.
  const css = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!
  const plain = css.replace(/@media \(prefers-color-scheme: dark\)\{:root\{([^}]*)\}\}/, scheme === 'dark' ? ':root{$1}' : '')
  const values = [...plain.matchAll(/--bg:(#[0-9a-f]{6})/g)].map((m) => m[1])
  return values.at(-1)
}

describe('the page the browser shows after signing in', () => {
  it("takes the app's theme: light or dark as set, or as the system is", () => {
    const page = (theme: 'light' | 'dark' | 'system') => callbackPage({ ok: true, message: 'Done' }, 'en', theme)
    expect([background(page('light'), 'light'), background(page('light'), 'dark')]).toEqual(['#f4f5f9', '#f4f5f9'])
    expect([background(page('dark'), 'light'), background(page('dark'), 'dark')]).toEqual(['#10131a', '#10131a'])
    expect([background(page('system'), 'light'), background(page('system'), 'dark')]).toEqual(['#f4f5f9', '#10131a'])
  })

  it('still escapes the message', () => {
    expect(callbackPage({ ok: false, message: '<b>x</b>' }, 'en', 'light')).toContain('&#60;b&#62;x&#60;/b&#62;')
  })
})
