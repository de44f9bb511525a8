// `npm run soak [-- --days N] [-- --seed S] [-- --json]`: the simulated month (test/soak/soak.ts), printed as
// figures, or as one JSON document (the report) on stdout with --json (the bench runs it so, in a process of its own).
import { describeSoak } from '../../test/soak/figures'
import { runSoak } from '../../test/soak/soak'

const arg = (name: string, fallback: number) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback
const json = process.argv.includes('--json')
const report = await runSoak({ days: arg('--days', 30), seed: arg('--seed', 35), log: (line) => console.error(line) })
if (json) console.log(JSON.stringify(report))
else for (const line of describeSoak(report)) console.log(line)
process.exit(0)
