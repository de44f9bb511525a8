import { useTranslation } from 'react-i18next'
import type { ModeMove, SessionMode } from '../../../shared/sessions'
import { useRealityWords } from './text'

/** One mode's Reality before → after, with its change; "computed" where the service kept no value then. */
export function MoveText({ mode, move }: { mode: SessionMode; move: ModeMove }) {
  const { t } = useTranslation()
  const words = useRealityWords()
  const computed = move.before.source === 'computed' || move.after.source === 'computed'
  const change = words.change(move)
  const text = t('sessions.move', { mode: t(`sessions.mode_${mode}`), before: words.value(move.before), after: words.value(move.after) })
  // The whole line on hover, where a narrow card cuts it.
  const whole = `${text} (${change})${computed ? ` · ${t('sessions.computed')}` : ''}`
  return (
    <span className="session-move" data-testid={`move-${mode}`} title={whole}>
      {text} <span className={change.startsWith('+') ? 'gain' : change.startsWith('−') ? 'loss' : 'muted'}>({change})</span>
      {computed && (
        <span className="muted computed-mark" title={t('sessions.computedHelp')}>
          {' '}
          · {t('sessions.computed')}
        </span>
      )}
    </span>
  )
}
