import { net, protocol } from 'electron'
import { realpath } from 'node:fs/promises'
import { isAbsolute, join, normalize, relative } from 'node:path'
import { pathToFileURL } from 'node:url'

export const APP_SCHEME = 'app'
export const APP_ORIGIN = `${APP_SCHEME}://bundle`

/** The renderer's Content Security Policy, sent as a header too (the same text as index.html's meta tag). */
export const RENDERER_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; " +
  "connect-src 'self'; worker-src 'self' blob:; base-uri 'none'; form-action 'none'; object-src 'none'"

const inside = (root: string, path: string) => {
  const rel = relative(root, path)
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel)
}

/**
 * Resolves a request path to a file inside the renderer folder: decoded, normalised and, after
 * following links, still inside it. Null for anything else (traversal, a link out, a bad escape).
 */
export async function resolveRendererFile(rendererDir: string, requestUrl: string): Promise<string | null> {
  let url: URL
  let decoded: string
  try {
    url = new URL(requestUrl)
    decoded = decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname)
  } catch {
    return null
  }
  if (url.host !== 'bundle' || decoded.includes('\0')) return null
  const path = normalize(join(rendererDir, decoded))
  if (!inside(rendererDir, path)) return null
  try {
    const [real, realRoot] = await Promise.all([realpath(path), realpath(rendererDir)])
    return inside(realRoot, real) ? real : null
  } catch {
    return null
  }
}

/**
 * Must run before `app.ready`: the scheme behaves like a standard secure origin. `codeCache`: V8 keeps
 * the compiled renderer between starts, as it does for https (custom schemes have none by default).
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } }
  ])
}

/**
 * Serves the built renderer from `app://bundle/`. A custom origin (rather than file://) gives the
 * page a real origin for CSP 'self', keeps file:// out of reach, and lets the
 * GrantFileProtocolExtraPrivileges fuse be turned off.
 */
export function serveRenderer(rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const path = await resolveRendererFile(rendererDir, request.url)
    if (!path) return new Response('Not found', { status: 404 })
    const file = await net.fetch(pathToFileURL(path).toString())
    const headers = new Headers(file.headers)
    headers.set('content-security-policy', RENDERER_CSP)
    headers.set('x-content-type-options', 'nosniff')
    return new Response(file.body, { status: file.status, headers })
  })
}
