import { useVirtualizer } from '@tanstack/react-virtual'
import { memo, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { SessionCard } from '../../../shared/sessions'
import { formatNumber } from '../ui/format'
import { MoveText } from './MoveText'
import { sessionWhen, useSessionLength } from './text'

/** Every card is this tall, its gap included (sessions.css, `.session-card`). */
const CARD_HEIGHT = 132

/** A session's headline figures, as a card that opens its summary. */
export const SessionCardView = memo(function SessionCardView({ card, onOpen }: { card: SessionCard; onOpen(id: string): void }) {
  const { t, i18n } = useTranslation()
  const sessionLength = useSessionLength()
  const when = sessionWhen(i18n.language, card.start, card.end)
  const figures = [
    t('sessions.plays', { count: card.plays }),
    t('sessions.charts', { count: card.charts }),
    t('sessions.split', { touch: formatNumber(card.touch), keyboard: formatNumber(card.keyboard) })
  ]
  const news = [
    card.newBests ? t('sessions.newBests', { count: card.newBests }) : null,
    card.gradeRaises ? t('sessions.gradeRaises', { count: card.gradeRaises }) : null,
    card.fullCombos ? t('sessions.fullCombos', { count: card.fullCombos }) : null,
    card.allPerfects ? t('sessions.allPerfects', { count: card.allPerfects }) : null,
    card.touchMove.entered + card.keyboardMove.entered
      ? t('sessions.entered', { count: card.touchMove.entered + card.keyboardMove.entered })
      : null
  ].filter((s): s is string => s !== null)
  return (
    <article className="session-card" data-testid="session-card">
      <h3>
        <button type="button" className="link session-open" aria-label={t('sessions.open', { when })} onClick={() => onOpen(card.id)}>
          {when}
        </button>{' '}
        <span className="muted">{sessionLength(card)}</span>
      </h3>
      <p className="session-figures">{figures.join(' · ')}</p>
      {news.length > 0 && <p className="session-news">{news.join(' · ')}</p>}
      <p className="session-moves">
        {card.touch > 0 && <MoveText mode="touch" move={card.touchMove} />}
        {card.keyboard > 0 && <MoveText mode="keyboard" move={card.keyboardMove} />}
      </p>
    </article>
  )
})

/** The sessions as cards, newest first, rendered as they scroll into view (thousands stay light). */
export function SessionList({ cards, onOpen, label }: { cards: readonly SessionCard[]; onOpen(id: string): void; label: string }) {
  const scroller = useRef<HTMLDivElement>(null)
  // The app does not use the React Compiler; TanStack Virtual is used as its docs describe.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtual = useVirtualizer({
    count: cards.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => CARD_HEIGHT,
    overscan: 3
  })
  return (
    // A scrolling region must be reachable by keyboard to scroll it (WCAG 2.1.1).
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex
    <div className="session-scroll scroll-region" ref={scroller} tabIndex={0} role="region" aria-label={label} data-testid="session-list">
      <ul className="session-cards" style={{ height: `${virtual.getTotalSize()}px` }}>
        {virtual.getVirtualItems().map((item) => (
          <li
            key={item.key}
            style={{ transform: `translateY(${item.start}px)` }}
            aria-setsize={cards.length}
            aria-posinset={item.index + 1}
          >
            <SessionCardView card={cards[item.index]!} onOpen={onOpen} />
          </li>
        ))}
      </ul>
    </div>
  )
}
