import type { Page } from 'playwright-core'

/**
 * What a window shows wrongly, read from the page as laid out, in one pass:
 * - the document scrolls (its scrolling element is taller or wider than the window) instead of the content region;
 * - two things on screen overlap: a line of text with another, a control with a text or another control (each
 *   clipped to what its scrolling ancestors and the window let show);
 * - a text cut off (wider or taller than its box, clipped or ellipsized) with no way to read it whole: neither it
 *   nor an element around it has its whole text as `title` or `aria-label`;
 * - a table header that is cut at all, or wraps onto a second line; a table that does not fit its place (scrolls sideways).
 * Scrolling regions are not "cut": what they hold is reachable by scrolling.
 */
export function fitProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = []
    const root = document.scrollingElement!
    if (root.scrollHeight > root.clientHeight + 1) found.push(`the window scrolls (${root.scrollHeight} > ${root.clientHeight})`)
    if (root.scrollWidth > root.clientWidth + 1) found.push(`the window scrolls sideways (${root.scrollWidth} > ${root.clientWidth})`)

    const short = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim().slice(0, 50)
    const dialog = document.querySelector('dialog[open]')
    const scope: ParentNode = dialog ?? document.body
    const shown = (el: Element) =>
      el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
      !el.closest('[inert], [aria-hidden="true"], .visually-hidden')
    const clips = (el: Element) => {
      const style = getComputedStyle(el)
      return style.overflowX !== 'visible' || style.overflowY !== 'visible'
    }

    /** A rectangle cut to what `from` and every clipping element around it, and the window, show of it. */
    const visible = (rect: DOMRect, from: Element | null) => {
      let [left, top, right, bottom] = [rect.left, rect.top, rect.right, rect.bottom]
      for (let a = from; a && a !== document.documentElement; a = a.parentElement) {
        if (!clips(a)) continue
        const r = a.getBoundingClientRect()
        left = Math.max(left, r.left)
        top = Math.max(top, r.top)
        right = Math.min(right, r.right)
        bottom = Math.min(bottom, r.bottom)
      }
      right = Math.min(right, innerWidth)
      bottom = Math.min(bottom, innerHeight)
      return right - left > 1 && bottom - top > 1 ? { left, top, right, bottom } : null
    }

    type Box = { left: number; top: number; right: number; bottom: number }
    /** A text line: its box, and its box less the room above and below the glyphs (lines set close may share that). */
    type Item = { el: Element; box: Box; glyphs: Box; label: string }
    const items: Item[] = []
    const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT)
    const range = document.createRange()
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement!
      if (!node.textContent!.trim() || parent.closest('script, style, svg, option') || !shown(parent)) continue
      range.selectNodeContents(node)
      for (const rect of range.getClientRects()) {
        const inset = rect.height * 0.18
        // A text is cut by its own element too (an ellipsis), a control only by what is around it.
        const box = visible(rect, parent)
        const glyphs = visible(new DOMRect(rect.left, rect.top + inset, rect.width, rect.height - 2 * inset), parent)
        if (box && glyphs) items.push({ el: parent, box, glyphs, label: short(node.textContent) })
      }
    }
    const controls = 'button, input:not([type="hidden"]), select, textarea, [role="radio"], [role="tab"], [role="textbox"], a[href]'
    const controlItems: Item[] = []
    for (const el of scope.querySelectorAll(controls)) {
      if (!shown(el)) continue
      const box = visible(el.getBoundingClientRect(), el.parentElement)
      if (box)
        controlItems.push({
          el,
          box,
          glyphs: box,
          label: `${el.tagName.toLowerCase()} "${short(el.textContent || el.getAttribute('aria-label'))}"`
        })
    }
    const meet = (a: Box, b: Box) =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5
    const one = (a: Item, b: Item) => a.el === b.el || a.el.contains(b.el) || b.el.contains(a.el)
    // Two texts: their glyphs never meet. A control: no other control meets its box, and a text keeps clear of it
    // by a few pixels above and below (a button set right under a line of text looks laid on it).
    const CLEAR = 3
    const clear = (b: Box) => ({ ...b, top: b.top - CLEAR, bottom: b.bottom + CLEAR })
    for (let i = 0; i < items.length; i++)
      for (let j = i + 1; j < items.length; j++)
        if (!one(items[i]!, items[j]!) && meet(items[i]!.glyphs, items[j]!.glyphs))
          found.push(`${items[i]!.label} overlaps ${items[j]!.label}`)
    for (const [i, c] of controlItems.entries()) {
      for (const other of controlItems.slice(i + 1))
        if (!one(c, other) && meet(c.box, other.box)) found.push(`${c.label} overlaps ${other.label}`)
      for (const text of items) if (!one(c, text) && meet(clear(c.box), text.box)) found.push(`${c.label} touches "${text.label}"`)
    }

    // Cut text: each element whose own box cuts what it holds, not a scrolling region.
    const whole = (el: Element) => {
      for (let a: Element | null = el; a; a = a.parentElement) {
        const label = a.getAttribute('title') || a.getAttribute('aria-label')
        if (label) return label.replace(/\s+/g, ' ')
      }
      return ''
    }
    for (const el of scope.querySelectorAll<HTMLElement>('*')) {
      if (el.matches('input, select, textarea, svg *, option') || !shown(el) || !el.textContent!.trim()) continue
      const style = getComputedStyle(el)
      const wide = el.scrollWidth > el.clientWidth + 1 && (style.overflowX !== 'visible' || style.textOverflow === 'ellipsis')
      const tall = el.scrollHeight > el.clientHeight + 1 && style.overflowY !== 'visible'
      if (!wide && !tall) continue
      if (/auto|scroll/.test(style.overflowX) || /auto|scroll/.test(style.overflowY)) continue
      const text = el.textContent!.replace(/\s+/g, ' ').trim()
      if (el.matches('th')) found.push(`header cut: "${short(text)}"`)
      if (!whole(el).includes(text.replace(/…$/, ''))) found.push(`cut without its whole text: "${short(text)}"`)
    }
    // A table fits its place: a table scrolled sideways hides columns until scrolled to.
    for (const table of scope.querySelectorAll('table')) {
      const box = table.parentElement!
      if (shown(table) && box.scrollWidth > box.clientWidth + 1 && /auto|scroll/.test(getComputedStyle(box).overflowX))
        found.push(
          `a table scrolls sideways: "${short(table.querySelector('th')?.textContent)}…" (${box.scrollWidth} > ${box.clientWidth})`
        )
    }
    for (const th of scope.querySelectorAll<HTMLElement>('th')) {
      if (!shown(th)) continue
      const style = getComputedStyle(th)
      const lines = (th.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom)) / parseFloat(style.lineHeight)
      if (lines >= 1.8) found.push(`header wraps: "${short(th.textContent)}"`)
    }
    return [...new Set(found)]
  })
}

/** Scrolls the content region (or an open dialog's scrolling part) through its whole height, checking each view. */
export async function fitProblemsScrolled(page: Page): Promise<string[]> {
  const found: string[] = []
  const region = (await page.locator('dialog[open]').count()) ? 'dialog[open] .dialog-scroll' : 'main'
  const { height, view } = await page.locator(region).evaluate((el) => ({ height: el.scrollHeight, view: el.clientHeight }))
  for (let top = 0; ; top += Math.max(100, view - 40)) {
    await page.locator(region).evaluate((el, y) => (el.scrollTop = y), Math.min(top, height))
    found.push(...(await fitProblems(page)))
    if (top + view >= height) break
  }
  await page.locator(region).evaluate((el) => (el.scrollTop = 0))
  return [...new Set(found)]
}
