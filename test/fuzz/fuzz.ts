import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { expect } from 'vitest'
import { AppError } from '../../src/shared/errors'

/**
 * The fuzz suite's settings: seeded, so a run is reproducible, and bounded. `npm test` runs each door
 * with the default seed and CASES cases; `npm run fuzz -- --seed N --cases M` passes other numbers
 * through FUZZ_SEED and FUZZ_CASES (scripts/fuzz.ts). A failure prints fast-check's report: the seed,
 * the path to replay it, and the shrunk input.
 */
export const SEED = Number(process.env.FUZZ_SEED ?? 39)
export const CASES = Number(process.env.FUZZ_CASES ?? 200)
/** The time one door may take in the long runs (npm test's runs take a few seconds each). */
export const DOOR_TIMEOUT_MS = Math.max(60_000, CASES * 500)

export async function fuzz<Ts extends [unknown, ...unknown[]]>(
  arbitraries: { [K in keyof Ts]: fc.Arbitrary<Ts[K]> },
  check: (...values: Ts) => Promise<void> | void,
  options: { cases?: number } = {}
): Promise<void> {
  const property = fc.asyncProperty(...arbitraries, async (...values: Ts) => {
    await check(...values)
  })
  const numRuns = options.cases ?? CASES
  await fc.assert(property as fc.IAsyncProperty<unknown>, { seed: SEED, numRuns, verbose: 1 })
}

/** Words our own formatting must never produce: what a crash or a forgotten field reads like. */
const UNREADABLE = /\bundefined\b|\bNaN\b|\[object Object\]/

/** A refusal as the player must get it: a typed error with a message a person can read. */
export function expectTypedRefusal(error: unknown): asserts error is AppError {
  if (!(error instanceof AppError)) {
    throw new Error(`not an AppError but ${error instanceof Error ? `${error.name}: ${error.message}\n${error.stack}` : String(error)}`)
  }
  expect(typeof error.message).toBe('string')
  expect(error.message.trim().length).toBeGreaterThan(0)
  expect(error.message).not.toMatch(UNREADABLE)
}

/** Runs `work`: whatever it returns passes `accept`; whatever it throws must be a typed refusal. Returns which it was. */
export async function outcomeOf<T>(work: () => Promise<T> | T, accept: (value: T) => void = () => {}): Promise<'read' | AppError> {
  let value: T
  try {
    value = await work()
  } catch (error) {
    expectTypedRefusal(error)
    return error
  }
  accept(value)
  return 'read'
}

/** Every file under a folder with its SHA-256: to prove a refusal changed nothing stored. */
export function treeHash(dir: string): Record<string, string> {
  const out: Record<string, string> = {}
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name)
      if (statSync(path).isDirectory()) walk(path)
      else out[path.slice(dir.length)] = createHash('sha256').update(readFileSync(path)).digest('hex')
    }
  }
  walk(dir)
  return out
}

// ---------------------------------------------------------------------------------------------
// Structural mutations of a valid sample: drop a field, give it a wrong type, a huge or odd number,
// deep nesting, an odd string; then, on the text, a cut or random bytes.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type Path = (string | number)[]

/** Strings that stress a reader without being our own unreadable words (a server may echo what it was sent). */
const oddStrings = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('', ' ', '0', '-1', '1e400', '9007199254740993', 'null', 'true', '__proto__', 'constructor', '\u0000', '\uFEFF{', '💥'),
  fc.string({ unit: 'binary', maxLength: 8 }),
  fc.constant('x'.repeat(70_000))
)

const oddNumbers = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, -1, 1e308, -1e308, 2 ** 53 + 1, 5e-324, 1e21, 0.1 + 0.2, 9_999_999_999_999, -2_147_483_649)
)

function nested(depth: number, leaf: Json): Json {
  let value: Json = leaf
  for (let i = 0; i < depth; i++) value = i % 2 ? { n: value } : [value]
  return value
}

/** A value of any kind to put where another was. */
export const oddValue: fc.Arbitrary<Json> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  oddNumbers,
  oddStrings,
  fc.constant<Json>([]),
  fc.constant<Json>({}),
  fc.array(oddNumbers, { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 6 }), oddNumbers, { maxKeys: 3 }) as fc.Arbitrary<Json>,
  fc.integer({ min: 50, max: 1000 }).map((depth) => nested(depth, 1))
)

const mutation = fc.record({
  kind: fc.constantFrom('drop', 'replace', 'replace', 'replace', 'wrap', 'duplicate'),
  at: fc.nat(),
  value: oddValue
})
export type Mutation = typeof mutation extends fc.Arbitrary<infer M> ? M : never

/** Where a mutation may go: every place of the sample, down to a depth (not into the deep nests mutations made). */
function pathsOf(value: Json, prefix: Path = [], out: Path[] = []): Path[] {
  if (out.length > 4000 || prefix.length > 24) return out
  out.push(prefix)
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...prefix, i], out))
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) pathsOf(v, [...prefix, k], out)
  return out
}

function applyAt(root: Json, path: Path, change: (parent: Json[] | Record<string, Json>, key: string | number) => void): Json {
  if (path.length === 0) {
    const box: Record<string, Json> = { root }
    change(box, 'root')
    return box.root ?? null
  }
  let parent = root as Json[] | Record<string, Json>
  for (const key of path.slice(0, -1)) parent = (parent as Record<string, Json>)[key as string] as Json[] | Record<string, Json>
  change(parent, path.at(-1)!)
  return root
}

export function mutate(sample: Json, mutations: Mutation[]): Json {
  let doc = structuredClone(sample)
  for (const m of mutations) {
    const paths = pathsOf(doc)
    const path = paths[m.at % paths.length]!
    doc = applyAt(doc, path, (parent, key) => {
      const p = parent as Record<string | number, Json>
      if (m.kind === 'drop') {
        if (Array.isArray(parent) && typeof key === 'number') parent.splice(key, 1)
        else delete p[key]
      } else if (m.kind === 'replace') p[key] = m.value
      else if (m.kind === 'wrap') p[key] = nested(1 + (m.at % 3), p[key] ?? null)
      else if (Array.isArray(parent) && typeof key === 'number') parent.push(parent[key] ?? null)
      else p[`${String(key)}_`] = p[key] ?? null
    })
  }
  return doc
}

/** Cuts, random bytes, a BOM: what a damaged or half-written file looks like. */
const textDamage = fc.oneof(
  { weight: 6, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cut' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('noise' as const),
      at: fc.double({ min: 0, max: 1, noNaN: true }),
      bytes: fc.uint8Array({ minLength: 1, maxLength: 16 })
    })
  }
)

export function damage(text: Buffer, how: TextDamage): Buffer {
  if (!how) return text
  const at = Math.floor(how.at * text.length)
  if (how.kind === 'cut') return text.subarray(0, at)
  return Buffer.concat([text.subarray(0, at), Buffer.from(how.bytes), text.subarray(at + how.bytes.length)])
}
type TextDamage = typeof textDamage extends fc.Arbitrary<infer D> ? D : never

/** A valid sample, mutated structurally, serialised, maybe damaged as text. */
export function mutatedJson(sample: unknown): fc.Arbitrary<{ text: Buffer; mutations: Mutation[] }> {
  return fc
    .record({ mutations: fc.array(mutation, { minLength: 1, maxLength: 4 }), damage: textDamage })
    .map(({ mutations, damage: how }) => {
      const text = damage(Buffer.from(JSON.stringify(mutate(sample as Json, mutations))), how)
      // A failure shows the input as text (not as a list of bytes), with the mutations that made it.
      return {
        text,
        mutations,
        [fc.toStringMethod]: () => `${JSON.stringify(text.toString('utf8').slice(0, 4000))} from ${fc.stringify(mutations)}`
      }
    })
}
