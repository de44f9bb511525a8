import { builtinModules } from 'node:module'
import { defineConfig } from 'vite'
import pkg from './package.json' with { type: 'json' }

// The CLI: one ESM file for Node, with runtime dependencies left to node_modules.
export default defineConfig({
  build: {
    ssr: 'src/cli/index.ts',
    outDir: 'out/cli',
    emptyOutDir: true,
    target: 'node22',
    minify: false,
    rollupOptions: {
      external: [...builtinModules, ...builtinModules.map((m) => `node:${m}`), ...Object.keys(pkg.dependencies)],
      output: { entryFileNames: 'index.js', format: 'es', banner: '#!/usr/bin/env node' }
    }
  }
})
