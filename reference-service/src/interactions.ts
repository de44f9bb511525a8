import Router from '@koa/router'
import type { Context } from 'koa'
import type { Deployment } from './context'
import { consentPage, escapeHtml, loginPage, page, SCOPE_DESCRIPTIONS } from './pages'

function scopeText(d: Deployment, scope: string): string {
  const capability = Object.entries(d.config.scopes).find(([, name]) => name === scope)?.[0]
  return SCOPE_DESCRIPTIONS[capability ?? scope] ?? scope
}

/** Login and consent pages that oidc-provider sends the browser to. */
export function interactionRouter(d: Deployment): Router {
  const router = new Router({ prefix: `${d.config.prefix}/interaction` })
  const label = d.config.label

  const details = (ctx: Context) => d.provider.interactionDetails(ctx.req, ctx.res)

  router.get('/:uid', async (ctx) => {
    const interaction = await details(ctx)
    ctx.type = 'html'
    ctx.set('cache-control', 'no-store')
    if (interaction.prompt.name === 'login') {
      ctx.body = loginPage(`${d.config.prefix}/interaction/${interaction.uid}/login`, label)
      return
    }
    const missing = new Set<string>([
      ...((interaction.prompt.details.missingOIDCScope as string[] | undefined) ?? []),
      ...String(interaction.params.scope ?? '')
        .split(' ')
        .filter(Boolean)
    ])
    const scopes = [...missing].map((name) => ({ name, text: scopeText(d, name) }))
    const client = await d.provider.Client.find(String(interaction.params.client_id))
    ctx.body = consentPage(`${d.config.prefix}/interaction/${interaction.uid}/consent`, client?.clientName ?? 'This app', scopes, label)
  })

  router.post('/:uid/login', async (ctx) => {
    const interaction = await details(ctx)
    const body = ctx.request.body as { username?: string; password?: string }
    const account = d.accounts.byUsername(String(body.username ?? ''))
    if (!account || account.deleted || account.password !== body.password) {
      ctx.status = 200
      ctx.type = 'html'
      ctx.body = loginPage(`${d.config.prefix}/interaction/${interaction.uid}/login`, label, 'Wrong username or password.')
      return
    }
    const to = await d.provider.interactionResult(
      ctx.req,
      ctx.res,
      { login: { accountId: account.uid } },
      { mergeWithLastSubmission: false }
    )
    ctx.status = 303
    ctx.redirect(to)
  })

  router.post('/:uid/consent', async (ctx) => {
    const interaction = await details(ctx)
    const body = ctx.request.body as { decision?: string }
    if (body.decision !== 'allow') {
      const to = await d.provider.interactionResult(
        ctx.req,
        ctx.res,
        { error: 'access_denied', error_description: 'The user denied access.' },
        { mergeWithLastSubmission: false }
      )
      ctx.status = 303
      ctx.redirect(to)
      return
    }
    const { session, params, prompt } = interaction
    if (!session) {
      ctx.type = 'html'
      ctx.body = page('Session expired', `<h1>Session expired</h1><p>${escapeHtml('Start the sign-in again from the app.')}</p>`, label)
      return
    }
    const grant = interaction.grantId
      ? ((await d.provider.Grant.find(interaction.grantId)) ??
        new d.provider.Grant({ accountId: session.accountId, clientId: String(params.client_id) }))
      : new d.provider.Grant({ accountId: session.accountId, clientId: String(params.client_id) })
    const missingScope = (prompt.details.missingOIDCScope as string[] | undefined) ?? []
    if (missingScope.length) grant.addOIDCScope(missingScope.join(' '))
    const missingClaims = (prompt.details.missingOIDCClaims as string[] | undefined) ?? []
    if (missingClaims.length) grant.addOIDCClaims(missingClaims)
    const grantId = await grant.save()
    const to = await d.provider.interactionResult(ctx.req, ctx.res, { consent: { grantId } }, { mergeWithLastSubmission: true })
    ctx.status = 303
    ctx.redirect(to)
  })

  return router
}
