// `npm run bench [-- --json] [-- --only <group>]`: what players feel, each figure against a baseline measured in the
// same run. It measures; it does not gate (exit 0 even when a target is missed). Each group of scenarios lives in
// scenarios/<group>.ts, what several start from in fixtures/, the table in report.ts. The bench installs nothing:
// a scenario whose tool is missing is named and reported as skipped.
import { startServiceProcess } from './fixtures/service'
import { Report, type Bench } from './report'
import { downloads, LARGE, realSizeBackup } from './scenarios/downloads'
import { localGame } from './scenarios/local-game'
import { plannerBench } from './scenarios/planner'
import { progressBench } from './scenarios/progress'
import { recordBench } from './scenarios/record'
import { renderer, rendererSize } from './scenarios/renderer'
import { restoreBench } from './scenarios/restore'
import { sessionsBench } from './scenarios/sessions'
import { soakMonth } from './scenarios/soak'
import { parallelSync, syncWithBigHistory } from './scenarios/sync'

const GROUPS = [
  'size',
  'downloads',
  'real-size',
  'sync',
  'renderer',
  'soak',
  'local',
  'progress',
  'restore',
  'sessions',
  'planner',
  'record'
] as const
/** Groups that need no reference service. */
const STANDALONE = ['local', 'progress', 'restore', 'planner']

const json = process.argv.includes('--json')
/** `--only <group>`: one group of scenarios, while working on it. */
const only = process.argv.includes('--only') ? (process.argv[process.argv.indexOf('--only') + 1] ?? '') : null
if (only !== null && !(GROUPS as readonly string[]).includes(only)) {
  console.error(`--only takes one of: ${GROUPS.join(', ')}`)
  process.exit(2)
}
const wants = (group: (typeof GROUPS)[number]) => only === null || only === group
const report = new Report((line) => !json && console.error(line))
const bench: Bench = { record: report.record, log: report.log, skip: report.skip, runs: Number(process.env.BENCH_RUNS ?? 3) }

if (wants('local')) await localGame(bench.record, bench.log, bench.runs)
if (wants('progress')) progressBench(bench.record, bench.log)
if (wants('restore')) await restoreBench(bench.record, bench.log, bench.runs)
if (wants('planner')) plannerBench(bench.record, bench.log, bench.runs)
if (only === null || !STANDALONE.includes(only)) {
  const service = await startServiceProcess(LARGE)
  try {
    if (wants('size')) rendererSize(bench)
    if (wants('downloads')) await downloads(bench, service)
    if (wants('downloads') || wants('real-size')) await realSizeBackup(bench)
    if (wants('sync')) await syncWithBigHistory(bench, service)
    if (wants('renderer')) await renderer(bench, service, await parallelSync(bench, service))
    if (wants('soak')) await soakMonth(bench)
    if (wants('sessions')) await sessionsBench(bench.record, bench.log, bench.runs, service)
    if (wants('record')) await recordBench(bench, service)
  } finally {
    await service.stop()
  }
}

report.print(json)
