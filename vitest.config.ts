import { resolve } from 'node:path'
import { defineConfig } from 'vitest/config'

// Tests never load the real `electron` module: it resolves to a small in-process fake, and
// electron-store is inlined so its own `import 'electron'` reaches the fake too.
const electronFake = { electron: resolve('test/support/electron-fake.ts') }

function project(name: string, include: string[], overrides: Record<string, unknown> = {}) {
  return {
    resolve: { alias: electronFake },
    test: {
      name,
      include,
      environment: 'node' as const,
      server: { deps: { inline: ['electron-store'] } },
      testTimeout: 30_000,
      hookTimeout: 60_000,
      // expect.poll waits 1 s by default: less than real work (hashing two backups, a diff) takes in a
      // browser on a loaded CI machine. A poll still needs the exact value; it just waits longer for it.
      expect: { poll: { timeout: 10_000 } },
      sequence: { groupOrder: 0 },
      ...overrides
    }
  }
}

export default defineConfig({
  test: {
    // Each file's time as well, for keeping the CI run short: test-results/times.json.
    reporters: ['default', ['json', { outputFile: 'test-results/times.json' }]],
    // `npm run coverage`: the main process's services as the unit, integration and e2e runs use them.
    coverage: {
      provider: 'v8',
      include: ['src/main/**/*.ts', 'src/shared/**/*.ts', 'src/cli/**/*.ts'],
      exclude: ['src/main/electron/**'],
      reporter: ['text-summary', 'json-summary', 'html'],
      reportsDirectory: 'coverage/main',
      thresholds: { 'src/main/**/*.ts': { lines: 90 } }
    },
    projects: [
      project('unit', ['test/unit/**/*.test.ts']),
      // Every door of the app fed mutated input by fast-check: seeded and bounded here; `npm run fuzz` for long runs.
      project('fuzz', ['test/fuzz/**/*.test.ts']),
      // The services together against the reference service over 127.0.0.1.
      project('integration', ['test/integration/**/*.test.ts']),
      // The reference service against the spec: the truth the other tests compare with.
      project('conformance', ['reference-service/test/**/*.test.ts']),
      // The built renderer in headless Chromium, the CLI as a child process.
      // After the others, so a loaded machine does not slow the browser runs.
      project('e2e', ['test/e2e/**/*.test.ts'], {
        fileParallelism: false,
        testTimeout: 120_000,
        hookTimeout: 120_000,
        globalSetup: ['test/harness/e2e-setup.ts'],
        sequence: { groupOrder: 1 }
      }),
      // The packaged app: electron-builder from a stand-in Electron, the archive checked, main booted under Node.
      project('packaging', ['test/packaging/**/*.test.ts'], { testTimeout: 120_000, hookTimeout: 240_000, sequence: { groupOrder: 1 } })
    ]
  }
})
