import type { Page } from 'playwright-core'

/**
 * Where an address or a path shown on the page wraps inside a name ("…milthm.cn/a" | "pi") though a separator was
 * near: for each element matching `selector`, every place a line ends is found from the characters' own boxes, and a
 * break that does not come after a separator (/ \ . ? & = # : _ -) or a space is listed with the text around it.
 * A name wider than the whole line may still break inside: such a name is not listed.
 */
export function midWordBreaks(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const separator = /[/\\.?&=#:_\-\s]/
    const problems: string[] = []
    for (const element of document.querySelectorAll(selector)) {
      if (!element.checkVisibility()) continue
      const text = element.textContent ?? ''
      const lineWidth = element.getBoundingClientRect().width
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
      const boxes: { char: string; top: number; left: number; right: number }[] = []
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < node.textContent!.length; i++) {
          const range = document.createRange()
          range.setStart(node, i)
          range.setEnd(node, i + 1)
          const rect = range.getClientRects()[0]
          if (rect) boxes.push({ char: node.textContent![i]!, top: rect.top, left: rect.left, right: rect.right })
        }
      }
      for (let i = 1; i < boxes.length; i++) {
        if (boxes[i]!.top <= boxes[i - 1]!.top + 1) continue
        if (separator.test(boxes[i - 1]!.char) || separator.test(boxes[i]!.char)) continue
        // The name around the break, separator to separator: wider than the line, it had to break inside.
        let start = i - 1
        while (start > 0 && !separator.test(boxes[start - 1]!.char)) start--
        let end = i
        while (end < boxes.length - 1 && !separator.test(boxes[end + 1]!.char)) end++
        const nameWidth = boxes.slice(start, end + 1).reduce((sum, b) => sum + (b.right - b.left), 0)
        if (nameWidth < lineWidth) problems.push(`${text.slice(0, 80)}: breaks at "…${boxes[i - 1]!.char}|${boxes[i]!.char}…"`)
      }
    }
    return problems
  }, selector)
}

/** Every element that shows an address or a path, as the app marks them. */
export const ADDRESSES_AND_PATHS = '.file-name, .link-text, .radio-card small'
