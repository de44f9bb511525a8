import type { Page } from 'playwright-core'

/**
 * Saves a file the way a player does in a window without native dialogs: `click` starts it, the page's own dialog is
 * answered with `folder` (it must exist), and the banner's path is returned once it names the new file. A banner
 * from an earlier save is closed first, so the path read is this save's. Works in every language (no label is read).
 */
export async function saveInto(page: Page, folder: string, click: () => Promise<void>): Promise<string> {
  const banner = page.getByTestId('saved-file')
  if (await banner.count()) {
    await banner.getByRole('button').last().click()
    await banner.waitFor({ state: 'detached' })
  }
  await click()
  const dialog = page.getByTestId('page-dialog')
  // A save refused before any dialog (a file main would not take) shows in the banner: said at once.
  await dialog.or(banner).first().waitFor()
  if (!(await dialog.count())) throw new Error(`no save dialog: ${await banner.textContent()}`)
  await dialog.locator('input:not([type="radio"])').fill(folder)
  await dialog.locator('button[type="submit"]').click()
  const path = banner.locator('.file-name')
  await path.waitFor()
  return (await path.textContent())!
}
