import type { FeatureHandlers } from '../ipc/dispatcher'
import type { SessionsService } from './sessions-service'

export function sessionsHandlers({ service }: { service: SessionsService }): FeatureHandlers<'sessions'> {
  return {
    'sessions:load': (id) => (void service.load(id), null),
    'sessions:list': (id) => service.list(id),
    'sessions:summary': (id, sessionId) => service.summary(id, sessionId),
    'sessions:look': async (id) => (await service.look(id), null)
  }
}
