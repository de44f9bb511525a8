import { randomUUID } from 'node:crypto'
import type { KeptRecord } from '../../shared/api'
import type { ChartInfo, PlayerStats } from '../../shared/data'
import { AppError, type AppErrorData } from '../../shared/errors'
import { packOf, type GoalPack, type PackExport, type PackImported, type PackPreview, type PackSource } from '../../shared/goal-pack'
import type { CustomFolderDraft, Goal, GoalDraft, GoalProgress, NearMiss, ProgressState, SaveUsed, ViewMode } from '../../shared/progress'
import type { Language } from '../../shared/settings'
import type { Logger } from '../logging/logger'
import type { KeyValueStore } from '../ports'
import { goalNameIn, shownGoalName, withGeneratedMark, type GoalContext } from './goal-names'
import { packFromSource, planImport } from './goal-packs'
import { advance } from './goals'
import type { LatestSaves } from './latest-save'
import { ProgressModel } from './model'
import { closestPlays, missesFrom } from './near-misses'
import { MAX_FOLDERS, MAX_GOALS, ProgressStore } from './progress-store'

/** Why a re-check runs: what may have changed since the last one. */
export type RecheckReason = 'load' | 'plays' | 'save' | 'restore' | 'list' | 'edit'

export interface ProgressServiceDeps {
  charts: () => ReadonlyMap<string, ChartInfo>
  /** The play history's bests (kept up to date as plays arrive) and every kept play (for near misses). */
  player: (accountId: string) => Promise<PlayerStats>
  plays: (accountId: string) => Promise<readonly KeptRecord[]>
  saves: LatestSaves
  store: (accountId: string) => KeyValueStore
  isSignedIn: (accountId: string) => boolean
  now: () => number
  emit: (state: ProgressState) => void
  /** The UI language: a goal the app named is worded in it (a notification, a new goal's kept name). */
  language: () => Language
  /** A goal met for the first time, with its name as the player reads it now. */
  onMet: (accountId: string, goal: Goal, progress: GoalProgress, name: string) => void
  logger?: Logger
}

interface AccountProgress {
  model: ProgressModel
  store: ProgressStore
  charts: ReadonlyMap<string, ChartInfo> | null
  /** Shown somewhere (the Progress screen, the Profile): re-checked even without goals. */
  loaded: boolean
  computed: boolean
  save: SaveUsed | null
  saveProblem: AppErrorData | null
}

/** Where a goal's folder and charts get their names now: the model's folders and chart list. */
const goalContext = (model: ProgressModel): GoalContext => ({
  folders: model.folders().map((f) => ({ folder: f.id, kind: f.kind, label: f.label })),
  charts: model.charts
})

const goalFrom = (draft: GoalDraft, id: string, now: string, name: string): Goal => ({
  ...draft,
  name,
  id,
  createdAt: now,
  metAt: null,
  lostAt: null,
  lostReason: null,
  metTotal: null,
  notified: false
})

/**
 * Folders, goals and near misses for each signed-in account. One function re-checks an account
 * (`recheck`): after a sync or a local import added plays, a new backup or a restore changed the
 * latest save, or the chart list changed. Re-checks of one account run one at a time; those asked
 * for meanwhile are folded into one.
 */
export class ProgressService {
  readonly #accounts = new Map<string, AccountProgress>()
  readonly #chains = new Map<string, Promise<void>>()
  readonly #waiting = new Map<string, Set<RecheckReason>>()
  /**
   * Each account's closest plays, read from the whole history once per play count and set of hidden plays (a history
   * read is the costly part).
   */
  readonly #closest = new Map<string, { plays: string; closest: ReturnType<typeof closestPlays> }>()

  constructor(private readonly deps: ProgressServiceDeps) {}

  #state(accountId: string): AccountProgress {
    let state = this.#accounts.get(accountId)
    if (!state) {
      const store = new ProgressStore(this.deps.store(accountId))
      const model = new ProgressModel()
      model.setCustomFolders(store.folders())
      model.setGoals(store.goals().map(withGeneratedMark))
      state = { model, store, charts: null, loaded: false, computed: false, save: null, saveProblem: null }
      this.#accounts.set(accountId, state)
    }
    return state
  }

  /** Whether a signal about this account is worth a re-check: it is shown, or it has goals. */
  follows(accountId: string): boolean {
    if (!this.deps.isSignedIn(accountId)) return false
    const state = this.#state(accountId)
    return state.loaded || state.model.goals().length > 0
  }

  /** Accounts whose chart list is not the current one. */
  behindList(): string[] {
    const charts = this.deps.charts()
    return [...this.#accounts].filter(([, s]) => s.computed && s.charts !== charts).map(([id]) => id)
  }

  /**
   * The one re-check: every source read again as needed, goals settled (met, lost, notified once), the
   * state sent. A restore names the version it put back (`restoredBackupId`): that save is the latest
   * from then on, until a newer backup.
   */
  recheck(accountId: string, reason: RecheckReason, options: { restoredBackupId?: string } = {}): Promise<void> {
    if (reason === 'restore' && options.restoredBackupId)
      this.deps.saves.restored(accountId, options.restoredBackupId, new Date(this.deps.now()).toISOString())
    const queued = this.#waiting.get(accountId)
    if (queued) {
      queued.add(reason)
      return this.#chains.get(accountId)!
    }
    const reasons = new Set<RecheckReason>([reason])
    this.#waiting.set(accountId, reasons)
    const run = (this.#chains.get(accountId) ?? Promise.resolve())
      .catch(() => {})
      .then(() => {
        this.#waiting.delete(accountId)
        return this.#recheck(accountId, reasons)
      })
    this.#chains.set(accountId, run)
    return run
  }

  async #recheck(accountId: string, reasons: ReadonlySet<RecheckReason>): Promise<void> {
    if (!this.deps.isSignedIn(accountId)) return
    const state = this.#state(accountId)
    if (reasons.has('load')) state.loaded = true
    const charts = this.deps.charts()
    if (charts !== state.charts) {
      state.model.setList(charts)
      state.charts = charts
    }
    state.model.setHistory((await this.deps.player(accountId)).bests)
    if (reasons.has('restore')) this.deps.saves.forget(accountId)
    const { save, problem } = await this.deps.saves.read(accountId)
    state.model.setSave(save?.bests ?? null)
    state.save = save?.used ?? null
    state.saveProblem = problem
    state.computed = true
    this.#settle(accountId, state)
    this.#emit(accountId, state)
  }

  /** Marks goals met or lost since the last look, and tells of each goal met for the first time. */
  #settle(accountId: string, state: AccountProgress): void {
    const now = new Date(this.deps.now()).toISOString()
    let changed = false
    for (const progress of state.model.goalProgress()) {
      const next = advance(progress, now)
      if (!next.change) continue
      changed = true
      state.model.updateGoal(next.goal)
      this.deps.logger?.info({ accountId, goal: next.goal.id, change: next.change }, 'goal re-checked')
      if (next.notify)
        this.deps.onMet(accountId, next.goal, progress, shownGoalName(this.deps.language(), next.goal, goalContext(state.model)))
    }
    if (changed) state.store.saveGoals(state.model.goals())
  }

  #emit(accountId: string, state: AccountProgress): void {
    const { model } = state
    this.deps.emit({
      accountId,
      modes: model.modes(),
      rows: model.tables().map(({ missing: _missing, ...row }) => row),
      unknown: model.unknown(),
      save: state.save,
      saveProblem: state.saveProblem,
      listCount: model.charts.size,
      goals: model.goalProgress(),
      folders: [...model.customFolders()]
    })
  }

  /** The account's model, computed at least once. */
  async #ready(accountId: string): Promise<AccountProgress> {
    if (!this.deps.isSignedIn(accountId)) throw AppError.of('not_found', 'That account is not signed in.')
    const state = this.#state(accountId)
    if (!state.computed) await this.recheck(accountId, 'load')
    return state
  }

  async load(accountId: string): Promise<void> {
    await this.#ready(accountId)
    await this.recheck(accountId, 'load')
  }

  async folder(accountId: string, folderId: string, mode: ViewMode) {
    const detail = (await this.#ready(accountId)).model.folder(folderId, mode)
    if (!detail) throw AppError.of('not_found', 'That folder does not exist (the chart list may have changed).')
    return detail
  }

  async goal(accountId: string, goalId: string) {
    const detail = (await this.#ready(accountId)).model.goal(goalId)
    if (!detail) throw AppError.of('not_found', 'That goal no longer exists.')
    return detail
  }

  async nearMisses(accountId: string): Promise<NearMiss[]> {
    const { model } = await this.#ready(accountId)
    // A re-check under way (plays just added) settles first: a mark the new plays reached is no near miss.
    await this.#chains.get(accountId)?.catch(() => {})
    return missesFrom(await this.#closestOf(accountId), model.standingOf).slice(0, 1_000)
  }

  /** When each chart was last played in each mode (`<chart>|<mode>` → ISO), from the same read of the history as near misses. */
  async lastPlayed(accountId: string): Promise<Map<string, string>> {
    await this.#ready(accountId)
    return new Map([...(await this.#closestOf(accountId))].flatMap(([key, c]) => (c.lastAt ? [[key, c.lastAt] as [string, string]] : [])))
  }

  async #closestOf(accountId: string) {
    const player = await this.deps.player(accountId)
    // Hiding or showing a play changes what is closest without a new play.
    const plays = `${player.plays}|${player.hiddenVersion ?? ''}`
    let kept = this.#closest.get(accountId)
    if (kept?.plays !== plays) this.#closest.set(accountId, (kept = { plays, closest: closestPlays(await this.deps.plays(accountId)) }))
    return kept.closest
  }

  #checkScope(model: ProgressModel, draft: GoalDraft): void {
    const { scope } = draft
    if (scope.kind === 'folder' && !model.folders().some((f) => f.id === scope.folder))
      throw AppError.of('invalid_input', 'That folder does not exist (the chart list may have changed).', { details: { field: 'scope' } })
  }

  async preview(accountId: string, draft: GoalDraft): Promise<GoalProgress> {
    const { model } = await this.#ready(accountId)
    this.#checkScope(model, draft)
    return model.preview(goalFrom(draft, 'preview', new Date(this.deps.now()).toISOString(), draft.name ?? 'preview'))
  }

  /** Keeps a goal; one already met is refused (there would be nothing to reach). */
  async createGoal(accountId: string, draft: GoalDraft): Promise<{ id: string }> {
    const state = await this.#ready(accountId)
    const { model } = state
    this.#checkScope(model, draft)
    if (model.goals().length >= MAX_GOALS) throw AppError.of('invalid_input', `You have ${MAX_GOALS} goals: delete one first.`)
    // Without the player's name, the app's words for it (in today's language, kept for older versions), marked as such.
    const name = draft.name ?? goalNameIn(this.deps.language(), draft, goalContext(model))
    const goal: Goal = {
      ...goalFrom(draft, randomUUID(), new Date(this.deps.now()).toISOString(), name),
      ...(draft.name ? {} : { generated: true })
    }
    const now = model.preview(goal)
    if (now.done)
      throw AppError.of('invalid_input', `This goal is already met (${now.met} of ${now.total} charts): set a higher one.`, {
        details: { reason: 'goal_already_met', met: now.met, total: now.total }
      })
    model.setGoals([...model.goals(), goal])
    state.store.saveGoals(model.goals())
    this.#emit(accountId, state)
    return { id: goal.id }
  }

  async deleteGoal(accountId: string, goalId: string): Promise<void> {
    const state = await this.#ready(accountId)
    state.model.setGoals(state.model.goals().filter((g) => g.id !== goalId))
    state.store.saveGoals(state.model.goals())
    this.#emit(accountId, state)
  }

  /** Adds or replaces a custom folder; goals over it follow its new charts (and may be met, or no longer). */
  async saveFolder(accountId: string, draft: CustomFolderDraft): Promise<{ id: string }> {
    const state = await this.#ready(accountId)
    const hasFilter =
      draft.filter && Object.values(draft.filter).some((v) => (Array.isArray(v) ? v.length > 0 : v !== undefined && v !== ''))
    if (!draft.charts?.length && !hasFilter)
      throw AppError.of('invalid_input', 'A folder needs charts: pick some, or set a filter.', { details: { field: 'charts' } })
    const folders = state.model.customFolders()
    const id = draft.id ?? randomUUID()
    const existing = folders.some((f) => f.id === id)
    if (!existing && folders.length >= MAX_FOLDERS) throw AppError.of('invalid_input', `You have ${MAX_FOLDERS} folders: delete one first.`)
    const folder = { ...draft, id }
    const next = existing ? folders.map((f) => (f.id === id ? folder : f)) : [...folders, folder]
    state.model.setCustomFolders(next)
    state.store.saveFolders(next)
    this.#settle(accountId, state)
    this.#emit(accountId, state)
    return { id }
  }

  async deleteFolder(accountId: string, folderId: string): Promise<void> {
    const state = await this.#ready(accountId)
    const next = state.model.customFolders().filter((f) => f.id !== folderId)
    state.model.setCustomFolders(next)
    state.store.saveFolders(next)
    this.#settle(accountId, state)
    this.#emit(accountId, state)
  }

  /** The goals and custom folders as kept, for an export beside the history. */
  async kept(accountId: string): Promise<{ goals: Goal[]; folders: ProgressState['folders'] }> {
    const { model } = await this.#ready(accountId)
    return { goals: [...model.goals()], folders: [...model.customFolders()] }
  }

  /** What importing a pack would add (nothing is changed): refused, with why, if the pack cannot be read or names what is not there. */
  async previewPack(accountId: string, source: PackSource): Promise<PackPreview> {
    const { model } = await this.#ready(accountId)
    return planImport(model, packFromSource(source, model.charts, this.deps.language()), this.#now()).preview
  }

  /**
   * Adds a pack's new folders and the goals of it not met yet and not yours already, all at once; a pack that is refused,
   * or would go past the goals or folders an account keeps, changes nothing.
   */
  async importPack(accountId: string, source: PackSource): Promise<PackImported> {
    const state = await this.#ready(accountId)
    const { model } = state
    const plan = planImport(model, packFromSource(source, model.charts, this.deps.language()), this.#now())
    const folders = [...model.customFolders(), ...plan.folders]
    if (folders.length > MAX_FOLDERS || model.goals().length + plan.goals.length > MAX_GOALS)
      throw AppError.of('invalid_input', `This pack would go past ${MAX_GOALS} goals or ${MAX_FOLDERS} folders: delete some first.`, {
        details: { reason: 'pack_too_many', goals: MAX_GOALS, folders: MAX_FOLDERS }
      })
    if (plan.folders.length === 0 && plan.goals.length === 0) return { goals: 0, folders: 0 }
    model.setCustomFolders(folders)
    const context = goalContext(model)
    const goals = plan.goals.map((goal, i): Goal => {
      const name = plan.names[i]
      return name ? { ...goal, name } : { ...goal, name: goalNameIn(this.deps.language(), goal, context), generated: true }
    })
    model.setGoals([...model.goals(), ...goals])
    state.store.saveFolders(folders)
    state.store.saveGoals(model.goals())
    this.#settle(accountId, state)
    this.#emit(accountId, state)
    return { goals: goals.length, folders: plan.folders.length }
  }

  /** A pack of the goals asked for, or of a folder and the goals over it, with the player's folders they use. */
  async exportPack(accountId: string, request: PackExport): Promise<GoalPack> {
    const { model } = await this.#ready(accountId)
    const goals = request.folder
      ? model.goals().filter((g) => g.scope.kind === 'folder' && g.scope.folder === request.folder)
      : (request.goals ?? []).map((id) => {
          const goal = model.goals().find((g) => g.id === id)
          if (!goal) throw AppError.of('not_found', 'That goal no longer exists.')
          return goal
        })
    const extraFolders = request.folder?.startsWith('custom:') ? [request.folder] : []
    const pack = packOf({ name: request.name, goals, folders: model.customFolders(), extraFolders })
    if (pack.goals.length + pack.folders.length === 0)
      throw AppError.of('invalid_input', 'There is nothing to export: choose goals, or a folder of yours or with goals.', {
        details: { reason: 'pack_empty' }
      })
    return pack
  }

  #now(): string {
    return new Date(this.deps.now()).toISOString()
  }

  forget(accountId: string): void {
    this.#state(accountId).store.clear()
    this.#accounts.delete(accountId)
    this.#closest.delete(accountId)
    this.deps.saves.drop(accountId)
  }
}
