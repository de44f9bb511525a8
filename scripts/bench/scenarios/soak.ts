// A simulated month in the tray, in a process of its own: memory growth and anything lost.
import { execFileSync } from 'node:child_process'
import { dataLost, describeSoak } from '../../../test/soak/figures'
import type { SoakReport } from '../../../test/soak/soak'
import type { Bench } from '../report'

/** The simulated month (test/soak/soak.ts): memory after day 30 against day 3, and anything lost. */
export async function soakMonth(bench: Bench) {
  const { record, log } = bench
  log('A simulated month in the tray (30 days of app time), in a process of its own')
  // Its own process: the memory figures are the month's, not what the other scenarios left in this one.
  const output = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'scripts/soak/index.ts', '--json'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
    maxBuffer: 16 * 1024 * 1024
  })
  // The report is the last line (the reference service's OIDC provider prints a notice of its own to stdout).
  const report = JSON.parse(output.trim().split('\n').at(-1)!) as SoakReport
  for (const line of describeSoak(report)) log(`    ${line}`)
  const growth = Math.round((report.usage.end.rssMiB - report.usage.day3.rssMiB) * 10) / 10
  record({
    name: 'soak-30-days-rss-growth',
    value: growth,
    unit: 'MiB',
    baseline: 32,
    baselineLabel: 'budget (RSS after day 30 against day 3)',
    ratio: growth / 32,
    target: '≤ 32 MiB',
    met: growth <= 32
  })
  const lost = dataLost(report)
  record({
    name: 'soak-30-days-data-lost',
    value: lost,
    unit: 'count',
    baseline: 0,
    baselineLabel: 'nothing lost',
    ratio: lost,
    target: '0',
    met: lost === 0
  })
}
