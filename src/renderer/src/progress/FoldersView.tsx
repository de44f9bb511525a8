import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { GRADES, OVERLOADED, type Grade } from '../../../shared/reality'
import { gradeClass } from '../ui/palette'
import type { FolderKind, FolderRow, ProgressState, ViewMode } from '../../../shared/progress'
import { ChartTitle } from '../chart-list/ChartTitle'
import { ErrorMessage } from '../ui/ErrorMessage'
import { formatDateTime, formatNumber } from '../ui/format'
import { CustomFolders } from './CustomFolders'
import { FolderDetail, type Segment } from './FolderDetail'
import { folderName } from './goal-text'

const KINDS: FolderKind[] = ['level', 'difficulty', 'pack', 'custom']

/** What a click on a folder row opened: a folder, in a mode, at a grade or mark. */
interface Opened {
  folder: string
  segment: Segment
}

/** A folder's grades as a bar of segments, each a button that lists its charts; the bar's text is the segments' names. */
function GradeBar({ row, name, open }: { row: FolderRow; name: string; open(segment: Segment): void }) {
  const { t } = useTranslation()
  const shown = GRADES.filter((g) => row.grades[g] > 0)
  return (
    <div className="pg-bar" role="group" aria-label={t('progress.barLabel', { folder: name })}>
      {row.overloaded > 0 && (
        // Overloaded bests (above 1,010,000) are a segment of their own, before R: never counted as R (play-marks.ts).
        <button
          type="button"
          className={`chip ${gradeClass(OVERLOADED)} pg-seg`}
          style={{ flexGrow: row.overloaded }}
          aria-label={t('progress.segment', { grade: t('display.overloaded'), count: row.overloaded })}
          title={t('progress.segment', { grade: t('display.overloaded'), count: row.overloaded })}
          onClick={() => open({ kind: 'mark', mark: 'overloaded' })}
        >
          {row.overloaded >= Math.max(1, row.charts / 12) ? t('progress.overloadedShort') : ''}
        </button>
      )}
      {shown.map((g) => (
        <button
          key={g}
          type="button"
          className={`chip bg-grade-${g} pg-seg`}
          style={{ flexGrow: row.grades[g] }}
          aria-label={t('progress.segment', { grade: g, count: row.grades[g] })}
          title={t('progress.segment', { grade: g, count: row.grades[g] })}
          onClick={() => open({ kind: 'grade', grade: g })}
        >
          {row.grades[g] >= Math.max(1, row.charts / 12) ? g : ''}
        </button>
      ))}
      {row.charts > row.played && <span className="pg-seg pg-unplayed" style={{ flexGrow: row.charts - row.played }} aria-hidden="true" />}
    </div>
  )
}

/** A count that opens its charts; its name says what it counts where, then the count as shown. */
function Count({ count, total, label, open }: { count: number; total: number; label: string; open(): void }) {
  return (
    <button type="button" className="link pg-count" title={`${label}: ${formatNumber(count)}/${formatNumber(total)}`} onClick={open}>
      <span className="visually-hidden">{label}: </span>
      {formatNumber(count)}
      <span className="muted">/{formatNumber(total)}</span>
    </button>
  )
}

function FolderTable({ rows, threshold, open }: { rows: FolderRow[]; threshold: Grade; open(row: FolderRow, segment: Segment): void }) {
  const { t } = useTranslation()
  const what = (key: string) => t(`progress.${key}`)
  return (
    <div className="table-wrap">
      <table className="data-table static pg-table" data-testid="folder-table">
        <thead>
          <tr>
            <th>{t('progress.folder')}</th>
            <th>{t('progress.played')}</th>
            <th className="pg-bar-col">{t('progress.grades')}</th>
            <th>{t('progress.atLeastHeader', { grade: threshold })}</th>
            <th className="pg-clear-col">{t('progress.lamp_clear')}</th>
            <th>{t('progress.fc')}</th>
            <th>{t('progress.ap')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const name = folderName(t, row)
            const count = (key: string, n: number, segment: Segment) => (
              <Count
                count={n}
                total={row.charts}
                label={t('progress.openCount', { what: key, folder: name })}
                open={() => open(row, segment)}
              />
            )
            return (
              <tr key={row.folder} data-folder={row.folder}>
                <th scope="row" className="pg-name">
                  {name}
                  {row.fromSave > 0 && <div className="muted small">{t('progress.fromSaveCount', { count: row.fromSave })}</div>}
                </th>
                <td>
                  {formatNumber(row.played)}
                  <span className="muted">/{formatNumber(row.charts)}</span>
                </td>
                <td className="pg-bar-col">
                  <GradeBar row={row} name={name} open={(segment) => open(row, segment)} />
                </td>
                <td data-testid="at-least">
                  {count(t('progress.atLeastHeader', { grade: threshold }), row.atLeast[threshold], {
                    kind: 'grade',
                    grade: threshold,
                    atLeast: true
                  })}
                </td>
                <td className="pg-clear-col">{count(what('lamp_clear'), row.clear, { kind: 'mark', mark: 'clear' })}</td>
                <td>{count(what('lamp_fullCombo'), row.fullCombo, { kind: 'mark', mark: 'fullCombo' })}</td>
                <td>{count(what('lamp_allPerfect'), row.allPerfect, { kind: 'mark', mark: 'allPerfect' })}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}

/** Where the bests come from: the play history, and the latest save (whose bests have no input mode). */
function SaveNote({ state }: { state: ProgressState }) {
  const { t } = useTranslation()
  if (state.saveProblem)
    return (
      <div className="note">
        <p>{t('progress.saveProblem')}</p>
        <ErrorMessage error={state.saveProblem} />
      </div>
    )
  if (!state.save) return <p className="muted">{t('progress.saveNone')}</p>
  return (
    <p className="muted" data-testid="save-note">
      {t('progress.saveUsed', { count: state.save.charts, when: formatDateTime(state.save.backedUpAt) })}
    </p>
  )
}

function UnknownCharts({ state, mode }: { state: ProgressState; mode: ViewMode }) {
  const { t } = useTranslation()
  const charts = state.unknown.find((u) => u.mode === mode)?.charts ?? []
  if (charts.length === 0) return null
  return (
    <section aria-labelledby="unknown-title" data-testid="unknown-charts">
      <h2 id="unknown-title">
        {t('progress.unknownTitle')} ({formatNumber(charts.length)})
      </h2>
      <p className="muted">{t('progress.unknownHelp')}</p>
      <ul className="pg-unknown">
        {charts.slice(0, 200).map((id) => (
          <li key={id}>
            <ChartTitle chartId={id} />
          </li>
        ))}
      </ul>
    </section>
  )
}

export function FoldersView({ state, accountId }: { state: ProgressState; accountId: string }) {
  const { t } = useTranslation()
  const kinds = KINDS.filter((k) => k === 'custom' || k === 'level' || state.rows.some((r) => r.kind === k))
  const [kind, setKind] = useState<FolderKind>('level')
  const [chosenMode, setMode] = useState<ViewMode>('any')
  const [threshold, setThreshold] = useState<Grade>('SS')
  const [opened, setOpened] = useState<Opened | null>(null)
  const mode = state.modes.includes(chosenMode) ? chosenMode : state.modes[0]!
  const rows = useMemo(() => state.rows.filter((r) => r.kind === kind && r.mode === mode), [state.rows, kind, mode])
  return (
    <div data-testid="folders-view">
      <div className="row pg-controls">
        <div role="radiogroup" aria-label={t('progress.groupBy')} className="segmented">
          {kinds.map((k) => (
            <button key={k} type="button" role="radio" aria-checked={kind === k} onClick={() => (setKind(k), setOpened(null))}>
              {t(`progress.kind_${k}`)}
            </button>
          ))}
        </div>
        <div role="radiogroup" aria-label={t('progress.modes')} className="segmented">
          {state.modes.map((m) => (
            <button key={m} type="button" role="radio" aria-checked={mode === m} onClick={() => setMode(m)}>
              {t(`progress.mode_${m}`)}
            </button>
          ))}
        </div>
        <label className="inline-label">
          {t('progress.atLeastPick')}{' '}
          <select value={threshold} onChange={(e) => setThreshold(e.target.value as Grade)}>
            {GRADES.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </select>
        </label>
      </div>
      {mode === 'any' && state.modes.length > 1 && <p className="muted">{t('progress.anyHelp')}</p>}
      <SaveNote state={state} />
      {state.listCount === 0 && <p className="note">{t('progress.noList')}</p>}
      {kind === 'custom' && <CustomFolders state={state} accountId={accountId} />}
      {rows.length === 0 ? (
        kind !== 'custom' && <p className="muted">{t('progress.noneOfKind')}</p>
      ) : (
        <FolderTable rows={rows} threshold={threshold} open={(row, segment) => setOpened({ folder: row.folder, segment })} />
      )}
      {opened && (
        <FolderDetail
          key={`${opened.folder}|${mode}`}
          accountId={accountId}
          folder={opened.folder}
          mode={mode}
          initial={opened.segment}
          onClose={() => setOpened(null)}
        />
      )}
      <UnknownCharts state={state} mode={mode} />
    </div>
  )
}
