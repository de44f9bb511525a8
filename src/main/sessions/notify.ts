import type { RealityDigits } from '../../shared/game-numbers'
import { realityChangeText } from '../../shared/number-text'
import type { Language } from '../../shared/settings'
import type { SessionCard } from '../../shared/sessions'
import type { Messages } from '../i18n'
import type { FoldedSession } from './fold'
import type { Marks } from './marks'

/**
 * The session to tell the player about now, if any: the latest one that has ended (no play for the
 * gap) after the notifications' mark, and started after the last one told. The mark moves past it,
 * so no session is told twice, and older plays imported later (earlier sessions) are never told.
 * The first look only sets the mark, at the latest session known then (or now, without one): a
 * history the app just learned of is not news.
 */
export function sessionToTell(marks: Marks, sessions: readonly FoldedSession[], now: number): FoldedSession | null {
  if (!marks.notify) {
    const last = sessions.at(-1)
    marks.notify = last ? { after: last.end, lastStart: last.start } : { after: now, lastStart: null }
    return null
  }
  const { after, lastStart } = marks.notify
  const ended = sessions.filter((s) => s.end + marks.gapMs <= now && s.end > after && (lastStart === null || s.start > lastStart))
  const latest = ended.at(-1)
  if (!latest) return null
  marks.notify = { after: latest.end, lastStart: latest.start }
  return latest
}

/** When the open session ends if no play comes: its last play plus the gap (null when it has ended). */
export function endsAt(marks: Marks, sessions: readonly FoldedSession[], now: number): number | null {
  const last = sessions.at(-1)
  if (!last) return null
  const at = last.end + marks.gapMs
  return at > now ? at : null
}

/** Reality's change as the player reads it, in the language's digits: in game digits, the difference of the truncated values. */
export function realityChangeOf(card: SessionCard, digits: RealityDigits, language: Language): string {
  const move = card.touch >= card.keyboard ? card.touchMove : card.keyboardMove
  return realityChangeText(move.before.value, move.after.value, digits, language)
}

/** "Session: 14 plays, 3 new bests, Reality +0.03" (+0,03 in Russian, Spanish, Italian, Vietnamese). */
export function sessionNotice(
  card: SessionCard,
  text: Messages,
  digits: RealityDigits,
  language: Language
): { title: string; body: string } {
  return {
    title: text.session.title,
    body: text.session.body(text.session.plays(card.plays), text.session.newBests(card.newBests), realityChangeOf(card, digits, language))
  }
}
