import { ChartLink } from '../chart-list/ChartLink'
import { useComboOf } from '../chart-list/useCombo'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AccountSummary } from '../../../shared/accounts'
import type { PublicUserProfile } from '../../../shared/api'
import { saveMetaOf } from '../../../shared/records'
import type { AccountData } from '../../../shared/data'
import { chartCounts, recordMarks } from '../../../shared/chart-counts'
import { bestCombo } from '../../../shared/player'
import { viaKey } from '../accounts/sign-in-method'
import { activeAccount, useAccounts } from '../accounts/store'
import { useNav } from '../app/navigation'
import { useSync, useInsights, usePlayer, useRealityPoints } from '../sync/store'
import { useSettings } from '../settings/store'
import { ComboChip, DifficultyBadge, GradeChip, PlayMarkChips } from '../ui/Chips'
import { ErrorMessage } from '../ui/ErrorMessage'
import { RealityNumber, WeekChange } from '../ui/RealityNumber'
import { useNow } from '../ui/useNow'
import { ScreenHead, Skeleton } from '../ui/PanelBadge'
import { formatAccuracy, formatChartReality, formatDateTime, formatNumber, formatRelative } from '../ui/format'
import { useAction } from '../ui/useAction'
import { NicknameDialog } from './NicknameDialog'
import { useProfile } from './store'
import { GradeCounts, RealitySources } from './OneTruth'
import { GoalsOnProfile } from '../progress/GoalsOnProfile'
import { StarredPlays } from '../record/StarredPlays'
import { ProfileSessions } from '../sessions/ProfileSessions'
import { PlayNext } from '../picks/PlayNext'
import { SkillProfile } from '../skill/SkillProfile'
import './profile.css'

const FIELDS = ['nickname', 'username', 'uid', 'zone', 'email'] as const

export function ProfileScreen() {
  const { t } = useTranslation()
  const account = useAccounts((s) => activeAccount(s.state))
  const data = useSync((s) => (account ? s.byAccount[account.id] : undefined))
  const [editing, setEditing] = useState(false)
  if (!account) return null
  const profile = data?.profile.data
  return (
    <section className="screen" aria-labelledby="profile-title">
      <ScreenHead id="profile-title" title={t('profile.title')} panel={data?.profile.panel} />
      {!profile && data?.profile.panel.status === 'refreshing' && <Skeleton lines={4} />}
      <PlayerCard account={account} data={data} />
      <ProfileSessions accountId={account.id} />
      <PlayNext accountId={account.id} idBase="profile-next" />
      <BestPlays accountId={account.id} />
      <SkillProfile accountId={account.id} />
      <GoalsOnProfile accountId={account.id} />
      <StarredPlays accountId={account.id} />
      <section aria-labelledby="account-title" className="account-section">
        <h2 id="account-title">{t('profile.account')}</h2>
        <AccountFacts account={account} data={data} />
        <div className="row account-actions">
          <button type="button" disabled={!data} onClick={() => setEditing(true)}>
            {t('nickname.change')}
          </button>
        </div>
        {data && <RealitySources accountId={account.id} data={data} />}
      </section>
      <ErrorMessage error={data?.profile.panel.status === 'error' ? data.profile.panel.error : null} />
      <PublicLookup accountId={account.id} />
      {editing && data && <NicknameDialog account={account} data={data} onClose={() => setEditing(false)} />}
    </section>
  )
}

/** What a player looks at first: who, how strong in each mode and how it moved this week, what they have played. */
function PlayerCard({ account, data }: { account: AccountSummary; data: AccountData | undefined }) {
  const { t } = useTranslation()
  const player = usePlayer(account.id)
  const points = useRealityPoints(account.id, 7)
  const rank = data?.rank.data
  const profile = data?.profile.data
  const now = useNow()
  // Charts, not plays: each chart once, at its best of touch and keyboard, as a cloud save counts it.
  const counts = player ? chartCounts(player.bests.map((b) => recordMarks(b.record, bestCombo(b)))) : null
  return (
    <article className="player-card tinted-card" aria-label={t('profile.playerCard')} data-testid="player-card">
      <div className="player-head">
        {data?.profile.avatar ? (
          <img className="avatar" src={data.profile.avatar} width={88} height={88} alt={t('profile.avatarAlt')} />
        ) : (
          <div className="avatar placeholder" aria-hidden="true" />
        )}
        <div className="player-name">
          <div className="player-nickname">{profile?.nickname ?? account.nickname ?? account.username ?? account.uid}</div>
          <div className="muted">
            @{profile?.username ?? account.username} · {t(`deployments.${account.deploymentId}`)}
          </div>
        </div>
        <div className="reality-stats">
          {(['touch', 'keyboard'] as const).map((mode) => (
            <div key={mode} className="reality-stat" data-testid={`card-reality-${mode}`}>
              <div className="muted">{t(`reality.mode_${mode}`)}</div>
              <div className="reality-big">{rank ? <RealityNumber value={rank[`${mode}_reality`]} /> : '—'}</div>
              <WeekChange points={points} mode={mode} now={now} />
            </div>
          ))}
        </div>
      </div>
      <dl className="player-facts">
        <div>
          <dt>{t('profile.playsKept')}</dt>
          <dd data-testid="card-plays">{formatNumber(player?.plays ?? data?.history.records ?? 0)}</dd>
        </div>
        <div>
          <dt>{t('profile.chartsPlayed')}</dt>
          <dd data-testid="card-charts">{formatNumber(counts?.charts)}</dd>
        </div>
        <div>
          <dt>{t('profile.lastPlayed')}</dt>
          <dd title={formatDateTime(player?.lastPlayedAt)}>{player?.lastPlayedAt ? formatRelative(player.lastPlayedAt) : '—'}</dd>
        </div>
        {counts && (
          <>
            <div>
              <dt>{t('chartCounts.fullCombos')}</dt>
              <dd data-testid="card-fc">{formatNumber(counts.fullCombos)}</dd>
            </div>
            <div>
              <dt>{t('chartCounts.allPerfects')}</dt>
              <dd data-testid="card-ap">{formatNumber(counts.allPerfects)}</dd>
            </div>
          </>
        )}
      </dl>
      {counts && counts.charts > 0 && <GradeCounts counts={counts} />}
    </article>
  )
}

/** The plays that count most: the top of the best 20, across both modes. */
function BestPlays({ accountId }: { accountId: string }) {
  const { t } = useTranslation()
  const insights = useInsights(accountId)
  const go = useNav((s) => s.go)
  const comboOf = useComboOf(accountId)
  const combo = { AP: t('display.allPerfect'), FC: t('display.fullCombo') }
  if (!insights) return null
  const rows = [
    ...insights.touch.best.map((row) => ({ row, mode: 'touch' as const })),
    ...insights.keyboard.best.map((row) => ({ row, mode: 'keyboard' as const }))
  ]
    .sort((a, b) => b.row.record.reality - a.row.record.reality)
    .slice(0, 8)
  if (rows.length === 0) return null
  return (
    <section aria-labelledby="best-plays-title">
      <div className="screen-head">
        <h2 id="best-plays-title">{t('profile.bestPlays')}</h2>
        <button type="button" className="link" onClick={() => go('reality')}>
          {t('profile.seeBest20')}
        </button>
      </div>
      <ol className="chart-cards" data-testid="best-plays">
        {rows.map(({ row, mode }) => (
          <li key={`${row.record.chart_id}|${mode}`} className="chart-card">
            <div className="chart-card-title">
              <ChartLink chartId={row.record.chart_id} />
            </div>
            <div className="chart-card-meta">
              <DifficultyBadge difficulty={row.difficulty} constant={row.constant} />
              <span className="muted">{t(`reality.mode_${mode}`)}</span>
            </div>
            <div className="chart-card-score">
              <span>{formatNumber(row.record.score)}</span> <GradeChip grade={row.record.grade} />
              <ComboChip mark={comboOf(row)} name={combo[comboOf(row) ?? 'FC']} />
              <PlayMarkChips play={row.record} />
            </div>
            <div className="muted">
              {formatAccuracy(row.record.score_accuracy)} · {t('reality.value', { value: formatChartReality(row.record.reality) })}
            </div>
          </li>
        ))}
      </ol>
    </section>
  )
}

function AccountFacts({ account, data }: { account: AccountSummary; data: AccountData | undefined }) {
  const { t } = useTranslation()
  const showEmail = useSettings((s) => s.settings?.showEmail)
  const profile = data?.profile.data
  const hiddenReason = (field: (typeof FIELDS)[number]) => {
    if (field === 'email')
      return account.capabilities.includes('email')
        ? t('profile.hiddenEmailNone')
        : showEmail
          ? t('profile.hiddenEmailGrant')
          : t('profile.hiddenEmailOff')
    return t('profile.hiddenScope')
  }
  return (
    <dl className="facts compact-facts">
      {FIELDS.map((field) => (
        <div key={field} className="fact">
          <dt>{t(`profile.${field}`)}</dt>
          {/* The uid is an id a player copies (to look a player up, to ask for help): the one place it is shown. */}
          <dd data-testid={`profile-${field}`} data-copyable={field === 'uid' || undefined}>
            {profile?.[field] ?? (field === 'username' ? account.username : null) ?? <span className="muted">{hiddenReason(field)}</span>}
          </dd>
        </div>
      ))}
      <div className="fact">
        <dt>{t('profile.deployment')}</dt>
        <dd>{t(`deployments.${account.deploymentId}`)}</dd>
      </div>
      <div className="fact">
        <dt>{t('profile.signedInWith')}</dt>
        <dd>{t(viaKey(account))}</dd>
      </div>
      {/* The cloud save's facts in the same list: one column of names, one of values. */}
      {data?.save.noCloudSave && !data.save.data && (
        <div className="fact">
          <dt>{t('profile.cloudSave')}</dt>
          <dd data-testid="profile-no-cloud-save">{t('profile.saveNoneValue')}</dd>
        </div>
      )}
      {data?.save.data && (
        <>
          <div className="fact">
            <dt>{t('profile.saveUpdated')}</dt>
            <dd>{formatDateTime(data.save.data.updated_at)}</dd>
          </div>
          <div className="fact">
            <dt>{t('profile.saveReality')}</dt>
            <dd>{formatNumber(saveMetaOf(data.save.data.meta).reality_value, 3)}</dd>
          </div>
        </>
      )}
    </dl>
  )
}

function PublicLookup({ accountId }: { accountId: string }) {
  const { t } = useTranslation()
  const [identity, setIdentity] = useState('')
  const [result, setResult] = useState<{ profile: PublicUserProfile; avatar: string | null } | null>(null)
  const findPlayer = useProfile((s) => s.lookup)
  const action = useAction()
  const { busy, error } = action
  const lookup = () =>
    action.run(async () => {
      setResult(null)
      setResult(await findPlayer(accountId, identity.trim()))
    })
  return (
    <section aria-labelledby="lookup-title">
      <h2 id="lookup-title">{t('lookup.title')}</h2>
      <form
        className="field inline"
        onSubmit={(e) => {
          e.preventDefault()
          if (identity.trim()) void lookup()
        }}
      >
        <label htmlFor="lookup-input" className="visually-hidden">
          {t('lookup.label')}
        </label>
        <input
          id="lookup-input"
          value={identity}
          placeholder={t('lookup.placeholder')}
          data-copyable
          onChange={(e) => setIdentity(e.target.value)}
        />
        <button type="submit" disabled={busy || identity.trim() === ''}>
          {t('lookup.search')}
        </button>
      </form>
      {result && (
        <div className="profile-card small" data-testid="lookup-result">
          {result.avatar && <img className="avatar" src={result.avatar} width={56} height={56} alt="" />}
          <div>
            <strong>{result.profile.nickname}</strong>
            <div className="muted">@{result.profile.username}</div>
          </div>
        </div>
      )}
      <ErrorMessage error={error} />
    </section>
  )
}
