import { net, protocol } from 'electron'
import { join, normalize, relative, isAbsolute } from 'node:path'
import { pathToFileURL } from 'node:url'

export const APP_SCHEME = 'app'
export const APP_ORIGIN = `${APP_SCHEME}://bundle`

/** Must run before `app.ready`: the scheme behaves like a standard secure origin. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }
  ])
}

/**
 * Serves the built renderer from `app://bundle/`. A custom origin (rather than file://) gives the
 * page a real origin for CSP 'self', keeps file:// out of reach, and lets the
 * GrantFileProtocolExtraPrivileges fuse be turned off.
 */
export function serveRenderer(rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url)
    if (url.host !== 'bundle') return new Response('Not found', { status: 404 })
    const path = normalize(join(rendererDir, decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname)))
    const rel = relative(rendererDir, path)
    if (rel.startsWith('..') || isAbsolute(rel)) return new Response('Not found', { status: 404 })
    return net.fetch(pathToFileURL(path).toString())
  })
}
