import { createHash, randomBytes } from 'node:crypto'

export function pkce() {
  const verifier = randomBytes(32).toString('base64url')
  const challenge = createHash('sha256').update(verifier).digest('base64url')
  return { verifier, challenge }
}

export function authorizationUrl(issuer: string, params: Record<string, string>): string {
  const url = new URL(`${issuer}/authorize`)
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v)
  return url.href
}

export async function tokenRequest(issuer: string, form: Record<string, string>) {
  const response = await fetch(`${issuer}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(form).toString()
  })
  return { status: response.status, body: (await response.json()) as Record<string, string | number> }
}
