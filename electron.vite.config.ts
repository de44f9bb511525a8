import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'
import type { Plugin } from 'vite'
import { checkClientId } from './src/shared/client-id'

/**
 * A distributor's OIDC client ids, registered with the service for this build (docs/sign-in.md):
 * COMPANION_CLIENT_ID_GLOBAL and COMPANION_CLIENT_ID_CHINA at build time. A player's own id in
 * Settings comes first; with neither, the app guides the player to a User Token. A value that is
 * not a client id stops the build rather than shipping an app that cannot sign in.
 */
export function buildClientIds(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const ids: Record<string, string> = {}
  for (const deployment of ['global', 'china'] as const) {
    const name = `COMPANION_CLIENT_ID_${deployment.toUpperCase()}`
    const raw = env[name]
    if (raw === undefined || raw === '') continue
    const checked = checkClientId(raw)
    if (!checked.ok) throw new Error(`${name} ${checked.reason}: it must be the client id the service registered for this app.`)
    ids[deployment] = checked.id
  }
  return ids
}

/** The dev server needs an inline refresh preamble and a websocket; the built app gets the strict CSP. */
function relaxCspForDevServer(): Plugin {
  return {
    name: 'relax-csp-for-dev-server',
    apply: 'serve',
    transformIndexHtml: (html) =>
      html.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'").replace("connect-src 'self'", "connect-src 'self' ws:")
  }
}

export default defineConfig({
  main: {
    define: { __COMPANION_CLIENT_IDS__: JSON.stringify(buildClientIds()) },
    build: {
      // The plays worker is an entry of its own, beside index.js: a big data.db is imported on it (game-folder/plays-off-thread.ts).
      // So are the sessions worker (sessions/off-thread.ts) and the planner's (planner/off-thread.ts).
      rollupOptions: {
        input: {
          index: resolve('src/main/index.ts'),
          'plays-worker': resolve('src/main/game-folder/plays-worker.ts'),
          'sessions-worker': resolve('src/main/sessions/sessions-worker.ts'),
          'planner-worker': resolve('src/main/planner/planner-worker.ts')
        }
      }
    }
  },
  preload: {
    build: {
      // A sandboxed preload cannot require anything but 'electron': bundle everything into one CJS file.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve('src/preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' }
      }
    }
  },
  renderer: {
    root: resolve('src/renderer'),
    plugins: [react(), relaxCspForDevServer()],
    build: {
      minify: true,
      // Maps for the coverage of the e2e runs; not referenced by the bundle, and not packaged.
      sourcemap: 'hidden',
      rollupOptions: {
        input: {
          index: resolve('src/renderer/index.html'),
          // Loaded only by the development web host; the app's index.html never references it.
          'web-bridge': resolve('src/renderer/web-bridge.ts')
        },
        output: {
          entryFileNames: (chunk) => (chunk.name === 'web-bridge' ? 'web-bridge.js' : 'assets/[name]-[hash].js')
        }
      }
    }
  }
})
