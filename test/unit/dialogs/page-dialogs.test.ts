import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PageDialogs } from '../../../src/main/dialogs/page-dialogs'
import { nodeFiles } from '../../../src/main/platform-node/files'
import type { DialogRequest } from '../../../src/shared/dialogs'

const dir = mkdtempSync(join(tmpdir(), 'page-dialogs-'))
mkdirSync(join(dir, 'game'))
writeFileSync(join(dir, 'a-file'), 'x')

function dialogs(waitMs?: number) {
  const asked: DialogRequest[] = []
  const d = new PageDialogs(
    (r) => asked.push(r),
    nodeFiles,
    () => join(dir, 'documents'),
    waitMs
  )
  return { d, asked, last: () => asked.at(-1)! }
}

describe('dialogs asked of the page (the web host has no native ones)', () => {
  it('a folder is asked with what to offer, and the checked answer is what the caller gets', async () => {
    const { d, last } = dialogs()
    const suggestions = [{ path: join(dir, 'game'), kind: 'sample' as const, found: true }]
    const chosen = d.port().chooseFolder({ purpose: 'game', suggestions })
    expect(last()).toMatchObject({ kind: 'folder', purpose: 'game', suggestions, path: null })
    await d.answer(last().id, `  ${join(dir, 'game', '..', 'game')}  `)
    await expect(chosen).resolves.toBe(join(dir, 'game'))
  })

  it('a folder that will not do is refused with why, and the question stays open for another try', async () => {
    const { d, last } = dialogs()
    const chosen = d.port().chooseFolder({ purpose: 'game' })
    const id = last().id
    await expect(d.answer(id, 'game')).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/full path/) })
    await expect(d.answer(id, join(dir, 'missing'))).rejects.toMatchObject({ message: expect.stringMatching(/There is no folder/) })
    await expect(d.answer(id, join(dir, 'a-file'))).rejects.toMatchObject({ message: expect.stringMatching(/is a file/) })
    // A backup folder may be made, in a folder that exists.
    await d.answer(id, join(dir, 'game'))
    await expect(chosen).resolves.toBe(join(dir, 'game'))
    const backups = d.port().chooseFolder({ purpose: 'backups' })
    await d.answer(last().id, join(dir, 'new-backups'))
    await expect(backups).resolves.toBe(join(dir, 'new-backups'))
    const nowhere = d.port().chooseFolder({ purpose: 'backups' })
    await expect(d.answer(last().id, join(dir, 'missing', 'deeper'))).rejects.toMatchObject({
      message: expect.stringMatching(/does not exist/)
    })
    await d.answer(last().id, null)
    await expect(nowhere).resolves.toBeNull()
  })

  it('a newer question cancels the older one; an answer to it is refused; an unanswered one ends by itself', async () => {
    const { d, asked, last } = dialogs(50)
    const first = d.port().chooseFolder({ purpose: 'plays' })
    const second = d.port().chooseFolder({ purpose: 'game' })
    await expect(first).resolves.toBeNull()
    await expect(d.answer(asked[0]!.id, join(dir, 'game'))).rejects.toMatchObject({ code: 'not_found' })
    await expect(second).resolves.toBeNull()
    expect(last().purpose).toBe('game')
  })

  it('export asks for a folder (the documents folder offered) and saves under the given name; reveal shows the path', async () => {
    const { d, asked, last } = dialogs()
    const target = d.port().chooseSavePath('saves.db')
    expect(last()).toMatchObject({
      purpose: 'export',
      path: 'saves.db',
      suggestions: [{ path: join(dir, 'documents'), kind: 'documents' }]
    })
    await d.answer(last().id, join(dir, 'game'))
    await expect(target).resolves.toBe(join(dir, 'game', 'saves.db'))
    d.port().revealInFolder(join(dir, 'a-file'))
    expect(asked.at(-1)).toMatchObject({ kind: 'show', purpose: 'reveal', path: join(dir, 'a-file') })
    const open = d.port().chooseFolder()
    d.dispose()
    await expect(open).resolves.toBeNull()
  })
})
