import type { Language } from '../../shared/settings'
import { messagesFor } from '../notifications/messages'

/** The small page the browser tab shows after the loopback redirect, in the UI language. */
export function callbackPage(outcome: { ok: boolean; message: string }, language: Language = 'en'): string {
  const texts = messagesFor(language).signInPage
  const title = outcome.ok ? texts.signedIn : texts.notCompleted
  const text = outcome.message.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${title} · ${texts.app}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;background:#10131a;color:#e8eaf0;display:flex;align-items:center;justify-content:center;
height:100vh;margin:0}
main{background:#181c25;padding:32px 40px;border-radius:14px;max-width:420px;text-align:center;box-shadow:0 8px 30px #0006}
.mark{font-size:40px;color:${outcome.ok ? '#7ee2a8' : '#ff8a8a'}}h1{font-size:1.3rem}p{color:#a2a9ba}</style></head>
<body><main><div class="mark" aria-hidden="true">${outcome.ok ? '✓' : '!'}</div><h1>${title}</h1><p>${text}</p></main></body></html>`
}
