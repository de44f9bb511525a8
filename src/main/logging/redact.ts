/**
 * Removes credentials from anything about to be logged or shown: every secret the app currently
 * holds (registered as it is obtained), plus the shapes secrets travel in (Authorization values,
 * token parameters, signed-URL signatures).
 */
const PATTERNS: RegExp[] = [
  /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{6,}/gi,
  /\b(access_token|refresh_token|id_token|code_verifier|device_code|code|sig|signature|token|x-amz-signature)=([^&\s"'#]+)/gi,
  /"(access_token|refresh_token|id_token|code_verifier|device_code|authorization|file_url|token)"\s*:\s*"[^"]*"/gi
]

/**
 * The most secrets held at once. Holders register a secret again at each use, so only those unused the longest
 * leave: a month of refreshed sessions would otherwise keep every token ever issued, and every log line would
 * search for each of them (over a thousand in the soak's month).
 */
export const MAX_SECRETS = 256

export class Redactor {
  /** In order of last registration: the first is the one unused the longest. */
  readonly #secrets = new Set<string>()

  /** Secrets shorter than 8 characters are not registered: masking them would mangle ordinary text. */
  add(secret: string | undefined | null): void {
    if (!secret || secret.length < 8) return
    this.#secrets.delete(secret)
    this.#secrets.add(secret)
    if (this.#secrets.size > MAX_SECRETS) this.#secrets.delete(this.#secrets.values().next().value!)
  }

  remove(secret: string | undefined | null): void {
    if (secret) this.#secrets.delete(secret)
  }

  get size(): number {
    return this.#secrets.size
  }

  text(input: string): string {
    let out = input
    const found: string[] = []
    for (const secret of this.#secrets) if (input.includes(secret)) found.push(secret)
    // The longest first: a User Token's header ("Basic …") goes whole, not around its own value.
    for (const secret of found.sort((a, b) => b.length - a.length)) out = out.split(secret).join('[redacted]')
    out = out.replace(PATTERNS[0]!, '$1 [redacted]')
    out = out.replace(PATTERNS[1]!, '$1=[redacted]')
    out = out.replace(PATTERNS[2]!, '"$1":"[redacted]"')
    return out
  }

  value(input: unknown, depth = 0): unknown {
    if (typeof input === 'string') return this.text(input)
    if (depth > 6 || input === null || typeof input !== 'object') return input
    if (input instanceof Error) return { name: input.name, message: this.text(input.message) }
    if (Array.isArray(input)) return input.map((v) => this.value(v, depth + 1))
    return Object.fromEntries(Object.entries(input).map(([k, v]) => [k, this.value(v, depth + 1)]))
  }
}

/** One per process: the auth service registers what it obtains; every log line passes through it. */
export const redactor = new Redactor()
