import type { Page } from 'playwright-core'
import { readCatalogue } from '../../scripts/i18n-missing'
import type { Language } from '../../src/shared/settings'
import { KEPT, KEPT_PHRASES } from '../support/english-words'

/** The catalogue a screen in `language` is checked against, and its navigation names (to click through the screens). */
export function catalogue(language: Language) {
  const texts = readCatalogue(language)!
  const keys = ['profile', 'scores', 'sessions', 'reality', 'progress', 'backups', 'settings'] as const
  const nav = keys.map((k) => texts.get(`nav.${k}`)!)
  /** Each screen's name by its key: an index into `nav` shifts when a screen is added. */
  const screen = Object.fromEntries(keys.map((k, i) => [k, nav[i]!])) as Record<(typeof keys)[number], string>
  return { texts, nav, screen, addAccount: texts.get('accounts.add')! }
}

/**
 * The literal parts of the English UI texts a translation says differently (around their {{placeholders}}, their
 * punctuation and spaces trimmed), long enough to be unmistakable: any of them on a screen in another language is English left behind.
 */
function englishPieces(language: Language): string[] {
  const english = readCatalogue('en')!
  const translated = readCatalogue(language)!
  return [
    ...new Set(
      [...english]
        .filter(([key, text]) => translated.get(key) !== text)
        .flatMap(([, text]) => text.split(/\{\{\w+\}\}/))
        .map((piece) =>
          piece
            .trim()
            .replace(/^[:(,.]+|[:),.]+$/g, '')
            .trim()
        )
        // The game's own words (All Perfect, Reality) stand as they are in every language.
        .filter((piece) => piece.length >= 4 && /[A-Za-z]{4,}/.test(piece) && !KEPT_PHRASES.includes(piece) && !KEPT.has(piece))
    )
  ]
}

/**
 * English UI text shown on the page: a text node or a label (aria-label, title, placeholder, alt) that is, or for
 * longer texts contains, a piece of an English UI string. What is marked English on purpose (lang="en") is skipped;
 * the service's data (song titles, names) is not UI text and cannot match a whole piece by chance.
 */
export async function englishLeft(page: Page, language: Language): Promise<string[]> {
  const pieces = englishPieces(language)
  return page.evaluate((pieces) => {
    const shown: string[] = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement!
      if (parent.closest('[lang="en"], script, style') || !parent.checkVisibility()) continue
      const text = node.textContent!.trim()
      if (text) shown.push(text)
    }
    for (const el of document.body.querySelectorAll<HTMLElement>('[aria-label], [title], [placeholder], [alt]'))
      if (!el.closest('[lang="en"]'))
        for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
          const value = el.getAttribute(name)?.trim()
          if (value) shown.push(value)
        }
    return [...new Set(shown.filter((text) => pieces.some((piece) => text === piece || (piece.length >= 12 && text.includes(piece)))))]
  }, pieces)
}
