#!/usr/bin/env node
// `companion` (package.json "bin"; `npx companion …` from the project folder, or after `npm link`):
// runs the built CLI, or says how to build it instead of failing with MODULE_NOT_FOUND. On a Node.js
// too old for it, the first import says so in one line and stops.
import './check-node.cjs'
import { existsSync } from 'node:fs'

const cli = new URL('../out/cli/index.js', import.meta.url)
if (existsSync(cli)) {
  await import(cli.href)
} else {
  process.stderr.write(
    'companion: the CLI is not built yet. In the project folder run:  npm run build:cli  (or npm run build), then try again.\n'
  )
  process.exitCode = 1
}
