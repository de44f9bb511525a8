import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { BackupEntry } from '../../../shared/backups'
import type { LocalComparison, LocalState } from '../../../shared/game-folder'
import { MAX_READ_SCORE } from '../../../shared/play-marks'
import { ErrorMessage } from '../ui/ErrorMessage'
import { formatBytes, formatDateTime, formatNumber, formatReality } from '../ui/format'
import { useRealityDigits } from '../ui/RealityNumber'
import { useConfirm } from '../ui/ConfirmDialog'
import type { MenuItem } from '../ui/Menu'
import { useAction } from '../ui/useAction'
import { ChangeList, Panel, SummaryView } from './BackupDetails'
import { useLocal } from './local-store'
import { versionActions, type Act } from './version-actions'
import { useRestoreMenu } from '../restore/useRestoreMenu'
import { VersionsTable } from './VersionsTable'
import { BreakableText } from '../ui/BreakableText'

/** "This computer": the game's own save on this computer, its versions in the library, and how it stands against the cloud. */
export function LocalSection({ accountId }: { accountId: string }) {
  const { t } = useTranslation()
  const state = useLocal((s) => s.states[accountId])
  const load = useLocal((s) => s.load)
  const action = useAction()
  const { busy, message, error } = action
  const [comparison, setComparison] = useState<LocalComparison | null>(null)
  const [summary, setSummary] = useState<string | null>(null)
  const { ask, dialog } = useConfirm()
  const restore = useRestoreMenu()

  useEffect(() => {
    void load(accountId)
  }, [accountId, load])

  /** Runs an action, then asks main for the folder and versions again, whatever happened. */
  const act = (work: () => Promise<string | null>) =>
    action.run(async () => {
      try {
        return await work()
      } finally {
        void load(accountId).catch(() => {})
      }
    })

  return (
    <section aria-labelledby="local-title" data-testid="local-section">
      <div className="screen-head">
        <h2 id="local-title">{t('local.heading')}</h2>
      </div>
      <FolderStatus state={state} />
      <LocalActions accountId={accountId} state={state} busy={busy} act={act} onCompared={setComparison} />
      {message && (
        <p className="note success" role="status" data-testid="local-message">
          {message}
        </p>
      )}
      <ErrorMessage error={error} />
      <LocalVersions
        entries={state?.library?.entries ?? []}
        onSummary={setSummary}
        actionsOf={(e) => versionActions(e, act, ask, t)}
        restoreItems={restore.items}
      />
      {comparison && <ComparisonPanel comparison={comparison} onClose={() => setComparison(null)} />}
      {summary && <SummaryView key={summary} id={summary} onClose={() => setSummary(null)} />}
      {dialog}
      {restore.dialog}
    </section>
  )
}

/** Back up the save, compare it with the cloud, add its plays to the history, or choose the game's folder. */
function LocalActions(props: {
  accountId: string
  state: LocalState | undefined
  busy: boolean
  act: Act
  onCompared(comparison: LocalComparison): void
}) {
  const { t } = useTranslation()
  const { accountId, state, busy, act } = props
  const backUp = useLocal((s) => s.backup)
  const compare = useLocal((s) => s.compare)
  const addPlays = useLocal((s) => s.importPlays)
  const chooseFolder = useLocal((s) => s.chooseFolder)
  const found = state?.status.folder ?? null
  const importPlays = (pick: boolean) =>
    act(async () => {
      const result = await addPlays(accountId, { pick, anyUser: false })
      if (!result) return null
      // Rows that are no play are left out, and said, with why where a score no play reaches is the reason.
      const unusable = result.unreadable > 0 ? ` ${t('local.playsUnusable', { count: result.unreadable })}` : ''
      const tooHigh =
        result.scoreTooHigh > 0 ? ` ${t('local.playsScoreTooHigh', { count: result.scoreTooHigh, max: formatNumber(MAX_READ_SCORE) })}` : ''
      return `${t('local.playsAdded', { count: result.added, kept: result.alreadyKept })}${unusable}${tooHigh}`
    })
  return (
    <div className="row wrap">
      <button
        type="button"
        className="primary"
        disabled={busy || !found}
        onClick={() =>
          void act(async () => {
            const result = await backUp(accountId)
            return t(result.status === 'up-to-date' ? 'local.upToDate' : 'local.saved')
          })
        }
      >
        {t('local.backUp')}
      </button>
      <button
        type="button"
        disabled={busy || !found}
        onClick={() =>
          void act(async () => {
            props.onCompared(await compare(accountId))
            return null
          })
        }
      >
        {t('local.compare')}
      </button>
      <button type="button" disabled={busy || !found} onClick={() => void importPlays(false)}>
        {t('local.addPlays')}
      </button>
      <button type="button" disabled={busy} onClick={() => void importPlays(true)}>
        {t('local.addPlaysFrom')}
      </button>
      <button type="button" disabled={busy} onClick={() => void act(async () => (await chooseFolder({ reset: false }), null))}>
        {t('local.chooseFolder')}
      </button>
      {state?.status.chosen && (
        <button type="button" disabled={busy} onClick={() => void act(async () => (await chooseFolder({ reset: true }), null))}>
          {t('local.usualFolder')}
        </button>
      )}
    </div>
  )
}

function FolderStatus({ state }: { state: LocalState | undefined }) {
  const { t } = useTranslation()
  if (!state) return null
  const { status } = state
  if (!status.folder)
    return (
      <div className="note" data-testid="game-folder">
        <p>{t('local.notFound')}</p>
        <ul className="compact">
          {status.searched.map((s) => (
            <li key={s} className="file-name">
              <BreakableText text={s} />
            </li>
          ))}
        </ul>
      </div>
    )
  return (
    <div data-testid="game-folder">
      <p className="muted">
        {t(status.chosen ? 'local.folderChosen' : 'local.folderFound')}{' '}
        <span className="file-name">
          <BreakableText text={status.folder} />
        </span>
      </p>
      <ul className="compact">
        {status.files.map((f) => (
          <li key={f.name}>
            {f.name}: {formatBytes(f.size)}, {t('local.changed', { when: formatDateTime(f.modifiedAt) })}
          </li>
        ))}
      </ul>
    </div>
  )
}

function LocalVersions({
  entries,
  onSummary,
  actionsOf,
  restoreItems
}: {
  entries: BackupEntry[]
  onSummary(id: string): void
  actionsOf(entry: BackupEntry): ReturnType<typeof versionActions>
  restoreItems(entry: BackupEntry): MenuItem[]
}) {
  const { t } = useTranslation()
  if (entries.length === 0) return <p className="muted">{t('local.noVersions')}</p>
  return (
    <VersionsTable
      entries={entries}
      testId="local-versions"
      caption={t('local.versions', { count: entries.length })}
      headers={
        <>
          <th className="col-p3">{t('backups.size')}</th>
          <th>{t('local.files')}</th>
        </>
      }
      cells={(e) => (
        <>
          <td className="col-p3">{formatBytes(e.size + (e.parts ?? []).reduce((sum, p) => sum + p.size, 0))}</td>
          <td>{['saves.db', ...(e.parts ?? []).map((p) => p.role)].join(' + ')}</td>
        </>
      )}
      menuTestId="local-actions"
      items={(e) => {
        const actions = actionsOf(e)
        return [
          { label: t('backups.summary'), onSelect: () => onSummary(e.id) },
          ...restoreItems(e),
          actions.pin,
          actions.star,
          actions.export,
          actions.reveal,
          actions.delete
        ]
      }}
    />
  )
}

function ComparisonPanel({ comparison: c, onClose }: { comparison: LocalComparison; onClose(): void }) {
  const { t } = useTranslation()
  const digits = useRealityDigits()
  const reality = (value: number | null) => (value === null ? t('local.realityUnknown') : formatReality(value, digits))
  return (
    <Panel title={t('local.comparisonTitle')} onClose={onClose} testId="local-comparison">
      <p className={c.verdict === 'same' ? undefined : 'note'} data-testid="local-verdict">
        <strong>{t(`local.verdict_${c.verdict}`)}</strong>
      </p>
      {c.cloud && <p className="muted">{t('local.against', { when: formatDateTime(c.cloud.updatedAt) })}</p>}
      <p>{t('local.reality', { local: reality(c.local.reality), cloud: c.cloud ? reality(c.cloud.reality) : '—' })}</p>
      <ChangeList title={t('local.betterLocally')} changes={c.betterLocally} />
      <ChangeList title={t('local.onlyLocal')} changes={c.onlyLocal} />
      <ChangeList title={t('local.betterInCloud')} changes={c.betterInCloud} />
      <ChangeList title={t('local.onlyInCloud')} changes={c.onlyInCloud} />
      {c.same > 0 && <p className="muted">{t('local.same', { count: c.same })}</p>}
    </Panel>
  )
}
