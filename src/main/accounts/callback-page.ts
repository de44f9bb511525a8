import type { Language, Theme } from '../../shared/settings'
import { messagesFor } from '../i18n'

/** The app's own colours (styles.css), so the page looks like the app that opened it. */
const LIGHT = '--bg:#f4f5f9;--card:#ffffff;--text:#151923;--muted:#545c70;--ok:#1f7a45;--bad:#b3261e;--shadow:#0002'
const DARK = '--bg:#10131a;--card:#181c25;--text:#e8eaf0;--muted:#a7aec0;--ok:#7ee2a8;--bad:#ff8a8a;--shadow:#0006'

/** The colours for the app's theme setting: light or dark as chosen, or as the system is (the browser says) for "system". */
function themeCss(theme: Theme): string {
  if (theme === 'light') return `:root{color-scheme:light;${LIGHT}}`
  if (theme === 'dark') return `:root{color-scheme:dark;${DARK}}`
  return `:root{color-scheme:light dark;${LIGHT}}@media (prefers-color-scheme: dark){:root{${DARK}}}`
}

/** The small page the browser tab shows after the loopback redirect, in the UI language and the app's theme. */
export function callbackPage(outcome: { ok: boolean; message: string }, language: Language = 'en', theme: Theme = 'system'): string {
  const texts = messagesFor(language).signInPage
  const title = outcome.ok ? texts.signedIn : texts.notCompleted
  const text = outcome.message.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${title} · ${texts.app}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>${themeCss(theme)}
body{font-family:system-ui,sans-serif;background:var(--bg);color:var(--text);display:flex;align-items:center;justify-content:center;
height:100vh;margin:0}
main{background:var(--card);padding:32px 40px;border-radius:14px;max-width:420px;text-align:center;box-shadow:0 8px 30px var(--shadow)}
.mark{font-size:40px;color:var(${outcome.ok ? '--ok' : '--bad'})}h1{font-size:1.3rem}p{color:var(--muted)}</style></head>
<body><main><div class="mark" aria-hidden="true">${outcome.ok ? '✓' : '!'}</div><h1>${title}</h1><p>${text}</p></main></body></html>`
}
