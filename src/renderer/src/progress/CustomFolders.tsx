import { useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DIFFICULTIES } from '../../../shared/charts'
import { matchesFilter } from '../../../shared/folder-filter'
import type { CustomFolder, FolderFilter, ProgressState } from '../../../shared/progress'
import { useSync } from '../sync/store'
import { useConfirm } from '../ui/ConfirmDialog'
import { ErrorMessage } from '../ui/ErrorMessage'
import { NumberInput } from '../ui/NumberField'
import { readNumber, type NumberRange } from '../ui/read-number'
import { useAction } from '../ui/useAction'
import { ChartPicker } from './ChartPicker'
import { EditorForm } from './EditorForm'
import { packName } from './goal-text'
import { ExportPackDialog } from './GoalPacks'
import { useProgress } from './store'

/** How many charts of the list a filter holds now (main's rule). */
function useFilterCount(filter: FolderFilter): number {
  const charts = useSync((s) => s.charts)
  return useMemo(() => [...charts.values()].filter((c) => matchesFilter(c, filter)).length, [charts, filter])
}

/** A bound of a constant range: any constant the list gives (two decimals at most). */
const CONSTANT: NumberRange = { min: 0, max: 30, decimals: 2 }

/** One end of a constant range: empty for no bound, NaN while what is typed is not a constant (the folder cannot be saved). */
function ConstantField({
  id,
  label,
  value,
  set
}: {
  id: string
  label: string
  value: number | undefined
  set(v: number | undefined): void
}) {
  const [text, setText] = useState(value === undefined || Number.isNaN(value) ? '' : String(value))
  return (
    <span className="number-field">
      <label htmlFor={id}>{label}</label>
      <NumberInput
        id={id}
        text={text}
        range={CONSTANT}
        optional
        onText={(typed) => {
          setText(typed)
          set(typed.trim() === '' ? undefined : readNumber(typed, CONSTANT))
        }}
      />
    </span>
  )
}

function FilterFields({ filter, onChange }: { filter: FolderFilter; onChange(f: FolderFilter): void }) {
  const { t } = useTranslation()
  const id = useId()
  const charts = useSync((s) => s.charts)
  const listed = useMemo(() => new Set([...charts.values()].map((c) => c.difficulty ?? '')), [charts])
  const packs = useMemo(() => [...new Set([...charts.values()].flatMap((c) => (c.pack ? [c.pack] : [])))].sort(), [charts])
  const count = useFilterCount(filter)
  const toggle = (list: string[] | undefined, value: string) =>
    list?.includes(value) ? list.filter((v) => v !== value) : [...(list ?? []), value]
  return (
    <>
      <fieldset className="inline-fields">
        <legend>{t('progress.filterDifficulties')}</legend>
        {DIFFICULTIES.filter((d) => listed.has(d.name)).map((d) => (
          <label key={d.name} className="checkbox">
            <input
              type="checkbox"
              checked={filter.difficulties?.includes(d.name) ?? false}
              onChange={() => onChange({ ...filter, difficulties: toggle(filter.difficulties, d.name) })}
            />
            {d.code}
          </label>
        ))}
      </fieldset>
      <div className="row">
        <ConstantField
          id={`${id}-min`}
          label={t('progress.filterConstantFrom')}
          value={filter.levelMin}
          set={(v) => onChange({ ...filter, levelMin: v })}
        />
        <ConstantField
          id={`${id}-max`}
          label={t('progress.filterConstantTo')}
          value={filter.levelMax}
          set={(v) => onChange({ ...filter, levelMax: v })}
        />
      </div>
      {packs.length > 0 && (
        <fieldset className="inline-fields">
          <legend>{t('progress.filterPacks')}</legend>
          {packs.map((p) => (
            <label key={p} className="checkbox">
              <input
                type="checkbox"
                checked={filter.packs?.includes(p) ?? false}
                onChange={() => onChange({ ...filter, packs: toggle(filter.packs, p) })}
              />
              {packName(t, p)}
            </label>
          ))}
        </fieldset>
      )}
      <div className="field">
        <label htmlFor={`${id}-search`}>{t('progress.filterSearch')}</label>
        <input id={`${id}-search`} value={filter.search ?? ''} onChange={(e) => onChange({ ...filter, search: e.target.value })} />
      </div>
      <p className="muted" aria-live="polite" data-testid="filter-count">
        {t('progress.filterMatches', { count })}
      </p>
    </>
  )
}

/** A filter's constant bounds are each empty or a constant (a bound being typed is NaN). */
const filterValid = (filter: FolderFilter) => !Number.isNaN(filter.levelMin ?? 0) && !Number.isNaN(filter.levelMax ?? 0)

/** A folder the player builds: picked charts, or a filter kept as a folder. */
function FolderEditor({ accountId, folder, onDone }: { accountId: string; folder: CustomFolder | null; onDone(): void }) {
  const { t } = useTranslation()
  const id = useId()
  const [name, setName] = useState(folder?.name ?? '')
  const [from, setFrom] = useState<'picked' | 'filter'>(folder?.filter ? 'filter' : 'picked')
  const [picked, setPicked] = useState<string[]>(folder?.charts ?? [])
  const [filter, setFilter] = useState<FolderFilter>(folder?.filter ?? {})
  const saveFolder = useProgress((s) => s.saveFolder)
  const save = useAction()
  const submit = () =>
    save.run(async () => {
      const draft = { name, ...(folder ? { id: folder.id } : {}), ...(from === 'picked' ? { charts: picked } : { filter }) }
      await saveFolder(accountId, draft)
      onDone()
    })
  return (
    <EditorForm
      title={t('progress.folderEditor')}
      testId="folder-editor"
      submitLabel={t('progress.saveFolder')}
      disabled={save.busy || !name.trim() || (from === 'filter' && !filterValid(filter))}
      onSubmit={() => void submit()}
      onCancel={onDone}
      error={<ErrorMessage error={save.error} />}
    >
      <div className="field">
        <label htmlFor={`${id}-name`}>{t('progress.folderName')}</label>
        <input id={`${id}-name`} value={name} required maxLength={120} onChange={(e) => setName(e.target.value)} />
      </div>
      <div role="radiogroup" aria-label={t('progress.folderFrom')} className="segmented">
        {(['picked', 'filter'] as const).map((f) => (
          <button key={f} type="button" role="radio" aria-checked={from === f} onClick={() => setFrom(f)}>
            {t(`progress.folderFrom_${f}`)}
          </button>
        ))}
      </div>
      {from === 'picked' ? <ChartPicker picked={picked} onChange={setPicked} /> : <FilterFields filter={filter} onChange={setFilter} />}
    </EditorForm>
  )
}

/** The player's own folders: new, edit, delete; their rows are in the folder table below. */
export function CustomFolders({ state, accountId }: { state: ProgressState; accountId: string }) {
  const { t } = useTranslation()
  const [editing, setEditing] = useState<CustomFolder | 'new' | null>(null)
  const [exporting, setExporting] = useState<CustomFolder | null>(null)
  const deleteFolder = useProgress((s) => s.deleteFolder)
  const removing = useAction()
  const confirm = useConfirm()
  const remove = (folder: CustomFolder) =>
    removing.run(async () => {
      const ok = await confirm.ask({
        title: t('progress.deleteFolderTitle', { name: folder.name }),
        body: t('progress.deleteFolderBody'),
        confirm: t('progress.deleteFolder'),
        danger: true
      })
      if (ok) await deleteFolder(accountId, folder.id)
    })
  return (
    <div className="pg-custom">
      {editing ? (
        <FolderEditor accountId={accountId} folder={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
      ) : (
        <button type="button" onClick={() => setEditing('new')}>
          {t('progress.newFolder')}
        </button>
      )}
      {state.folders.length > 0 && !editing && (
        <ul className="pg-folder-list">
          {state.folders.map((f) => (
            <li key={f.id}>
              <strong>{f.name}</strong>{' '}
              <button type="button" className="link" onClick={() => setEditing(f)}>
                {t('progress.editFolder')}
              </button>{' '}
              <button type="button" className="link" onClick={() => void remove(f)}>
                {t('progress.deleteFolder')}
              </button>{' '}
              <button type="button" className="link" onClick={() => setExporting(f)}>
                {t('progress.packExportFolder')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <ErrorMessage error={removing.error} />
      {confirm.dialog}
      {exporting && (
        <ExportPackDialog
          accountId={accountId}
          state={state}
          folder={{ id: `custom:${exporting.id}`, name: exporting.name }}
          onClose={() => setExporting(null)}
        />
      )}
    </div>
  )
}
