/**
 * Long fuzz runs: the same properties `npm test` runs (test/fuzz), with a seed and a number of cases of
 * your choosing. `npm run fuzz -- --seed 1234 --cases 5000 [file filter…]`; without --seed a random one
 * is drawn and printed, so any failure can be replayed with it (fast-check prints the seed and the
 * shrunk input of a failure, too).
 */
import { spawnSync } from 'node:child_process'
import { parseArgs } from 'node:util'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { seed: { type: 'string' }, cases: { type: 'string', default: '2000' } }
})
const whole = (name: string, text: string | undefined) => {
  const n = Number(text)
  if (!Number.isSafeInteger(n)) {
    console.error(`--${name} must be a whole number (got ${text}).`)
    process.exit(2)
  }
  return n
}
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : whole('seed', values.seed)
const cases = whole('cases', values.cases)
if (cases < 1) {
  console.error('--cases must be at least 1.')
  process.exit(2)
}
console.log(`fuzz: seed ${seed}, ${cases} cases per door (replay: npm run fuzz -- --seed ${seed} --cases ${cases})`)
const run = spawnSync('npx', ['vitest', 'run', '--project', 'fuzz', ...positionals], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_SEED: String(seed), FUZZ_CASES: String(cases) }
})
process.exit(run.status ?? 1)
