import { counted } from '../../shared/plural'
import type { Texts } from './en'

/** Main's own texts in Italian (messages.ts has the English source and what each one is for). Informal "tu". */
export const it: Texts = {
  backupSavedTitle: 'Backup salvato',
  backupSavedBody: (name: string) => `Un nuovo backup del salvataggio cloud di ${name} è nella tua libreria.`,
  backupFailedTitle: 'Backup non riuscito',
  backupFailedBody: (name: string, reason: string) => `${name}: ${reason}`,
  quotaExceeded: 'I download del salvataggio cloud di oggi sono esauriti; il prossimo backup potrà partire domani.',
  localBackupSavedBody: 'Il salvataggio su questo computer è cambiato: una nuova versione è nella tua libreria.',
  localPlaysAddedTitle: 'Partite aggiunte',
  localPlaysAddedBody: counted('it', {
    one: '{{count}} partita aggiunta da questo computer.',
    many: '{{count}} partite aggiunte da questo computer.',
    other: '{{count}} partite aggiunte da questo computer.'
  }),
  tray: {
    noCloudSave: (name: string) => `${name}: ancora nessun salvataggio cloud (caricalo in Milthm)`,
    quotaWait: (name: string) => `${name}: download di oggi esauriti; prossimo backup domani`,
    tooltip: 'Assistente account di gioco',
    lastBackup: (when: string) => `Ultimo backup: ${when}`,
    noBackupYet: 'Ancora nessun backup',
    nextCheck: (when: string) => `Prossimo controllo automatico: ${when}`,
    autoOff: 'Il backup automatico è disattivato',
    running: 'Backup in corso…',
    backUpNow: 'Fai il backup ora',
    open: "Apri l'Assistente account di gioco",
    quit: 'Esci'
  },
  menu: {
    file: 'File',
    edit: 'Modifica',
    view: 'Visualizza',
    go: 'Vai',
    window: 'Finestra',
    help: 'Aiuto',
    refresh: 'Aggiorna i dati',
    settings: 'Impostazioni…',
    profile: 'Profilo',
    scores: 'Punteggi',
    reality: 'Reality',
    backups: 'Backup',
    readme: "Come funziona l'app (README)",
    accountPage: 'Il tuo account sul servizio',
    tokensPage: 'Pagina degli User Token'
  },
  signInPage: {
    app: 'Assistente account di gioco',
    signedIn: 'Accesso effettuato',
    notCompleted: 'Accesso non completato',
    closeTab: "Puoi chiudere questa scheda e tornare all'Assistente account di gioco.",
    failed: "Accesso non riuscito. Torna all'app per i dettagli.",
    foreign:
      "Questa pagina non appartiene all'accesso che l'app sta aspettando, quindi è stata ignorata. " +
      "Completa l'accesso dalla pagina che ha aperto l'app.",
    unfinished: "L'app non ha completato l'accesso. Torna all'app e riprova."
  },
  cli: {
    unknownChart: 'chart sconosciuto',
    columns: ['Data', 'Chart', 'Voto', 'Punteggio', 'Precisione', 'Reality', 'Input'],
    touch: 'touch',
    keyboard: 'tastiera',
    touchReality: 'Reality touch',
    keyboardReality: 'Reality da tastiera'
  }
}
