import type { FeatureHandlers } from '../ipc/dispatcher'
import type { RecordService } from './record-service'

export function recordHandlers({ record }: { record: RecordService }): FeatureHandlers<'record'> {
  return {
    'record:load': (id) => (record.emit(id), null),
    'record:hide': (id, plays, why) => record.hide(id, plays, true, why),
    'record:unhide': (id, plays) => record.hide(id, plays, false),
    'record:setPlay': async (id, play, change) => (await record.setPlay(id, play, change), null),
    'record:setSession': async (id, session, patch) => (await record.setSession(id, session, patch), null),
    'record:undoImport': (id, importId) => record.undoImport(id, importId),
    'record:redoImport': (id, importId) => record.redoImport(id, importId),
    'record:importHistory': (id, text, name) => record.importHistory(id, text, name)
  }
}
