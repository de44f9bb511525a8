import { resolve } from 'node:path'

/** Where the e2e runs leave the renderer's V8 coverage for `scripts/renderer-coverage.ts`. */
export const RENDERER_COVERAGE_RAW = resolve('coverage/renderer-raw')
