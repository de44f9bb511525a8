import { costAt, lowestScoreFor, valueAt, type Curve } from './curve'

/**
 * The planner's exact search: the raises of least total cost (effort, plus STEP_WEIGHT a chart) that
 * bring the sum of the best `bestCount` values to `needed`, with at most `maxCharts` charts raised.
 *
 * The plans it compares are those of docs/planner.md: every raised chart stops at a score of its
 * menu (its bends, where value turns flatter or jumps), except at most one, the "last" chart, which
 * stops at the lowest whole score that reaches the target. Branch and bound over those plans:
 *
 * - A node restricts some charts: a score range, "menu scores only" (`discrete`), in or out of the
 *   counted set. `phi` names the one chart allowed off its menu; every other chart is then discrete.
 * - Its bound is a Lagrangian one: for a price λ per unit of value, each chart independently picks
 *   the point of its (restricted) curve that maximises λ·value − cost, and the `bestCount` most
 *   profitable count. The counting is solved exactly for each λ, so only the target is relaxed;
 *   λ is found by the secant method on that piecewise-linear concave function.
 * - The two solutions either side of the best λ say what to branch on: a chart counted on one side
 *   only (in / out), a menu chart at two menu scores (split between them), a free chart at two
 *   scores (it is the last chart, or it keeps to its menu). When only the last chart differs, the
 *   node is settled by reduced costs: every other chart whose every alternative costs at least the
 *   gap to the best plan found keeps its choice, and the last chart's score is then computed.
 *   Where the last chart's own curve bends well below the straight line the bound assumes, its range
 *   is split there first.
 * - Plans come from those solutions completed by one chart raised to the lowest whole score that
 *   reaches the target (or a raised one lowered to it); only plans of the kind above are kept, and
 *   each is judged by `reaches` (the app's own computation), not by the sums the bounds use.
 * - Before the search, the root's reduced costs set aside every chart that no plan cheaper than the
 *   best found there can count: on 3,000 bests a few dozen charts are left to search.
 */

export interface SearchChart {
  /** Null: the chart keeps its value (unknown constant, not allowed by the options, or nothing to gain). */
  curve: Curve | null
  /** Its value now. */
  value: number
}

export interface SearchProblem {
  charts: readonly SearchChart[]
  bestCount: number
  /** The sum of the best `bestCount` values to reach: what bounds work with, a hair below what `reaches` accepts. */
  needed: number
  /**
   * Whether values (at least the best `bestCount`, in any order) reach the target as the app computes it: the judge
   * of every plan kept. Default: their best `bestCount` sum to `needed`.
   */
  reaches?: (values: number[]) => boolean
  /** At most this many charts raised (Infinity: no limit). */
  maxCharts: number
  /** Nodes explored before the search gives its best plan so far as not proven optimal. */
  nodeLimit?: number
}

export interface SearchResult {
  /** Raised charts: index in `charts` → score. */
  raises: Map<number, number>
  cost: number
  /** The search ended: no plan of the kind compared costs less. */
  optimal: boolean
  /** No plan of the kind compared costs less than this (`cost` when optimal). */
  lowerBound: number
  nodes: number
}

interface Point {
  score: number
  value: number
  cost: number
}

/** -1 out of the counted set, 0 either, 1 counted. */
type Member = -1 | 0 | 1

interface Rule {
  lo: number
  hi: number
  discrete: boolean
  member: Member
}

interface SearchNode {
  bound: number
  /** The chart allowed off its menu (-1: any one may be, until a branch names it). */
  phi: number
  rules: ReadonlyMap<number, Rule>
  /** The price of value where the parent's bound was found: where this node's search for λ starts. */
  lambda: number
}

interface Solution {
  value: number
  cost: number
  raised: number
  /** Each item's score; OUT when it is not counted (it keeps its best), KEPT for a counted item that cannot be raised. */
  pos: Int32Array
}

/** What a node allows, item by item. */
interface View {
  hulls: (readonly Point[])[]
  member: Int8Array
  forcedIn: number
  node: SearchNode
}

interface Dual {
  bound: number
  lambda: number
  nu: number
  below: Solution
  above: Solution
  converged: boolean
}

/**
 * Nodes before the search gives its best plan as not proven: about two seconds on a loaded machine. Lists of a real
 * size (hundreds of bests) settle any target in tens of nodes; 3,000 bests and a target near the highest can need more.
 */
const NODE_LIMIT = 5_000
/** A solution's score for an item it does not count (the item keeps its best). */
const OUT = -1
/** The score of the one point of an item that cannot be raised. */
const KEPT = -2
/** Bounds and costs closer than this are equal. */
const TOL = 1e-12

/** The upper concave hull in (cost, value) of points in order of score (so of cost): what any price λ can prefer. */
function upperHull(points: readonly Point[]): Point[] {
  const kept: Point[] = []
  for (const p of points) {
    if (kept.length && p.value <= kept[kept.length - 1]!.value) continue
    while (kept.length >= 2) {
      const a = kept[kept.length - 2]!
      const b = kept[kept.length - 1]!
      if ((b.value - a.value) * (p.cost - a.cost) <= (p.value - a.value) * (b.cost - a.cost)) kept.pop()
      else break
    }
    kept.push(p)
  }
  return kept
}

const point = (curve: Curve, score: number): Point => ({ score, value: valueAt(curve, score), cost: costAt(curve, score) })

/**
 * The cheapest plan, or null when none reaches `needed`. The root is evaluated first; every chart that no plan cheaper
 * than the best one found there can count (its reduced cost to enter the counted set is at least the gap) then keeps
 * its value, and the search runs on the charts left.
 */
export function searchPlan(problem: SearchProblem): SearchResult | null {
  const first = new Search(problem, null)
  const out = first.outAtRoot()
  if (!out.size) return first.run()
  const charts = problem.charts.map((c, i) => (out.has(i) ? { curve: null, value: c.value } : c))
  return new Search({ ...problem, charts }, first.best, first.nodes).run()
}

interface Incumbent {
  /** Raised charts: index in the problem's charts → score. */
  raises: Map<number, number>
  cost: number
}

class Search {
  readonly n: number
  readonly N: number
  readonly V: number
  readonly K: number
  readonly limit: number
  readonly reaches: (values: number[]) => boolean
  readonly curves: (Curve | null)[]
  readonly base: Float64Array
  /** Item → index in the problem's charts. */
  readonly chartOf: number[]
  readonly menus: ReadonlySet<number>[]
  readonly curveHull: (readonly Point[])[]
  readonly menuHull: (readonly Point[])[]
  readonly points: Map<number, Point>[]
  readonly hulls = new Map<string, Point[]>()
  best: Incumbent | null
  nodes: number
  /** A node was left without being settled or branched on: the result is then not claimed optimal. */
  unproven = false

  constructor(problem: SearchProblem, incumbent: Incumbent | null, nodes = 0) {
    this.best = incumbent
    this.nodes = nodes
    this.N = problem.bestCount
    this.V = problem.needed
    this.K = problem.maxCharts
    this.limit = problem.nodeLimit ?? NODE_LIMIT
    this.reaches =
      problem.reaches ??
      ((values) =>
        values
          .sort((a, b) => b - a)
          .slice(0, this.N)
          .reduce((sum, v) => sum + v, 0) >= this.V)
    const items = relevantItems(problem)
    this.n = items.length
    this.chartOf = items
    this.curves = items.map((i) => problem.charts[i]!.curve)
    this.base = Float64Array.from(items, (i) => problem.charts[i]!.value)
    this.menus = this.curves.map((c) => new Set(c ? c.menu : []))
    this.points = this.curves.map(() => new Map())
    this.curveHull = this.curves.map((c, i) => (c ? upperHull(c.vertices.map((s) => this.point(i, s))) : [this.fixedPoint(i)]))
    this.menuHull = this.curves.map((c, i) => (c ? upperHull(c.menu.map((s) => this.point(i, s))) : [this.fixedPoint(i)]))
  }

  /** An item's point at a score (kept: nodes ask for the same few again and again). */
  point(i: number, score: number): Point {
    let p = this.points[i]!.get(score)
    if (!p) this.points[i]!.set(score, (p = point(this.curves[i]!, score)))
    return p
  }

  /** The hull of what a rule allows an item (kept by item and rule). */
  restrictedHull(i: number, rule: Rule, offMenu: boolean): Point[] {
    const key = `${i} ${rule.lo} ${rule.hi} ${offMenu ? 1 : 0}`
    let hull = this.hulls.get(key)
    if (hull) return hull
    const curve = this.curves[i]!
    const scores = offMenu
      ? [rule.lo, ...curve.vertices.filter((s) => s > rule.lo && s < rule.hi), rule.hi]
      : curve.menu.filter((s) => s >= rule.lo && s <= rule.hi)
    hull = rule.lo > rule.hi ? [] : upperHull([...new Set(scores)].map((s) => this.point(i, s)))
    this.hulls.set(key, hull)
    return hull
  }

  fixedPoint(i: number): Point {
    return { score: KEPT, value: this.base[i]!, cost: 0 }
  }

  static readonly ROOT: SearchNode = { bound: 0, phi: -1, rules: new Map(), lambda: 1 }

  /** Evaluates the root (plans found are kept) and says which charts no cheaper plan counts. */
  outAtRoot(): Set<number> {
    const out = new Set<number>()
    const view = this.view(Search.ROOT)
    const dual = view && this.dual(view)
    if (!view || !dual) return out
    this.nodes++
    this.complete(dual.below.pos)
    this.complete(dual.above.pos)
    if (!this.best) return out
    const at = this.solve(view, dual.lambda, dual.nu)
    const gap = this.best.cost - this.lagrangian(at, dual.lambda, dual.nu)
    const costs = this.reducedCosts(Search.ROOT, view, at, dual.lambda, dual.nu)
    for (let i = 0; i < this.n; i++) if (this.curves[i] && at.pos[i] === OUT && costs[i]! >= gap + TOL) out.add(this.chartOf[i]!)
    return out
  }

  run(): SearchResult | null {
    const queue = new NodeQueue()
    queue.push(Search.ROOT)
    let lowerBound = Infinity
    while (queue.size) {
      const node = queue.pop()!
      if (this.best && node.bound >= this.best.cost - TOL) break
      if (this.nodes++ >= this.limit) {
        // Best first: no node left open has a lower bound.
        lowerBound = node.bound
        break
      }
      for (const child of this.expand(node)) queue.push(child)
    }
    if (!this.best) return null
    const { raises, cost } = this.best
    if (this.unproven) lowerBound = Math.min(lowerBound, 0)
    return { raises, cost, optimal: lowerBound === Infinity, lowerBound: Math.min(lowerBound, cost), nodes: this.nodes }
  }

  /** A node's children, after its bound and plans; none when it is settled or cannot hold a better plan. */
  expand(node: SearchNode): SearchNode[] {
    const view = this.view(node)
    if (!view) return []
    const dual = this.dual(view)
    if (!dual) return []
    const bound = Math.max(node.bound, dual.bound)
    const better = () => !this.best || bound < this.best.cost - TOL
    if (!better()) return []
    this.complete(dual.below.pos)
    if (dual.above !== dual.below) this.complete(dual.above.pos)
    if (!better()) return []
    const child = (phi: number, rules: Map<number, Rule>): SearchNode => ({ bound, phi, rules, lambda: dual.lambda || node.lambda })
    return this.branch(node, view, dual, child)
  }

  // ---- what a node allows -------------------------------------------------------------------------------------------

  rule(node: SearchNode, i: number): Rule {
    const curve = this.curves[i]
    return node.rules.get(i) ?? { lo: curve?.score ?? -1, hi: curve?.top ?? -1, discrete: false, member: 0 }
  }

  /** Off the menu only as the named last chart, or as any chart while none is named and the rule allows it. */
  offMenu(node: SearchNode, i: number): boolean {
    return node.phi === i || (node.phi < 0 && !this.rule(node, i).discrete)
  }

  view(node: SearchNode): View | null {
    const hulls = node.phi < 0 ? this.curveHull.slice() : this.menuHull.slice()
    if (node.phi >= 0) hulls[node.phi] = this.curveHull[node.phi]!
    const member = new Int8Array(this.n)
    let forcedIn = 0
    let forcedRaised = 0
    for (const [i, rule] of node.rules) {
      const curve = this.curves[i]
      member[i] = rule.member
      if (rule.member === 1) forcedIn++
      if (!curve) continue
      if (rule.lo > curve.score) forcedRaised++
      hulls[i] = this.restrictedHull(i, rule, this.offMenu(node, i))
      if (rule.member === 1 && !hulls[i]!.length) return null
    }
    if (forcedIn > this.N || forcedRaised > this.K) return null
    return { hulls, member, forcedIn, node }
  }

  // ---- the bound ----------------------------------------------------------------------------------------------------

  /** For price `lambda` (and `nu` per raised chart, when their number is limited): each item's most profitable point, the best counted. */
  solve(view: View, lambda: number, nu: number): Solution {
    const { hulls, member } = view
    const pos = new Int32Array(this.n).fill(OUT)
    const room = this.N - view.forcedIn
    const topProfit = new Float64Array(room + 1)
    const topItem = new Int32Array(room + 1)
    const topPoint: Point[] = []
    let size = 0
    let value = 0
    let cost = 0
    let raised = 0
    const take = (i: number, p: Point) => {
      pos[i] = p.score
      value += p.value
      cost += p.cost
      if (p.cost > 0) raised++
    }
    for (let i = 0; i < this.n; i++) {
      if (member[i] === -1) continue
      const hull = hulls[i]!
      let best = -Infinity
      let chosen: Point | undefined
      for (const p of hull) {
        const profit = lambda * p.value - p.cost - (p.cost > 0 ? nu : 0)
        if (profit > best) {
          best = profit
          chosen = p
        }
      }
      if (!chosen) continue
      if (member[i] === 1) take(i, chosen)
      else if (best > 0 && (size < room || best > topProfit[size - 1]!)) {
        let at = Math.min(size, room - 1)
        while (at > 0 && topProfit[at - 1]! < best) {
          topProfit[at] = topProfit[at - 1]!
          topItem[at] = topItem[at - 1]!
          topPoint[at] = topPoint[at - 1]!
          at--
        }
        topProfit[at] = best
        topItem[at] = i
        topPoint[at] = chosen
        size = Math.min(size + 1, room)
      }
    }
    for (let k = 0; k < size; k++) take(topItem[k]!, topPoint[k]!)
    return { value, cost, raised, pos }
  }

  lagrangian(s: Solution, lambda: number, nu: number): number {
    return s.cost + (Number.isFinite(this.K) ? nu * (s.raised - this.K) : 0) + lambda * (this.V - s.value)
  }

  /** The best bound over λ for a given ν: the secant method on the concave, piecewise-linear Lagrangian. */
  dualAt(view: View, nu: number): Dual | null {
    const priced = (s: Solution) => s.cost + nu * s.raised
    // Close to the parent's λ first: a child's best λ is usually near it, and a narrow bracket holds few breakpoints.
    let lo = Math.max(1e-12, view.node.lambda * 0.9)
    let below = this.solve(view, lo, nu)
    while (below.value >= this.V && lo > 1e-12) {
      lo = Math.max(1e-12, lo / 4)
      below = this.solve(view, lo, nu)
    }
    if (below.value >= this.V) return { bound: this.lagrangian(below, lo, nu), lambda: lo, nu, below, above: below, converged: true }
    let hi = Math.max(lo * 1.2, view.node.lambda * 1.1)
    let above = this.solve(view, hi, nu)
    for (let k = 0; above.value < this.V && k < 120; k++) {
      lo = hi
      below = above
      hi *= 4
      above = this.solve(view, hi, nu)
    }
    if (above.value < this.V) return null
    let bound = Math.max(this.lagrangian(below, lo, nu), this.lagrangian(above, hi, nu))
    let lambda = lo
    let converged = false
    for (let k = 0; k < 80; k++) {
      const m = (priced(above) - priced(below)) / (above.value - below.value)
      if (!(m > lo && m < hi)) break
      const mid = this.solve(view, m, nu)
      const at = this.lagrangian(mid, m, nu)
      const upper = this.lagrangian(below, m, nu)
      if (at > bound) bound = at
      lambda = m
      if (at >= upper - TOL * (1 + Math.abs(upper))) {
        converged = true
        break
      }
      if (mid.value < this.V) [below, lo] = [mid, m]
      else [above, hi] = [mid, m]
    }
    return { bound, lambda, nu, below, above, converged }
  }

  /** With a limit on raised charts, a price ν per raised chart as well (any ν ≥ 0 gives a valid bound). */
  dual(view: View): Dual | null {
    let best = this.dualAt(view, 0)
    if (!best || !Number.isFinite(this.K) || best.above.raised <= this.K) return best
    const keep = (d: Dual | null) => {
      if (d && d.bound > best!.bound) best = d
      return d
    }
    let lo = 0
    let hi = 1e-6
    for (let k = 0; k < 16; k++) {
      const d = keep(this.dualAt(view, hi))
      if (!d || d.above.raised <= this.K) break
      lo = hi
      hi *= 8
    }
    for (let k = 0; k < 8; k++) {
      const nu = (lo + hi) / 2
      const d = keep(this.dualAt(view, nu))
      if (d && d.above.raised > this.K) lo = nu
      else hi = nu
    }
    return best
  }

  // ---- plans --------------------------------------------------------------------------------------------------------

  isMenu(i: number, score: number): boolean {
    return this.menus[i]!.has(score)
  }

  /**
   * Plans from a solution's scores: as they are, with one chart raised to (or a raised one lowered to) the
   * lowest whole score that reaches the target. Only plans with at most one chart off its menu count.
   */
  complete(pos: Int32Array, only = -1, whatever = false): { score: number; cost: number } | null {
    const values = new Float64Array(this.n)
    let configCost = 0
    let raised = 0
    const off: number[] = []
    for (let i = 0; i < this.n; i++) {
      const curve = this.curves[i]
      const p = pos[i]!
      if (!curve || p === OUT || p === curve.score) {
        values[i] = this.base[i]!
        continue
      }
      values[i] = valueAt(curve, p)
      configCost += costAt(curve, p)
      raised++
      if (!this.isMenu(i, p)) off.push(i)
    }
    if (off.length > 1 || (only >= 0 && off.length === 1 && off[0] !== only)) return null
    const phiOnly = only >= 0 ? only : off.length === 1 ? off[0]! : -1
    const top = topOf(values, this.N)
    let found: { item: number; score: number; cost: number } | null = null
    /** The best values of the others, and `value` for item `i`. */
    const counted = (i: number, value: number) => {
      const list = [value]
      for (const k of top.order) {
        if (list.length > this.N) break
        if (k !== i) list.push(values[k]!)
      }
      return list
    }
    const consider = (i: number) => {
      const curve = this.curves[i]
      if (!curve) return
      const now = pos[i] !== OUT ? pos[i]! : curve.score
      const w = values[i]!
      const inTop = top.rank[i]! < this.N
      const othersN = inTop ? top.sum - w + top.next : top.sum
      const othersLess = inTop ? top.sum - w : top.sum - top.last
      const need = othersN >= this.V ? -Infinity : this.V - othersLess
      const rest = configCost - costAt(curve, now)
      const limit = found?.cost ?? (whatever ? Infinity : (this.best?.cost ?? Infinity))
      if (rest + hullCostFor(this.curveHull[i]!, need) >= limit) return
      let score = lowestScoreFor(curve, need)
      if (score === null || rest + costAt(curve, score) >= limit) return
      // The app's own sum decides. Values sit on a grid of 0.00001, so a plan can land exactly on the target, where the
      // floating-point sum may fall a hair short: then one point more.
      for (let extra = 0; !this.reaches(counted(i, valueAt(curve, score))); extra++) {
        if (extra >= 3 || score >= curve.top) return
        score++
      }
      const count = raised - (now !== curve.score ? 1 : 0) + (score !== curve.score ? 1 : 0)
      const cost = rest + costAt(curve, score)
      if (count <= this.K && cost < limit) found = { item: i, score, cost }
    }
    if (phiOnly >= 0) consider(phiOnly)
    else for (let i = 0; i < this.n; i++) consider(i)
    if (!found) return null
    const { item, score, cost } = found as { item: number; score: number; cost: number }
    if (!this.best || cost < this.best.cost - TOL) {
      const raises = new Map<number, number>()
      for (let i = 0; i < this.n; i++) {
        const curve = this.curves[i]
        const p = i === item ? score : pos[i]!
        if (curve && p !== OUT && p !== curve.score) raises.set(this.chartOf[i]!, p)
      }
      this.best = { raises, cost }
    }
    return { score, cost }
  }

  // ---- branching ----------------------------------------------------------------------------------------------------

  branch(node: SearchNode, view: View, dual: Dual, child: (phi: number, rules: Map<number, Rule>) => SearchNode): SearchNode[] {
    const { below, above } = dual
    const ruled = (i: number, change: Partial<Rule>) => new Map(node.rules).set(i, { ...this.rule(node, i), ...change })
    const split = (i: number, at: number) => [child(node.phi, ruled(i, { hi: at })), child(node.phi, ruled(i, { lo: at + 1 }))]

    const raised = (j: number) => this.curves[j] !== null && above.pos[j] !== OUT && above.pos[j] !== this.curves[j]!.score
    if (above.raised > this.K) {
      const i = this.pick(above, below, (j) => raised(j) && this.rule(node, j).lo <= this.curves[j]!.score)
      if (i >= 0) return split(i, this.curves[i]!.score)
    }
    const differs = (i: number) => below.pos[i] !== above.pos[i] && this.curves[i] !== null
    const inOut = this.pick(above, below, (i) => differs(i) && (below.pos[i] === OUT) !== (above.pos[i] === OUT))
    if (inOut >= 0) return [child(node.phi, ruled(inOut, { member: 1 })), child(node.phi, ruled(inOut, { member: -1 }))]
    const onMenu = this.pick(above, below, (i) => differs(i) && !this.offMenu(node, i))
    if (onMenu >= 0) return split(onMenu, Math.min(below.pos[onMenu]!, above.pos[onMenu]!))
    const free = this.pick(above, below, (i) => differs(i) && i !== node.phi)
    if (free >= 0) return [child(free, new Map(node.rules)), child(node.phi, ruled(free, { discrete: true }))]
    if (node.phi >= 0 && dual.converged) return this.settle(node, view, dual, child, ruled)
    // Nothing differs but the target is met at the least cost: a plan with more than one chart off its menu.
    const off = this.pick(above, below, (i) => raised(i) && !this.isMenu(i, above.pos[i]!))
    if (off >= 0 && node.phi < 0) return [child(off, new Map(node.rules)), child(-1, ruled(off, { discrete: true }))]
    if (node.phi >= 0 && differs(node.phi)) return split(node.phi, Math.min(below.pos[node.phi]!, above.pos[node.phi]!))
    // The least-cost choice already reaches the target, at most one chart off its menu: `complete` took it as a plan.
    if (below === above) return []
    // Not expected (counted charts that cannot be raised change only with a chart that can): never claim a proof then.
    this.unproven = true
    return []
  }

  /** The item that changes most between the two solutions among those `fits`; -1 when none. */
  pick(above: Solution, below: Solution, fits: (i: number) => boolean): number {
    let best = -1
    let most = -1
    for (let i = 0; i < this.n; i++) {
      if (!fits(i)) continue
      const curve = this.curves[i]
      const a = above.pos[i]!
      const b = below.pos[i]!
      const change = curve
        ? Math.abs((a !== OUT ? costAt(curve, a) : 0) - (b !== OUT ? costAt(curve, b) : 0)) + Number(a !== b && (a === OUT || b === OUT))
        : 0
      if (change > most) [best, most] = [i, change]
    }
    return best
  }

  /**
   * Only the last chart differs: with the others as chosen at the best λ, its lowest score is computed, and every
   * other chart whose every alternative costs at least the remaining gap keeps its choice. A chart that could still
   * change is branched on (its choice, or out, or below, or above); otherwise the node is settled.
   */
  settle(
    node: SearchNode,
    view: View,
    dual: Dual,
    child: (phi: number, rules: Map<number, Rule>) => SearchNode,
    ruled: (i: number, change: Partial<Rule>) => Map<number, Rule>
  ): SearchNode[] {
    const { lambda, nu } = dual
    const at = this.solve(view, lambda, nu)
    const bound = this.lagrangian(at, lambda, nu)
    const pos = at.pos.slice()
    pos[node.phi] = OUT
    const last = this.complete(pos, node.phi, true)
    const gap = (this.best?.cost ?? Infinity) - bound
    if (gap <= TOL) return []
    const costs = this.reducedCosts(node, view, at, lambda, nu)
    let smallest = -1
    for (let i = 0; i < this.n; i++) if (i !== node.phi && costs[i]! < gap && (smallest < 0 || costs[i]! < costs[smallest]!)) smallest = i
    if (smallest < 0) return []
    const bend = last ? this.bendBetween(node.phi, dual, last.score, gap) : -1
    if (bend >= 0) return [child(node.phi, ruled(node.phi, { hi: bend })), child(node.phi, ruled(node.phi, { lo: bend + 1 }))]
    const i = smallest
    const p = at.pos[i]!
    const rule = this.rule(node, i)
    if (p === OUT || !this.curves[i]) return [child(node.phi, ruled(i, { member: -1 })), child(node.phi, ruled(i, { member: 1 }))]
    const out = rule.member === 1 ? [] : [child(node.phi, ruled(i, { member: -1 }))]
    const lower = p > rule.lo ? [child(node.phi, ruled(i, { member: 1, hi: p - 1 }))] : []
    const upper = p < rule.hi ? [child(node.phi, ruled(i, { member: 1, lo: p + 1 }))] : []
    return [...out, ...lower, child(node.phi, ruled(i, { member: 1, lo: p, hi: p })), ...upper]
  }

  /**
   * Where the last chart's curve bends upward between its two choices either side of λ (so lies below the straight
   * line the bound assumes), by more than a quarter of the gap at its score: splitting its range there tightens the
   * bound. -1 when it does not.
   */
  bendBetween(phi: number, dual: Dual, score: number, gap: number): number {
    const curve = this.curves[phi]!
    const { lambda, nu } = dual
    const profit = (s: number) => {
      const p = this.point(phi, s)
      return lambda * p.value - p.cost - (p.cost > 0 ? nu : 0)
    }
    const ends = [dual.below.pos[phi]!, dual.above.pos[phi]!].map((s) => (s === OUT ? curve.score : s))
    const [from, to] = [Math.min(...ends), Math.max(...ends)]
    const line = (s: number) => profit(from) + ((profit(to) - profit(from)) * (s - from)) / (to - from || 1)
    if (line(score) - profit(score) < gap / 4) return -1
    let bend = -1
    let deepest = 0
    for (const v of curve.vertices) {
      if (v <= from || v >= to) continue
      const depth = line(v) - profit(v)
      if (depth > deepest) [bend, deepest] = [v, depth]
    }
    return bend
  }

  /**
   * For each item other than the last chart, the least any plan that changes its choice at price λ loses against the
   * bound (another score, out of the counted set, or into it): a plan that changes it costs at least bound + that.
   */
  reducedCosts(node: SearchNode, view: View, at: Solution, lambda: number, nu: number): Float64Array {
    const profit = (p: Point) => lambda * p.value - p.cost - (p.cost > 0 ? nu : 0)
    /** Each item's best profit over what the node allows (what `solve` chose from), and its best other choice when counted. */
    const best = new Float64Array(this.n).fill(-Infinity)
    const other = new Float64Array(this.n).fill(-Infinity)
    let counted = 0
    let weakest = Infinity
    let strongestOut = 0
    for (let i = 0; i < this.n; i++) {
      if (view.member[i] === -1) continue
      for (const p of view.hulls[i]!) best[i] = Math.max(best[i]!, profit(p))
      const chosen = at.pos[i]!
      if (chosen === OUT) {
        strongestOut = Math.max(strongestOut, best[i]!)
        continue
      }
      const curve = this.curves[i]
      if (i !== node.phi && curve) {
        const rule = this.rule(node, i)
        for (const s of curve.menu)
          if (s !== chosen && s >= rule.lo && s <= rule.hi) other[i] = Math.max(other[i]!, profit(this.point(i, s)))
      }
      if (view.member[i] !== 1) {
        counted++
        weakest = Math.min(weakest, best[i]!)
      }
    }
    const full = counted >= this.N - view.forcedIn
    const costs = new Float64Array(this.n).fill(Infinity)
    for (let i = 0; i < this.n; i++) {
      if (view.member[i] === -1 || i === node.phi) continue
      if (at.pos[i] === OUT) costs[i] = (full ? weakest : 0) - best[i]!
      else costs[i] = Math.min(best[i]! - other[i]!, view.member[i] === 1 ? Infinity : best[i]! - strongestOut)
    }
    return costs
  }
}

/**
 * The items worth searching: every chart that can be raised, unless `bestCount` others are already worth at least its
 * most (it could only ever replace one of them); and of the rest, the `bestCount` + 1 highest values.
 */
function relevantItems(problem: SearchProblem): number[] {
  const N = problem.bestCount
  const charts = problem.charts
  const order = charts.map((_, i) => i).sort((a, b) => charts[b]!.value - charts[a]!.value || a - b)
  const rank = new Int32Array(charts.length)
  order.forEach((i, r) => (rank[i] = r))
  const nthOthers = (i: number) => charts[order[rank[i]! < N ? N : N - 1] ?? -1]?.value ?? 0
  const raisable: number[] = []
  const fixed: number[] = []
  for (const i of order) {
    const c = charts[i]!
    if (c.curve && valueAt(c.curve, c.curve.top) > nthOthers(i)) raisable.push(i)
    else if (fixed.length <= N) fixed.push(i)
  }
  return [...raisable, ...fixed]
}

/** The sum of the `count` highest values, the lowest of them, the next one after, and the ranks of those (others: past them). */
function topOf(values: Float64Array, count: number): { sum: number; last: number; next: number; rank: Int32Array; order: number[] } {
  // The `count` + 1 highest, in order (ties: the lower index first), kept as the values go by.
  const order: number[] = []
  const ahead = (a: number, b: number) => values[a]! > values[b]! || (values[a] === values[b] && a < b)
  for (let i = 0; i < values.length; i++) {
    if (order.length > count && !ahead(i, order[count]!)) continue
    let at = order.length
    while (at > 0 && ahead(i, order[at - 1]!)) at--
    order.splice(at, 0, i)
    if (order.length > count + 1) order.pop()
  }
  const rank = new Int32Array(values.length).fill(values.length)
  order.forEach((i, r) => (rank[i] = r))
  let sum = 0
  for (let r = 0; r < Math.min(count, order.length); r++) sum += values[order[r]!]!
  const last = order.length >= count ? values[order[count - 1]!]! : 0
  const next = order.length > count ? values[order[count]!]! : 0
  return { sum, last, next, rank, order }
}

/** The least cost on a hull that reaches value `need` (a lower bound on the chart's true cost to reach it). */
function hullCostFor(hull: readonly Point[], need: number): number {
  if (need <= hull[0]!.value) return 0
  for (let k = 1; k < hull.length; k++) {
    const p = hull[k - 1]!
    const q = hull[k]!
    if (q.value >= need) return p.cost + ((need - p.value) * (q.cost - p.cost)) / (q.value - p.value)
  }
  return Infinity
}

/** Nodes by bound, lowest first (a binary heap). */
class NodeQueue {
  readonly #heap: SearchNode[] = []

  get size(): number {
    return this.#heap.length
  }

  push(node: SearchNode): void {
    const h = this.#heap
    h.push(node)
    let i = h.length - 1
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (h[parent]!.bound <= node.bound) break
      h[i] = h[parent]!
      i = parent
    }
    h[i] = node
  }

  pop(): SearchNode | undefined {
    const h = this.#heap
    const top = h[0]
    const last = h.pop()
    if (!h.length || !last) return top
    let i = 0
    for (;;) {
      const l = 2 * i + 1
      if (l >= h.length) break
      const r = l + 1
      const c = r < h.length && h[r]!.bound < h[l]!.bound ? r : l
      if (h[c]!.bound >= last.bound) break
      h[i] = h[c]!
      i = c
    }
    h[i] = last
    return top
  }
}
