import { rmSync } from 'node:fs'
import { RENDERER_COVERAGE_RAW } from './coverage-paths'

/** Each e2e run measures the renderer afresh. */
export default function setup() {
  rmSync(RENDERER_COVERAGE_RAW, { recursive: true, force: true })
}
