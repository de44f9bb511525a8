/**
 * The renderer's coverage, measured in Chromium by the e2e runs (Playwright's V8 JS coverage of
 * the built bundle, mapped back to the sources through the build's hidden source maps). Fails
 * below the threshold. Run after the e2e project: `npm run coverage` does both.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { CoverageReport, type V8CoverageEntry } from 'monocart-coverage-reports'
import { RENDERER_COVERAGE_RAW } from '../test/harness/coverage-paths'

const THRESHOLD_LINES = Number(process.env.RENDERER_COVERAGE_LINES ?? 85)

if (!existsSync(RENDERER_COVERAGE_RAW)) {
  console.error('No renderer coverage was recorded: run the e2e tests first (npm run coverage).')
  process.exit(1)
}
const entries: V8CoverageEntry[] = readdirSync(RENDERER_COVERAGE_RAW).flatMap((name) => {
  const list = JSON.parse(readFileSync(join(RENDERER_COVERAGE_RAW, name), 'utf8')) as V8CoverageEntry[]
  return list.map((entry) => {
    const map = join('out/renderer', new URL(entry.url).pathname) + '.map'
    return existsSync(map) ? { ...entry, sourceMap: JSON.parse(readFileSync(map, 'utf8')) as unknown } : entry
  })
})

const report = new CoverageReport({
  name: 'Renderer (Chromium e2e)',
  outputDir: 'coverage/renderer',
  reports: ['console-summary', 'json-summary', 'html'],
  // The app's own renderer code; the web bridge is the test transport, not the app.
  sourceFilter: (path: string) => path.includes('src/renderer/src/') && !path.includes('node_modules')
})
await report.add(entries)
const results = await report.generate()
const lines = results?.summary.lines.pct
if (typeof lines !== 'number') {
  console.error('The renderer coverage could not be computed.')
  process.exit(1)
}
if (lines < THRESHOLD_LINES) {
  console.error(`Renderer line coverage ${lines}% is below ${THRESHOLD_LINES}%.`)
  process.exit(1)
}
console.log(`Renderer line coverage ${lines}% (threshold ${THRESHOLD_LINES}%).`)
