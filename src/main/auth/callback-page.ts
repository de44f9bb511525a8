import type { Language, Theme } from '../../shared/settings'
import { messagesFor } from '../notifications/messages'

/** The page's colours, light and dark, close to the app's own. */
const LIGHT = 'body{background:#f3f4f8;color:#171a21}main{background:#fff;box-shadow:0 8px 30px #0001}p{color:#555b6b}'
const DARK = 'body{background:#10131a;color:#e8eaf0}main{background:#181c25;box-shadow:0 8px 30px #0006}p{color:#a2a9ba}'

/** Colours in the app's theme: light, dark, or the system's (the browser then follows it as the app does). */
function colours(theme: Theme): string {
  if (theme === 'light') return LIGHT
  if (theme === 'dark') return DARK
  return `${LIGHT}@media (prefers-color-scheme: dark){${DARK}}`
}

/** The small page the browser tab shows after the loopback redirect, in the UI language and the app's theme. */
export function callbackPage(outcome: { ok: boolean; message: string }, language: Language = 'en', theme: Theme = 'system'): string {
  const texts = messagesFor(language).signInPage
  const title = outcome.ok ? texts.signedIn : texts.notCompleted
  const text = outcome.message.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
  const mark = outcome.ok ? '#1f9d5b' : '#d14343'
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${title} · ${texts.app}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="${theme === 'system' ? 'light dark' : theme}">
<style>body{font-family:system-ui,sans-serif;display:flex;align-items:center;justify-content:center;height:100vh;margin:0}
main{padding:32px 40px;border-radius:14px;max-width:420px;text-align:center}
.mark{font-size:40px;color:${mark}}h1{font-size:1.3rem}${colours(theme)}</style></head>
<body><main><div class="mark" aria-hidden="true">${outcome.ok ? '✓' : '!'}</div><h1>${title}</h1><p>${text}</p></main></body></html>`
}
