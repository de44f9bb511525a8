import { resolve } from 'node:path'
import { defineConfig } from 'vitest/config'

// Tests never load the real `electron` module: it resolves to a small in-process fake, and
// electron-store is inlined so its own `import 'electron'` reaches the fake too.
const electronFake = { electron: resolve('test/support/electron-fake.ts') }

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: electronFake },
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts', 'reference-service/test/**/*.test.ts'],
          environment: 'node',
          server: { deps: { inline: ['electron-store'] } },
          testTimeout: 30_000,
          hookTimeout: 60_000
        }
      },
      {
        resolve: { alias: electronFake },
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000
        }
      }
    ]
  }
})
