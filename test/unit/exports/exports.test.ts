import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { exportsHandlers } from '../../../src/main/exports/handlers'
import { ExportsService } from '../../../src/main/exports/exports-service'
import { createDispatcher, type Handlers } from '../../../src/main/ipc/dispatcher'
import { nodeFiles } from '../../../src/main/platform-node/files'
import { ExportFile } from '../../../src/shared/exports'
import { EXPORT_KINDS, MAX_EXPORT_BYTES, safeFileName } from '../../../src/shared/file-names'

/** A real one-pixel PNG, built here byte by byte (signature, IHDR, IDAT, IEND; CRCs left zero: only the signature is checked). */
function onePixelPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    return Buffer.concat([length, Buffer.from(type, 'ascii'), data, Buffer.alloc(4)])
  }
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0])
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
    chunk('IEND', Buffer.alloc(0))
  ])
}

describe('exports: files the window made, saved by main where the player chooses', () => {
  const dirs: string[] = []
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })))

  function setUp(choice: 'choose' | 'cancel' = 'choose') {
    const folder = mkdtempSync(join(tmpdir(), 'exports-'))
    dirs.push(folder)
    const asked: string[] = []
    const revealed: string[] = []
    const service = new ExportsService(
      {
        chooseSavePath: async (name) => (asked.push(name), choice === 'choose' ? join(folder, name) : null),
        revealInFolder: (path) => void revealed.push(path)
      },
      nodeFiles
    )
    const dispatch = createDispatcher({ handlers: exportsHandlers(service) as Handlers, isTrustedSender: () => true })
    const call = (channel: string, ...args: unknown[]) => dispatch(channel, args, { url: 'app://window' })
    return { folder, asked, revealed, call }
  }

  it('saves the bytes it was given where the player chose, says where, and shows only that file', async () => {
    const { folder, asked, revealed, call } = setUp()
    const png = onePixelPng()
    const saved = await call('exports:save', { name: 'reality-touch-alice.png', base64: png.toString('base64') })
    expect(saved).toEqual({ ok: true, value: join(folder, 'reality-touch-alice.png') })
    expect(asked).toEqual(['reality-touch-alice.png'])
    expect(readFileSync(join(folder, 'reality-touch-alice.png')).equals(png)).toBe(true)
    const csv = 'rank,chart_id,title\n1,abc,"Ame, no Uta"\n'
    expect(await call('exports:save', { name: 'best.csv', base64: Buffer.from(csv).toString('base64') })).toMatchObject({ ok: true })
    expect(readFileSync(join(folder, 'best.csv'), 'utf8')).toBe(csv)

    expect(await call('exports:reveal', join(folder, 'reality-touch-alice.png'))).toEqual({ ok: true, value: null })
    expect(revealed).toEqual([join(folder, 'reality-touch-alice.png')])
    // A path the window names that main did not save: not shown.
    expect(await call('exports:reveal', '/etc/passwd')).toMatchObject({ ok: false, error: { code: 'not_found' } })
    expect(revealed).toHaveLength(1)
  })

  it('the player closing the dialog saves nothing and is no error', async () => {
    const { folder, call } = setUp('cancel')
    const result = await call('exports:save', { name: 'a.png', base64: onePixelPng().toString('base64') })
    expect(result).toEqual({ ok: true, value: null })
    expect(readdirSync(folder)).toEqual([])
  })

  it('refuses what is not the file it says, a name with a folder in it, or too much, before asking where; nothing written', async () => {
    const { folder, asked, call } = setUp()
    const b64 = (text: string) => Buffer.from(text).toString('base64')
    const refused = [
      { file: { name: 'image.png', base64: b64('<html>not a picture</html>') }, code: 'invalid_input' },
      { file: { name: 'data.json', base64: b64('{"best": [') }, code: 'invalid_input' },
      { file: { name: 'table.csv', base64: Buffer.from([0xff, 0xfe, 0xfd]).toString('base64') }, code: 'invalid_input' },
      { file: { name: 'empty.png', base64: '' }, code: 'invalid_input' },
      { file: { name: '../../.bashrc.png', base64: onePixelPng().toString('base64') }, code: 'invalid_payload' },
      { file: { name: 'C:\\Windows\\x.png', base64: onePixelPng().toString('base64') }, code: 'invalid_payload' },
      { file: { name: 'run.exe', base64: b64('MZ') }, code: 'invalid_payload' },
      { file: { name: 'line\nbreak.png', base64: onePixelPng().toString('base64') }, code: 'invalid_payload' },
      { file: { name: 'a.png', base64: 'not base64!' }, code: 'invalid_payload' },
      { file: { name: 'big.csv', base64: 'A'.repeat(Math.ceil(MAX_EXPORT_BYTES / 3) * 4 + 4) }, code: 'invalid_payload' }
    ]
    for (const { file, code } of refused) {
      const result = await call('exports:save', file)
      expect(result, file.name).toMatchObject({ ok: false, error: { code } })
      const error = (result as { error: { message: string } }).error
      expect(error.message.length, file.name).toBeGreaterThan(10)
    }
    expect(asked).toEqual([])
    expect(readdirSync(folder)).toEqual([])
  })
})

describe('safeFileName: a name built of a player name becomes one the save takes', () => {
  it('a slash, a colon or a control character in a player name is no folder and no refusal', () => {
    expect(safeFileName('reality-touch-night owl/夜猫', 'png')).toBe('reality-touch-night owl_夜猫.png')
    expect(safeFileName('session-2026-11-28-a:b?c*"d<e>f|g\\h\u0007', 'png')).toBe('session-2026-11-28-a_b_c__d_e_f_g_h_.png')
    expect(safeFileName('best. . ', 'csv')).toBe('best.csv')
    expect(safeFileName('', 'json')).toBe('file.json')
  })

  it('whatever the name, the result is accepted by the channel and keeps its kind', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), fc.constantFrom(...EXPORT_KINDS), (name, kind) => {
        const safe = safeFileName(name, kind)
        expect(safe.endsWith(`.${kind}`)).toBe(true)
        expect(ExportFile.safeParse({ name: safe, base64: '' }).success, JSON.stringify(safe)).toBe(true)
      }),
      { numRuns: 500, seed: 52 }
    )
  })
})
