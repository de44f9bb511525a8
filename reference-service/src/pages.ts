/** Small server-rendered pages: login, consent, device code, User Tokens, errors. */
export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
}

export function page(title: string, body: string, deploymentLabel = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Milkloud (reference)</title>
<style>
body{font-family:system-ui,sans-serif;background:#f2f3f8;color:#151923;margin:0;display:flex;justify-content:center}
main{background:#fff;margin:48px 16px;padding:28px 32px;border-radius:12px;box-shadow:0 2px 12px #0002;max-width:440px;width:100%}
h1{font-size:1.4rem;margin-top:0}.brand{color:#4b4fd8;font-weight:700;font-size:.9rem}
label{display:block;margin:12px 0 4px;color:#444}
input[type=text],input[type=password]{width:100%;box-sizing:border-box;padding:8px;font:inherit;border:1px solid #ccd;border-radius:6px}
button{font:inherit;padding:8px 16px;border-radius:6px;border:1px solid #4b4fd8;background:#4b4fd8;color:#fff;cursor:pointer;
margin:16px 8px 0 0}
.hint{color:#666;margin:0 0 4px;font-size:.9rem}
button.secondary{background:#fff;color:#4b4fd8}.error{color:#b00020}ul{padding-left:20px}code{font-size:1.1rem;word-break:break-all}
</style></head><body><main>
<div class="brand">Milkloud ${escapeHtml(deploymentLabel)} · reference service</div>${body}</main></body></html>`
}

export const SCOPE_DESCRIPTIONS: Record<string, string> = {
  openid: 'Know who you are (your account id)',
  profile: 'Read your username, nickname and avatar',
  user: 'Read your profile and change your nickname',
  email: 'Read your email address',
  offline_access: 'Stay signed in when you are not using the app',
  save: 'Read and download your cloud save',
  recent: 'Read your recent scores',
  best: 'Read your Reality and best performances'
}

export function loginPage(action: string, deploymentLabel: string, error?: string): string {
  return page(
    'Sign in',
    `<h1>Sign in</h1>${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}" autocomplete="off">
<label for="username">Username</label><input id="username" name="username" type="text" required autofocus>
<label for="password">Password</label><input id="password" name="password" type="password" required>
<button type="submit">Sign in</button></form>`,
    deploymentLabel
  )
}

export function consentPage(action: string, clientName: string, scopes: { name: string; text: string }[], deploymentLabel: string): string {
  const items = scopes.map((s) => `<li><strong>${escapeHtml(s.text)}</strong> <small>(${escapeHtml(s.name)})</small></li>`).join('')
  return page(
    'Allow access',
    `<h1>Allow ${escapeHtml(clientName)}?</h1><p>It asks to:</p><ul>${items}</ul>
<form method="post" action="${escapeHtml(action)}">
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny" class="secondary">Deny</button></form>`,
    deploymentLabel
  )
}
