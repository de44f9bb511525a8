/**
 * English left in a translation, for the completeness tests of the renderer's catalogues, main's texts and the CLI's.
 * In a language written in another script any Latin word is suspect; in a Latin-script language (Spanish, Italian,
 * Vietnamese) a word is suspect when English uses it, unless the game or the language keeps it (docs/glossary.md).
 */

/** Names and formats that stay as they are in translated text: products, the game's own terms, key names. */
export const KEPT_PHRASES = ['Full Combo', 'All Perfect', 'Authorization header', 'Secret Service', 'GNOME Keyring', 'User Token']

/** Words that stay as they are (case as written): products, formats, units, the game's own words, keys. */
export const KEPT = new Set([
  ...['Milkloud', 'Milthm', 'JSON', 'CSV', 'PNG', 'URL', 'ID', 'IDs', 'UID', 'uid', 'SQLite', 'Token', 'Basic', 'OIDC', 'PKCE'],
  ...['https', 'http', 'Authorization', 'header', 'user', 'profile', 'game', 'milthm', 'Secret', 'Service', 'GNOME', 'Keyring'],
  ...['KWallet', 'Linux', 'Ctrl', 'SHA', 'MiB', 'KiB', 'GiB', 'data', 'SongRecords', 'SongRecordsV3', 'CLI', 'API', 'Electron'],
  ...['macOS', 'Windows', 'README'],
  // What a CLI reader types or reads as written: npx before a command, sha256 before a checksum.
  ...['npx', 'sha'],
  // The game's own words, as it shows them: Reality, judgements, difficulty names, its Overloaded and AutoPlay results.
  ...['Reality', 'Exact', 'Perfect', 'Great', 'Good', 'Bad', 'Miss', 'Fracture', 'Overloaded', 'AutoPlay'],
  ...['Drizzle', 'Sprinkle', 'Cloudburst', 'Clear', 'Special'],
  // The game's own file names (saves.db, data.db).
  ...['saves'],
  ...['Home', 'End']
])

/**
 * Words a Latin-script language writes as English does: its own words that English also has (Spanish "local",
 * Italian "come"), and the loanwords its players use (docs/glossary.md: "chart" in all three, Italian "backup").
 */
export const SHARED_WORDS: Readonly<Record<string, readonly string[]>> = {
  es: [
    ...['app', 'apps', 'chart', 'charts', 'demo', 'error', 'global', 'local', 'china', 'avatar', 'base', 'extra', 'proxy', 'min'],
    ...['plan', 'total', 'byte', 'bytes', 'tokens']
  ],
  it: [
    ...['app', 'chart', 'demo', 'avatar', 'base', 'proxy', 'come', 'fine', 'note', 'compare', 'input', 'query', 'password'],
    ...['link', 'manifest', 'checksum', 'client', 'community', 'computer', 'cloud', 'download', 'email', 'file', 'nickname'],
    ...['offline', 'record', 'server', 'touch', 'account', 'backup', 'browser', 'open', 'source', 'min', 'per', 'byte', 'state']
  ],
  vi: ['chart', 'client', 'demo', 'email', 'manifest', 'proxy', 'keyring', 'game', 'byte']
}

/**
 * What a player types as written, left out like file names: a `companion …` command (up to four words or an
 * UPPER-CASE argument), a `--flag` (with its UPPER-CASE argument), a name in quotes or backticks (the folder
 * "unknown"), a formula's function (`max(`), an environment variable (`COMPANION_USER_TOKEN`).
 */
const COMMAND_NAMES = new RegExp(
  [
    /\bcompanion(?:\s+(?:--)?(?:[a-z][\w-]*|[A-Z]+\b)){0,4}/.source,
    /--[a-z][\w-]*(?:[ =][A-Z]+\b)?/.source,
    /["`«“„][a-z][\w-]*["`»”“]/.source,
    /\b[a-z]+(?=\()/.source,
    /\b[A-Z]+(?:_[A-Z]+)+\b/.source
  ].join('|'),
  'g'
)

const latinScript = (language: string) => new Intl.Locale(language).maximize().script === 'Latn'

/** Every word of English source texts, lower-cased: what a Latin-script translation must not have left in. */
export function vocabulary(english: Iterable<string>): Set<string> {
  const words = new Set<string>()
  for (const text of english) for (const word of text.match(/\p{L}{3,}/gu) ?? []) words.add(word.toLowerCase())
  return words
}

/** The English words left in a translated `text` of `language` (placeholders, kept phrases and file names aside). */
export function englishWords(language: string, text: string, english: Set<string>): string[] {
  const bare = KEPT_PHRASES.reduce((t, phrase) => t.replaceAll(phrase, ''), text)
    .replace(/\{\{\w+\}\}/g, '')
    .replace(/[\w.-]+\.(json|js|db)\b/g, '')
    .replace(COMMAND_NAMES, '')
  if (!latinScript(language)) return (bare.match(/[A-Za-z]{3,}/g) ?? []).filter((w) => !KEPT.has(w))
  const shared = new Set([...KEPT, ...(SHARED_WORDS[language] ?? [])].map((w) => w.toLowerCase()))
  // An elided article stays with its word (Italian "all'interno" is not "all").
  return (bare.match(/\p{L}+(?:['’]\p{L}+)*/gu) ?? []).filter((w) => english.has(w.toLowerCase()) && !shared.has(w.toLowerCase()))
}
