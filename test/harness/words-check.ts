import type { Page } from 'playwright-core'

/**
 * How a language writes numbers, worked out here from Intl (not from the app's own formatting): the decimal and
 * grouping separators, and the separator of its short numeric dates (05.11.2026 in Russian), which is no number.
 */
export function numberWriting(language: string): { decimal: string; group: string; dateSeparator: string } {
  const parts = new Intl.NumberFormat(language, { minimumFractionDigits: 2 }).formatToParts(1234567.25)
  const date = new Intl.DateTimeFormat(language, { day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(Date.UTC(2026, 10, 5))
  return {
    decimal: parts.find((p) => p.type === 'decimal')!.value,
    group: parts.find((p) => p.type === 'group')!.value,
    dateSeparator: date.find((p) => p.type === 'literal')!.value.trim()
  }
}

/**
 * What a player sees on the page that breaks the language's number writing or shows an internal name, outside an
 * element marked `data-copyable` (a field a player copies an id or path from):
 * - a number with a separator the language does not write there ("13.80" in Russian, "1,010,000" in Spanish), or five
 *   digits or more without grouping (an id such as a uid, or a number nobody formatted);
 * - a library id or file stem: an ISO time stem (2026-11-28T23-46-30Z), a raw ISO time, a UUID, a snake_case name
 *   (Cloudburst_Story, _local_alice), a word run into its digits (chapter1), a kept file's name (.sqlite, .json).
 * Text nodes, tooltips (title), accessible names (aria-label), placeholders and the options of visible lists.
 */
export async function wordProblems(page: Page, language: string): Promise<string[]> {
  const writing = numberWriting(language)
  return page.evaluate(({ decimal, group, dateSeparator }) => {
    const texts: string[] = []
    const hidden = (el: Element) => el.closest('[data-copyable], script, style, .visually-hidden[aria-hidden="true"]')
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement!
      if (hidden(parent)) continue
      // Options of a closed list are not rendered, but are what the list offers when opened.
      const option = parent.closest('option')
      if (option ? !option.closest('select')!.checkVisibility() : !parent.checkVisibility({ visibilityProperty: true })) continue
      const text = node.textContent!.trim()
      if (text) texts.push(text)
    }
    for (const el of document.body.querySelectorAll('[title], [aria-label], [placeholder], [alt]')) {
      if (hidden(el) || !el.checkVisibility()) continue
      for (const name of ['title', 'aria-label', 'placeholder', 'alt']) {
        const value = el.getAttribute(name)?.trim()
        if (value) texts.push(value)
      }
    }
    const tip = document.querySelector('[data-testid="focus-tooltip"]')
    if (tip?.checkVisibility() && !hidden(tip)) texts.push(tip.textContent ?? '')

    const found = new Set<string>()
    const idShapes: [string, RegExp][] = [
      ['a time stem', /\d{4}-\d{2}-\d{2}T\d{2}[-:]\d{2}/],
      ['a UUID', /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i],
      ['a snake_case name', /\b[A-Za-z\d]*[a-z][A-Za-z\d]*_[A-Za-z\d_]+|\b[A-Za-z\d_]+_[A-Za-z\d]*[a-z][A-Za-z\d]*\b/],
      ['a word run into its digits', /\b[a-z]{3,}\d+\b/],
      ['a kept file', /\b[\w.-]+\.(?:sqlite|jsonl?|idx)\b/]
    ]
    const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    const separators = `[.,'’\\u00a0\\u202f\\u2009${escape(group)}${escape(decimal)}]`
    const numberPattern = new RegExp(`\\d+(?:${separators}\\d+)*`, 'g')
    for (const whole of texts) {
      // An address is read and copied as written (the chart list's, a service's); the glossary's file names are the game's.
      const said = whole.replace(/\b[a-z][a-z\d+.-]*:\/\/\S+/gi, ' ').replace(/\b(?:resources\.json|constant\.js)\b/g, ' ')
      for (const [what, shape] of idShapes) if (shape.test(said)) found.add(`${what}: "${whole.slice(0, 120)}"`)
      // Versions (0.1.0-e2e, v4.4.2+--1da9fc23, the game's 4.0+) are names, not amounts.
      const text = said
        .replace(/\bv?\d+\.\d+\+/g, ' ')
        .replace(/\bv?\d+(?:\.\d+){2,}(?:[-+][\w.+-]*)?/g, (v) => (/^\d{1,3}(?:\.\d{3})+$/.test(v) ? v : ' '))
      for (const [token] of text.matchAll(numberPattern)) {
        const groups = token.split(new RegExp(separators))
        const seps = [...token.matchAll(new RegExp(separators, 'g'))].map((m) => m[0])
        if (seps.length === 0) {
          if (token.length >= 5) found.add(`five digits or more, ungrouped: "${whole.slice(0, 120)}"`)
          continue
        }
        // A short numeric date (05.11.2026, 5/11/26 has no separator of ours) is no number.
        if (seps.length === 2 && seps.every((s) => s === dateSeparator) && groups[0]!.length <= 2 && groups[1]!.length <= 2) continue
        const last = seps.length - 1
        const grouped = (upTo: number) =>
          groups[0]!.length <= 3 && seps.slice(0, upTo).every((s, i) => s === group && groups[i + 1]!.length === 3)
        const ok = seps[last] === decimal ? grouped(last) : grouped(seps.length)
        if (!ok) found.add(`"${token}" is not written as this language writes numbers: "${whole.slice(0, 120)}"`)
      }
    }
    return [...found]
  }, writing)
}
