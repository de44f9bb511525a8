import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AppError, type AppErrorData } from '../../../shared/errors'
import { folderWords, folderWordsOfId } from '../../../shared/folder-names'
import type { PackPreview, PackSource } from '../../../shared/goal-pack'
import { MAX_PACK_BYTES } from '../../../shared/goal-pack-limits'
import type { ProgressState } from '../../../shared/progress'
import { chartLabel } from '../chart-list/names'
import { useChartNames } from '../chart-list/useChartNames'
import { ErrorMessage } from '../ui/ErrorMessage'
import { formatNumber } from '../ui/format'
import { useAction } from '../ui/useAction'
import { ownEvent, useModal } from '../ui/useModal'
import { folderText, goalText, modeText } from './goal-text'
import { useGoalName } from './useGoalName'
import { useProgress } from './store'

/** A file too large to be a goal pack, refused before it is read (main refuses it again). */
const tooLarge = (size: number): AppErrorData => ({
  code: 'invalid_input',
  message: `This file is too large for a goal pack (${size} bytes).`,
  details: { reason: 'pack_too_large', size, limit: MAX_PACK_BYTES }
})

/** "Export goals…": the goals chosen (or a folder with its goals) as a goal pack file to share. */
export function ExportPackDialog(props: {
  accountId: string
  state: ProgressState
  folder?: { id: string; name: string }
  onClose(): void
}) {
  const { accountId, state, folder, onClose } = props
  const { t } = useTranslation()
  const ref = useModal()
  const nameOf = useGoalName(state.rows)
  const exportPack = useProgress((s) => s.exportPack)
  const [name, setName] = useState(folder?.name ?? t('progress.packDefaultName'))
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(state.goals.map((g) => g.goal.id)))
  const action = useAction()
  const inFolder = folder ? state.goals.filter((g) => g.goal.scope.kind === 'folder' && g.goal.scope.folder === folder.id) : []
  const run = () =>
    action.run(async () => {
      const request = folder ? { name: name.trim(), folder: folder.id } : { name: name.trim(), goals: [...chosen] }
      const path = await exportPack(accountId, request)
      return path ? t('progress.packExported', { path }) : null
    })
  const toggle = (id: string) => setChosen((now) => new Set(now.has(id) ? [...now].filter((x) => x !== id) : [...now, id]))
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby="pack-export-title"
      onCancel={ownEvent((e) => (e.preventDefault(), onClose()))}
      data-testid="pack-export"
    >
      <h2 id="pack-export-title">{t(folder ? 'progress.packExportFolderTitle' : 'progress.packExportTitle')}</h2>
      <div className="dialog-body">
        <div className="field">
          <label htmlFor="pack-name">{t('progress.packName')}</label>
          <input id="pack-name" value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />
        </div>
        {folder ? (
          <p className="muted">{t('progress.packFolderGoals', { count: inFolder.length, folder: folder.name })}</p>
        ) : (
          <fieldset className="pack-goals">
            <legend>{t('progress.packGoals')}</legend>
            {state.goals.map((g) => (
              <label key={g.goal.id} className="checkbox">
                <input type="checkbox" checked={chosen.has(g.goal.id)} onChange={() => toggle(g.goal.id)} />
                {nameOf(g.goal)}
              </label>
            ))}
          </fieldset>
        )}
        {action.message && (
          <p className="muted" role="status" data-testid="pack-saved">
            {action.message}
          </p>
        )}
        <ErrorMessage error={action.error} />
      </div>
      <div className="row end">
        <button type="button" onClick={onClose}>
          {action.message ? t('common.close') : t('common.cancel')}
        </button>
        {!action.message && (
          <button
            type="button"
            className="primary"
            disabled={action.busy || !name.trim() || (!folder && chosen.size === 0)}
            onClick={() => void run()}
          >
            {t('progress.packExportDo')}
          </button>
        )}
      </div>
    </dialog>
  )
}

/** What a pack adds, goal by goal, in the reader's words (a pack's folder by its name in the pack). */
function PreviewList({ preview, state }: { preview: PackPreview; state: ProgressState }) {
  const { t } = useTranslation()
  const nameOf = useChartNames()
  const scopeName = (id: string) => {
    const own = preview.folders.find((f) => f.id === id)
    if (own) return own.name
    const row = state.rows.find((r) => r.folder === id)
    return folderText(t, row ? folderWords(row) : folderWordsOfId(id))
  }
  return (
    <div data-testid="pack-preview">
      <h3>{t('progress.packPreview', { name: preview.name })}</h3>
      {preview.description && <p className="muted">{preview.description}</p>}
      <ul className="compact">
        {preview.folders.map((f) => (
          <li key={f.id}>
            {f.exists ? t('progress.packFolderExists', { name: f.name }) : t('progress.packFolder', { name: f.name, count: f.charts })}
          </li>
        ))}
      </ul>
      <ul className="pack-preview-goals">
        {preview.goals.map((g) => (
          <li key={g.id} data-status={g.status}>
            <strong>{g.name ?? goalText(t, g, scopeName, (chart) => chartLabel(nameOf(chart), t('charts.unknown')))}</strong>
            <div>
              <span className={g.status === 'add' ? 'gain' : 'muted'}>{t(`progress.packStatus_${g.status}`)}</span>
              <PackGoalDetail goal={g} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** Where a pack comes from: a file the player chooses (its size looked at before it is read), or an example. */
function PackSources({ onRead }: { onRead(source: PackSource | AppError): void }) {
  const { t } = useTranslation()
  const pick = (file: File) => {
    if (file.size > MAX_PACK_BYTES) onRead(new AppError(tooLarge(file.size)))
    else void file.text().then((text) => onRead({ text }))
  }
  return (
    <>
      <div className="row">
        <label className="file-button">
          {t('progress.packChooseFile')}
          <input
            type="file"
            accept=".json,application/json"
            data-testid="pack-file"
            onChange={(e) => {
              const file = e.target.files?.[0]
              if (file) pick(file)
            }}
          />
        </label>
      </div>
      <p className="muted">{t('progress.packExamples')}</p>
      <div className="row">
        {EXAMPLES.map((example) => (
          <button key={example} type="button" onClick={() => onRead({ example })}>
            {t(`progress.packExample_${example}`)}
          </button>
        ))}
      </div>
    </>
  )
}

const EXAMPLES = ['full-combo-level', 'reality-steps'] as const

/** "Import a goal pack…": a file (or one of the examples made from the chart list), previewed, then added on confirm. */
export function ImportPackDialog({ accountId, state, onClose }: { accountId: string; state: ProgressState; onClose(): void }) {
  const { t } = useTranslation()
  const ref = useModal()
  const previewPack = useProgress((s) => s.previewPack)
  const importPack = useProgress((s) => s.importPack)
  const [read, setRead] = useState<{ source: PackSource; preview: PackPreview } | null>(null)
  const reading = useAction()
  const adding = useAction()
  const choose = (next: PackSource | AppError) =>
    reading.run(async () => {
      setRead(null)
      if (next instanceof AppError) throw next
      setRead({ source: next, preview: await previewPack(accountId, next) })
    })
  const adds = read?.preview.goals.filter((g) => g.status === 'add').length ?? 0
  const newFolders = read?.preview.folders.filter((f) => !f.exists).length ?? 0
  const add = () =>
    adding.run(async () => {
      if (!read) return null
      const done = await importPack(accountId, read.source)
      return t('progress.packImported', {
        goals: t('progress.packGoalCount', { count: done.goals }),
        folders: t('progress.packFolderCount', { count: done.folders })
      })
    })
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby="pack-import-title"
      onCancel={ownEvent((e) => (e.preventDefault(), onClose()))}
      data-testid="pack-import"
    >
      <h2 id="pack-import-title">{t('progress.packImportTitle')}</h2>
      <div className="dialog-body">
        <PackSources onRead={(next) => void choose(next)} />
        <ErrorMessage error={reading.error} />
        {read && <PreviewList preview={read.preview} state={state} />}
        {read && adds === 0 && newFolders === 0 && <p className="muted">{t('progress.packNothing')}</p>}
        {adding.message && (
          <p className="gain" role="status" data-testid="pack-imported">
            {adding.message}
          </p>
        )}
        <ErrorMessage error={adding.error} />
      </div>
      <div className="row end">
        <button type="button" onClick={onClose}>
          {adding.message ? t('common.close') : t('common.cancel')}
        </button>
        {!adding.message && (
          <button type="button" className="primary" disabled={!read || adding.busy || adds + newFolders === 0} onClick={() => void add()}>
            {adds > 0 ? t('progress.packAdd', { count: adds }) : t('progress.packAddFolders')}
          </button>
        )}
      </div>
    </dialog>
  )
}

/**
 * What a pack's goal adds to its status: its input mode (where the pack named it, so the name does not say it) and
 * how many of its charts meet it now (none for a goal on the player's own Reality, which has no charts to count).
 */
function PackGoalDetail({ goal }: { goal: PackPreview['goals'][number] }) {
  const { t } = useTranslation()
  const parts = [
    goal.name ? modeText(t, goal.mode) : null,
    goal.scope.kind === 'best' ? null : t('progress.packNow', { met: formatNumber(goal.met), needed: formatNumber(goal.needed) })
  ].filter((part) => part !== null)
  return parts.length > 0 && <span className="muted">{` · ${parts.join(' · ')}`}</span>
}
