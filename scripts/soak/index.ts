// `npm run soak [-- --days N] [-- --seed S]`: the simulated month (test/soak/soak.ts), printed as figures.
import { describeSoak } from '../../test/soak/figures'
import { runSoak } from '../../test/soak/soak'

const arg = (name: string, fallback: number) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback
const report = await runSoak({ days: arg('--days', 30), seed: arg('--seed', 35), log: (line) => console.error(line) })
for (const line of describeSoak(report)) console.log(line)
process.exit(0)
