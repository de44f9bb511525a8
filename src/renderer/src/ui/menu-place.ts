type Box = Pick<DOMRect, 'top' | 'bottom' | 'right'>

/** Where a fixed menu goes, in px from the window's edges; `maxHeight` only when it must scroll. */
export interface MenuPlace {
  right: number
  top?: number
  bottom?: number
  maxHeight?: number
}

const MARGIN = 8

/**
 * A menu of `height` px for a button at `button`: under it, or above it when it does not fit below, or else as low as
 * the window allows, over the button; it scrolls within itself only when taller than the window less its margins.
 */
export function placeMenu(button: Box, height: number, window_: { width: number; height: number }): MenuPlace {
  const right = Math.max(MARGIN, window_.width - button.right)
  if (button.bottom + 4 + height <= window_.height - MARGIN) return { right, top: button.bottom + 4 }
  if (button.top - 4 - height >= MARGIN) return { right, bottom: window_.height - button.top + 4 }
  const room = window_.height - 2 * MARGIN
  return height <= room ? { right, top: window_.height - MARGIN - height } : { right, top: MARGIN, maxHeight: room }
}

/** Puts the menu element where `placeMenu` says (the DOM's own style: this runs before paint, after measuring). */
export function applyMenuPlace(menu: HTMLElement, place: MenuPlace): void {
  const px = (v: number | undefined) => (v === undefined ? '' : `${v}px`)
  Object.assign(menu.style, {
    right: px(place.right),
    top: px(place.top),
    bottom: px(place.bottom),
    maxHeight: px(place.maxHeight),
    overflowY: place.maxHeight === undefined ? '' : 'auto'
  })
}
