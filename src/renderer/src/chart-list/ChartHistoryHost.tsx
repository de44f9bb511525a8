import { lazy, Suspense, useEffect, useState } from 'react'
import type { KeptRecord } from '../../../shared/api'
import { activeAccount, useAccounts } from '../accounts/store'
import { useSync } from '../sync/store'
import { useChartHistory } from './chart-history'

const ChartHistory = lazy(() => import('../scores/ChartHistory').then((m) => ({ default: m.ChartHistory })))

/** The open chart's history, over whichever screen opened it: the kept plays are read when it opens. */
export function ChartHistoryHost() {
  const { chartId, close } = useChartHistory()
  const accountId = useAccounts((s) => activeAccount(s.state)?.id)
  const kept = useSync((s) => (accountId ? s.byAccount[accountId]?.history.records : undefined))
  const loadHistory = useSync((s) => s.history)
  const [records, setRecords] = useState<KeptRecord[] | null>(null)
  useEffect(() => {
    if (!chartId || !accountId) return
    let live = true
    void loadHistory(accountId).then(
      (value) => live && setRecords(value.records),
      () => live && setRecords([])
    )
    return () => {
      live = false
    }
  }, [chartId, accountId, kept, loadHistory])
  // Another account: its history is another one.
  useEffect(() => () => setRecords(null), [accountId])
  if (!chartId || !records) return null
  return (
    <Suspense fallback={null}>
      <ChartHistory chartId={chartId} records={records} onClose={close} />
    </Suspense>
  )
}
