import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { BackupLibrary } from '../../src/main/backups/library'
import { nodeFiles } from '../../src/main/platform-node/files'
import { confStoreOpener } from '../../src/main/platform-node/conf-store'
import { SettingsService } from '../../src/main/settings/settings-service'
import { LocalDataHealth, openGuardedStore } from '../../src/main/storage/local-data'
import type { Manifest } from '../../src/shared/backups'
import { Settings, defaultSettings } from '../../src/shared/settings'
import { cliLabels } from '../../src/cli/labels'
import { problemLine } from '../../src/cli/render'
import { saveJson } from '../support/game-saves'
import { DOOR_TIMEOUT_MS, expectTypedRefusal, fuzz, mutatedJson, treeHash } from './fuzz'

/**
 * The app's own files, read back as untrusted input: the backup library's manifests and the settings
 * file. A manifest that does not read is reported (never a crash, never a write); settings that do not
 * read fall back to their defaults, with the file kept aside byte for byte before anything overwrites it.
 */
const root = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'fuzz-stored-'))
const SAVE = Buffer.from(saveJson({ charts: [{ id: 'c1', score: 1_000_000 }] }))
const MANIFEST: Manifest = {
  schema: 'companion-backup/1',
  accountId: 'gameFolder:10000001',
  deploymentId: 'local',
  baseUrl: 'http://127.0.0.1:8723/api',
  username: 'alice',
  uid: '10000001',
  updatedAt: '2026-11-20T21:04:05.123456Z',
  meta: { device: 'phone' },
  size: SAVE.length,
  announcedSize: SAVE.length,
  sha256: createHash('sha256').update(SAVE).digest('hex'),
  format: 'json',
  appVersion: '0.1.0',
  backedUpAt: '2026-11-21T08:00:00.000Z',
  file: 'backup.json',
  duplicateOf: null,
  pinned: false,
  note: 'before the update',
  starred: true,
  verifiedAt: '2026-11-21T08:00:00.000Z',
  verifyStatus: 'ok'
}

describe('fuzz: the stored files the app reads back', () => {
  it(
    'backup manifests, mutated: each is listed or reported in words; reading writes nothing',
    async () => {
      const library = new BackupLibrary(root, nodeFiles, async () => {
        throw new Error('reading never trashes anything')
      })
      let n = 0
      await fuzz([mutatedJson(MANIFEST), mutatedJson(MANIFEST)], async (first, second) => {
        const folder = `account-${n++}`
        const dir = join(root, folder)
        mkdirSync(dir)
        writeFileSync(join(dir, 'backup.json'), SAVE)
        writeFileSync(join(dir, 'backup.manifest.json'), first.text)
        writeFileSync(join(dir, 'other.manifest.json'), second.text)
        writeFileSync(join(root, 'outside.json'), SAVE)
        const before = treeHash(root)
        let read
        try {
          read = await library.read(folder, MANIFEST.accountId)
        } catch (error) {
          expectTypedRefusal(error)
          throw new Error(`a damaged manifest made the whole folder unreadable: ${error.message}`, { cause: error })
        }
        expect(read.entries.length + read.problems.length).toBe(2)
        for (const problem of read.problems) {
          const line = problemLine(cliLabels('en'), problem)
          expect(line.length).toBeGreaterThan(0)
          expect(line).not.toMatch(/\bundefined\b|\bNaN\b|\[object Object\]/)
        }
        // An entry names a file in its own folder, or none.
        for (const entry of read.entries) if (entry.path) expect(entry.path.startsWith(dir)).toBe(true)
        expect(treeHash(root)).toEqual(before)
        rmSync(dir, { recursive: true })
      })
    },
    DOOR_TIMEOUT_MS
  )

  it(
    'the settings file, mutated or damaged: settings that read, defaults for the rest, the file kept aside byte for byte',
    async () => {
      let n = 0
      const valid = { settings: { ...defaultSettings, language: 'ja', customBaseUrl: 'https://milkloud.example/api' } }
      await fuzz([mutatedJson(valid)], async ({ text }) => {
        const dir = join(root, `data-${n++}`)
        mkdirSync(dir)
        writeFileSync(join(dir, 'app.json'), text)
        const health = new LocalDataHealth()
        let settings
        try {
          const store = openGuardedStore(join(dir, 'app.json'), () => confStoreOpener(dir)('app'), health)
          settings = new SettingsService(store).get()
        } catch (error) {
          expectTypedRefusal(error)
          throw new Error(`settings that do not read stopped the app: ${error.message}`, { cause: error })
        }
        expect(Settings.safeParse(settings).success).toBe(true)
        // The original bytes are still there: the file itself, or its copy aside.
        const kept = readdirSync(dir).map((name) => readFileSync(join(dir, name)))
        expect(kept.some((bytes) => bytes.equals(text))).toBe(true)
        for (const notice of health.notices()) expect(notice.detail).not.toMatch(/\bundefined\b|\bNaN\b|\[object Object\]/)
        rmSync(dir, { recursive: true })
      })
    },
    DOOR_TIMEOUT_MS
  )
})
