import markUrl from '../../../../../resources/icon.svg?url'
import type { ThemeColours } from '../palette'
import { loadImage, PICTURE_PAD, type Box, type Picture, type Run } from './picture'

/** The parts every picture of a player shares: the header band and the footer with the app's mark. */

/** The header band's runs: the player's at the left (name, then smaller lines), the figure's at the right. */
export interface HeaderRuns {
  /** A round avatar (or the name's first letter on the accent colour) before the left runs. */
  avatar?: { image: HTMLImageElement | null; initial: string }
  left: readonly Run[]
  right: readonly Run[]
}

const AVATAR = 120
const INSET = 32
/** Room between the left and right columns of the band. */
const COLUMN_GAP = 32

/**
 * The header band at `top`, `height` tall: the avatar, then the left runs stacked in the width the right ones leave;
 * the right runs (right-aligned) as wide as their widest at its largest size, but never more than 45 % of the band.
 */
export function header(p: Picture, theme: ThemeColours, runs: HeaderRuns, top: number, height: number): void {
  const band = { x: PICTURE_PAD, y: top, w: p.width - 2 * PICTURE_PAD, h: height }
  p.panel(band, 20, theme.cardTint)
  let left = band.x + INSET
  if (runs.avatar) {
    avatar(p, theme, runs.avatar, { x: left, y: top + (height - AVATAR) / 2, w: AVATAR, h: AVATAR })
    left += AVATAR + 28
  }
  const right = band.x + band.w - INSET
  const inner = { y: top + 16, h: height - 32 }
  const rightWidth = Math.min(Math.max(...runs.right.map((run) => p.natural(run))), (right - left) * 0.45)
  p.stack(runs.left, { x: left, ...inner, w: right - left - rightWidth - COLUMN_GAP }, 6)
  p.stack(
    runs.right.map((run) => ({ ...run, style: { ...run.style, align: 'right' as const } })),
    { x: right - rightWidth, ...inner, w: rightWidth },
    4
  )
}

function avatar(p: Picture, theme: ThemeColours, content: NonNullable<HeaderRuns['avatar']>, box: Box): void {
  const { ctx } = p
  ctx.save()
  ctx.beginPath()
  ctx.arc(box.x + box.w / 2, box.y + box.h / 2, box.w / 2, 0, Math.PI * 2)
  ctx.clip()
  if (content.image) p.image(content.image, box)
  else {
    ctx.fillStyle = theme.accent
    ctx.fillRect(box.x, box.y, box.w, box.h)
    const inset = box.w * 0.2
    p.text(
      content.initial,
      { x: box.x + inset, y: box.y + inset, w: box.w - 2 * inset, h: box.h - 2 * inset },
      { weight: 700, sizes: [56, 48, 40], colour: theme.accentText, align: 'center' }
    )
  }
  ctx.restore()
}

/** The height the footer takes at a picture's bottom. */
export const FOOTER = 36

/** The app's mark and name at the bottom of the picture. */
export async function footer(p: Picture, theme: ThemeColours, appName: string): Promise<void> {
  const mark = await loadImage(markUrl)
  const y = p.height - PICTURE_PAD - FOOTER
  let x = PICTURE_PAD
  if (mark) {
    p.image(mark, { x, y, w: FOOTER, h: FOOTER })
    x += FOOTER + 12
  }
  p.text(appName, { x, y, w: p.width - PICTURE_PAD - x, h: FOOTER }, { weight: 600, sizes: [18, 16, 14], colour: theme.muted })
}
