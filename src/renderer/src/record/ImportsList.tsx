import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ImportEntry } from '../../../shared/record'
import { parseRfc3339 } from '../../../shared/timestamps'
import { formatDateTime, formatNumber } from '../ui/format'
import { recordActions, useRecordState } from './store'

const SOURCE_KEYS = { 'data.db': 'dataDb', backup: 'backup', 'history-file': 'historyFile' } as const

/**
 * The imports into the account's kept history (a data.db, a backup's records, a history file): date, source and how
 * many plays each added, with taking one back and putting it back beside it (plays the service reported stay).
 */
export function ImportsList({ accountId }: { accountId: string }) {
  const { t } = useTranslation()
  const state = useRecordState(accountId)
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null)
  const imports = state?.imports ?? []
  const run = (entry: ImportEntry) => {
    setMessage(null)
    const change = entry.undone
      ? recordActions.redoImport(accountId, entry.id).then((r) => t('record.putBackDone', { count: r.added }))
      : recordActions
          .undoImport(accountId, entry.id)
          .then((r) =>
            [t('record.takenBackDone', { count: r.removed }), r.kept ? t('record.keptByService', { count: r.kept }) : ''].join(' ').trim()
          )
    change.then(
      (text) => setMessage({ text, error: false }),
      (e: unknown) => setMessage({ text: e instanceof Error ? e.message : String(e), error: true })
    )
  }
  return (
    <details className="imports-list" data-testid="imports-list">
      <summary>{t('record.imports', { count: imports.length })}</summary>
      {imports.length === 0 ? (
        <p className="muted">{t('record.noImports')}</p>
      ) : (
        <table className="data-table static compact-table">
          <thead>
            <tr>
              <th>{t('record.importDate')}</th>
              <th>{t('record.importSource')}</th>
              <th>{t('record.importCount')}</th>
              <th>{t('record.importState')}</th>
            </tr>
          </thead>
          <tbody>
            {imports.map((entry) => (
              <tr key={entry.id} data-testid="import-row">
                <td>{formatDateTime(parseRfc3339(entry.at))}</td>
                <td>
                  {t(`record.source_${SOURCE_KEYS[entry.source.kind]}`)}
                  <span className="muted"> {entry.source.label}</span>
                </td>
                <td>{formatNumber(entry.count)}</td>
                <td>
                  {entry.undone && (
                    <span className="muted">{t('record.takenBackAt', { when: formatDateTime(parseRfc3339(entry.undone.at)) })} </span>
                  )}
                  <button type="button" className="link" onClick={() => run(entry)}>
                    {entry.undone ? t('record.putBack') : t('record.takeBack')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {message && (
        <p role={message.error ? 'alert' : 'status'} className={message.error ? 'error-box' : 'muted'}>
          {message.text}
        </p>
      )}
    </details>
  )
}
