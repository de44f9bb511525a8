/**
 * A minimal scripted browser for the reference service's pages: follows redirects by hand, keeps
 * cookies, fills the login and consent forms. Stops when a redirect leaves the service (the app's
 * loopback redirect) and returns that URL without requesting it, unless `follow` is set.
 */
export interface BrowserLoginOptions {
  username: string
  password: string
  decision?: 'allow' | 'deny'
  /** Where to stop: the app's redirect_uri origin. */
  stopAt?: (url: URL) => boolean
  maxSteps?: number
  /** A page that ends the walk (e.g. the device flow's success page). */
  finalPage?: RegExp
}

export class ScriptedBrowser {
  readonly cookies = new Map<string, string>()

  #cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  }

  #store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  async request(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = { cookie: this.#cookieHeader(), accept: 'text/html' }
    let body: string | undefined
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      body = new URLSearchParams(init.form).toString()
    }
    const response = await fetch(url, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body, redirect: 'manual' })
    this.#store(response)
    return response
  }

  /** Walks from the authorization URL through login and consent to the final redirect. */
  async authorize(authorizationUrl: string, options: BrowserLoginOptions): Promise<URL> {
    const stopAt = options.stopAt ?? ((u: URL) => u.hostname === '127.0.0.1' && u.pathname === '/callback')
    let url = authorizationUrl
    let form: Record<string, string> | undefined
    for (let step = 0; step < (options.maxSteps ?? 20); step++) {
      const response = await this.request(url, form ? { form } : {})
      form = undefined
      const location = response.headers.get('location')
      if (location) {
        const next = new URL(location, url)
        if (stopAt(next)) return next
        url = next.href
        continue
      }
      const html = await response.text()
      if (options.finalPage?.test(html)) return new URL(url)
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]
      if (html.includes('name="password"') && action) {
        url = new URL(action.replace(/&amp;/g, '&'), url).href
        form = { username: options.username, password: options.password }
      } else if (html.includes('name="decision"') && action) {
        url = new URL(action.replace(/&amp;/g, '&'), url).href
        form = { decision: options.decision ?? 'allow' }
      } else {
        throw new Error(`unexpected page at ${url}: ${response.status} ${html.replace(/<style>[\s\S]*?<\/style>/, '').slice(0, 800)}`)
      }
    }
    throw new Error('too many steps')
  }
}

export function extractCode(html: string): string | undefined {
  return /<code[^>]*>([^<]+)<\/code>/.exec(html)?.[1]
}
