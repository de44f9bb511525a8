import Router from '@koa/router'
import type { ServiceContext, Deployment } from './context'
import { createUserToken } from './model'
import { escapeHtml, page } from './pages'

/** `{deployment}/settings/tokens`: sign in, pick scopes, get the `Basic …` header value once. */
export function tokensRouter(service: ServiceContext, d: Deployment): Router {
  const root = d.config.prefix.replace(/\/api$/, '')
  const router = new Router({ prefix: `${root}/settings/tokens` })
  const scopeNames = ['profile', 'user', 'email', ...Object.values(d.config.scopes)]

  const scopeBox = (s: string) => `<label><input type="checkbox" name="scope" value="${escapeHtml(s)}" checked> ${escapeHtml(s)}</label>`
  const form = (error = '') =>
    page(
      'User Tokens',
      `<h1>Create a User Token</h1>
<p>A User Token is for your own scripts and trusted tools. Never share it, post it, or put it in anything public.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" autocomplete="off"><label for="username">Username</label><input id="username" name="username" type="text" required>
<label for="password">Password</label><input id="password" name="password" type="password" required>
<label for="label">Token name</label><input id="label" name="label" type="text" value="Personal script">
<fieldset><legend>Scopes</legend>${scopeNames.map(scopeBox).join('')}</fieldset>
<button type="submit">Create Token</button></form>`,
      d.config.label
    )

  router.get('/', (ctx) => {
    ctx.type = 'html'
    ctx.body = form()
  })

  router.post('/', (ctx) => {
    const body = ctx.request.body as { username?: string; password?: string; label?: string; scope?: string | string[] }
    const account = d.accounts.byUsername(String(body.username ?? ''))
    ctx.type = 'html'
    ctx.set('cache-control', 'no-store')
    if (!account || account.deleted || account.password !== body.password) {
      ctx.body = form('Wrong username or password.')
      return
    }
    const scopes = [body.scope ?? []].flat().filter((s) => scopeNames.includes(s))
    const { header } = createUserToken(d, account, scopes, String(body.label ?? 'Token').slice(0, 60), service.clock.now())
    service.persist()
    ctx.body = page(
      'Token created',
      `<h1>Copy Authorization Header</h1><p>This is shown once. Keep it private.</p><p><code ` +
        `id="header">${escapeHtml(header)}</code></p><p>Scopes: ${escapeHtml(scopes.join(' ') || '(none)')}</p>`,
      d.config.label
    )
  })

  return router
}
