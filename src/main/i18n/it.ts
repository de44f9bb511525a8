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
  errors: {
    invalid_payload: 'L\'app ha inviato una richiesta che non riconosce. Segnalacelo, per favore.',
    forbidden_sender: 'Una richiesta è stata rifiutata perché non veniva dalla finestra dell\'app.',
    unknown_channel: 'L\'app ha chiesto qualcosa che non esiste. Segnalacelo, per favore.',
    invalid_input: 'Valore non valido.',
    invalid_base_url: 'Usa un indirizzo https (http semplice solo per questo computer, 127.0.0.1), senza nome utente, query o frammento.',
    network: 'Impossibile raggiungere il servizio. Controlla la connessione; i dati salvati restano visibili.',
    timeout: 'Il servizio ci ha messo troppo a rispondere. Riprova tra poco.',
    unexpected_response: 'Il servizio ha inviato qualcosa di inatteso (forse un proxy o una pagina di manutenzione). Riprova più tardi.',
    service: 'Il servizio ha rifiutato la richiesta.',
    not_signed_in: 'Prima accedi.',
    needs_sign_in: 'La sessione è scaduta. Accedi di nuovo; i dati salvati restano leggibili.',
    scope_missing: 'Questo account non ha concesso il permesso necessario. Accedi di nuovo e consentilo.',
    credential_invalid: 'Le credenziali non sono state accettate. Controllale e riprova.',
    cancelled: 'Annullato.',
    busy: 'C\'è già un\'altra operazione in corso.',
    io: 'Impossibile leggere o scrivere un file. Controlla la cartella e lo spazio libero.',
    not_found: 'Non trovato.',
    quota_exceeded: 'I download del salvataggio cloud di oggi sono esauriti; il prossimo backup potrà partire domani.',
    no_cloud_save: 'Ancora nessun salvataggio cloud: in Milthm carica il salvataggio nel cloud, poi rifai il backup.',
    insecure_storage: 'Questo sistema non può proteggere le credenziali salvate.',
    auth_denied: 'L\'accesso è stato negato nel browser. Riprova e consenti l\'accesso.',
    state_mismatch: 'Il browser ha restituito una risposta che non appartiene a questo accesso. Ricomincia.',
    clock_skew: 'L\'orologio del computer sembra sbagliato. Correggi data, ora e fuso orario, poi accedi di nuovo.',
    discovery_failed: 'Il server di accesso non è raggiungibile o è configurato male. Controlla la connessione e l\'indirizzo del server.',
    port_unavailable:
      'L\'app non è riuscita ad aprire una porta locale per il ritorno dall\'accesso. Chiudi le altre app ' +
      'che la usano o riprova.',
    token_exchange_failed: 'Il server di accesso si è rifiutato di completare l\'accesso. Riprova più tardi.',
    no_client_id: 'Nessuna registrazione di accesso per questo server: inserisci un ID client nelle Impostazioni o usa uno User Token.',
    device_expired: 'Il codice è scaduto prima della conferma. Richiedine uno nuovo.',
    internal: 'Qualcosa è andato storto all\'interno dell\'app. Segnalacelo, per favore.'
  },
  session: {
    title: 'Sessione',
    plays: counted('it', { one: '{{count}} partita', many: '{{count}} partite', other: '{{count}} partite' }),
    newBests: counted('it', { one: '{{count}} nuovo record', many: '{{count}} nuovi record', other: '{{count}} nuovi record' }),
    body: (plays: string, bests: string, reality: string) => `${plays}, ${bests}, Reality ${reality}`
  },
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
    sessions: 'Sessioni',
    reality: 'Reality',
    progress: 'Progressi',
    backups: 'Backup',
    readme: "Come funziona l'app (README)",
    accountPage: 'Il tuo account sul servizio',
    tokensPage: 'Pagina degli User Token'
  },
  crash: {
    backgroundFailedTitle: "Un'attività in secondo piano non è riuscita",
    backgroundFailedBody: "I tuoi dati sono al sicuro e l'app continua a funzionare. I dettagli sono nel registro.",
    restartingTitle: "L'Assistente account di gioco si sta riavviando",
    restartingBody: 'Un errore interno lo ha fermato. I tuoi dati sono al sicuro; ora si riavvia una volta.',
    stoppedTitle: "L'Assistente account di gioco si è fermato",
    stoppedBody: (log: string) =>
      'Un errore interno lo ha fermato di nuovo entro pochi minuti, quindi non si è riavviato. ' +
      `I tuoi dati sono al sicuro. I dettagli sono in ${log}`
  },
  progress: {
    goalMetTitle: 'Obiettivo raggiunto',
    goalMetBody: (name: string, reached: string) => `${name} (${reached})`,
    goal: {
      score: (score: string) => `punteggio di ${score} o più`,
      grade: (grade: string) => `${grade} o superiore`,
      fullCombo: 'Full Combo',
      allPerfect: 'All Perfect',
      reality: (value: string) => `un Reality di ${value} o più`,
      onChart: (criterion: string, scope: string) => `${criterion} su ${scope}`,
      onAll: (criterion: string, scope: string) => `${criterion} su tutti i chart di ${scope}`,
      onCount: counted('it', {
        one: '{{criterion}} su {{count}} chart di {{scope}}',
        many: '{{criterion}} su {{count}} chart di {{scope}}',
        other: '{{criterion}} su {{count}} chart di {{scope}}'
      }),
      onShare: (criterion: string, percent: string, scope: string) => `${criterion} su ${percent}% dei chart di ${scope}`,
      list: counted('it', {
        one: 'l\'elenco di {{count}} chart',
        many: 'l\'elenco di {{count}} chart',
        other: 'l\'elenco di {{count}} chart'
      }),
      withMode: (text: string, mode: string) => `${text} (${mode})`,
      modes: { touch: 'Touch', keyboard: 'Tastiera', any: 'Qualsiasi input' },
      level: (level: string) => `Livello ${level}`,
      chapter: (number: string) => `Capitolo ${number}`,
      unknownFolder: 'Chart che l\'elenco non conosce',
      missingFolder: 'una cartella che non c\'è più',
      unknownChart: 'chart sconosciuto'
    }
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
    keyboardReality: 'Reality da tastiera',
    /** `companion local diff`: the verdict (the app shows the same words; `--json` keeps the English one). */
    verdicts: {
      'cloud-behind': 'Il tuo salvataggio cloud è indietro rispetto a questo computer: caricalo dal gioco.',
      'local-behind': 'Questo computer è indietro rispetto al tuo salvataggio cloud: scaricalo dal gioco.',
      same: 'Questo computer e il tuo ultimo backup del cloud hanno gli stessi record.',
      diverged:
        'Sia questo computer sia il tuo salvataggio cloud hanno punteggi migliori su alcuni chart: caricare o scaricare dal ' +
        "gioco sostituisce quelli dell'altra parte, quindi prima rigioca quei chart dalla parte che è indietro.",
      'no-cloud':
        "Non c'è ancora un backup del cloud di questo salvataggio con cui confrontarlo: prima " +
        'fai il backup del salvataggio cloud (il confronto non usa download).'
    },
    libraryProblems: {
      ignored: (name: string, why: string) => `Ignorato ${name}: ${why}`,
      'not-a-file': () => 'Questo manifest non è un file normale (è un collegamento o una cartella); viene ignorato.',
      'too-large': () => 'Questo manifest è troppo grande per essere uno dei nostri; viene ignorato.',
      'outside-folder': () =>
        'Questo manifest indica un file fuori dalla sua cartella; viene ignorato e nulla di ciò che indica viene toccato.',
      damaged: () => 'Questo manifest è danneggiato; viene ignorato (il file di salvataggio, se c’è, è elencato come file senza ' +
        'manifest).',
      // The system's code in words (a code like EACCES means nothing to a reader).
      unreadable: (errno: string | undefined) =>
        errno === 'EACCES' || errno === 'EPERM'
          ? 'Questo manifest non si può leggere: permesso negato.'
          : 'Questo manifest non si può leggere.'
    },
    folders: {
      columns: ['Cartella', 'Modalità', 'Giocati', 'R', 'M', 'SS', 'S', 'A', 'B', 'C', 'F', 'FC', 'AP'],
      modes: { touch: 'touch', keyboard: 'tastiera', any: 'qualsiasi input' },
      kinds: { level: 'Livello', difficulty: 'Difficoltà', pack: 'Pacchetto', custom: 'Cartella' },
      source: (save: string) => `Salvataggio: ${save}`,
      withPlays: (count: number, file: string) => `Partite: ${count} in ${file}`,
      saveNoMode: counted('it', {
        one: 'I record del salvataggio ({{count}} chart) non hanno una modalità di input: contano sotto «qualsiasi input».',
        many: 'I record del salvataggio ({{count}} chart) non hanno una modalità di input: contano sotto «qualsiasi input».',
        other: 'I record del salvataggio ({{count}} chart) non hanno una modalità di input: contano sotto «qualsiasi input».'
      }),
      unknown: counted('it', {
        one: "{{count}} chart con un record che l'elenco dei chart non conosce (cartella «unknown»).",
        many: "{{count}} chart con un record che l'elenco dei chart non conosce (cartella «unknown»).",
        other: "{{count}} chart con un record che l'elenco dei chart non conosce (cartella «unknown»)."
      }),
      noList:
        'Ancora nessun elenco dei chart: ogni chart è sconosciuto. ' +
        'Esegui: companion charts update   (oppure: companion charts import FILE)'
    },
    sessions: {
      columns: ['Inizio', 'Fine', 'Durata', 'Partite', 'Chart', 'Touch', 'Tastiera', 'Nuovi record', 'Voti migliorati', 'Senza orario'],
      sessionCount: counted('it', { one: '{{count}} sessione', many: '{{count}} sessioni', other: '{{count}} sessioni' }),
      count: (sessions: string, file: string) => `${sessions} in ${file}`,
      rule: (minutes: number) => `Una nuova sessione inizia dopo più di ${minutes} minuti senza partite.`,
      untimed: counted('it', {
        one: '{{count}} partita senza un orario utilizzabile è esclusa.',
        many: '{{count}} partite senza un orario utilizzabile sono escluse.',
        other: '{{count}} partite senza un orario utilizzabile sono escluse.'
      }),
      newBest: 'nuovo record',
      none: 'Nessuna partita con un orario utilizzabile: nessuna sessione.'
    },
    /** The player's marks on the kept history (#55): `imports list`, and the marks column of the play tables. */
    record: {
      importColumns: ['id', 'data', 'origine', 'partite', 'annullata'],
      sources: { 'data.db': 'data.db', backup: 'backup', 'history-file': 'file della cronologia' },
      marksColumn: 'segni',
      hidden: 'nascosta',
      starred: 'con stella',
      note: 'nota'
    },
    restore: {
      versionColumns: ['ID', 'Data', 'Giocatore', 'Dimensione', 'Fissata', 'Nota'],
      yes: 'sì',
      noVersions: (dir: string) =>
        `Ancora nessuna versione «Questo computer» in ${dir}. Salvane una con: companion local backup --dir '${dir}'`,
      heading: (id: string, kind: 'this-computer' | 'cloud', target: string) =>
        `${kind === 'cloud' ? 'Backup del cloud' : 'Versione di questo computer'} ${id} → ${target}`,
      exportHeading: (id: string, target: string) => `Esporta ${id} come saves.db → ${target}`,
      playerNow: 'Ora nella cartella del gioco',
      playerRestored: 'Dopo il ripristino',
      noSaveHere: 'nessun salvataggio',
      damagedHere: (problem: string) => `il salvataggio qui è danneggiato (${problem}); viene conservato così com'è`,
      player: (name: string, uuid: string | null, saved: string | null) =>
        `${name}${uuid ? ` (${uuid})` : ''}, ultimo salvataggio: ${saved ?? 'sconosciuto'}`,
      lowered: (n: number) => `Più bassi dopo il ripristino: ${n}`,
      lost: (n: number) => `Persi dopo il ripristino: ${n}`,
      raised: (n: number) => `Più alti dopo il ripristino: ${n}`,
      unchanged: (n: number) => `Invariati: ${n}`,
      none: 'nessuno',
      reality: (before: string, after: string) =>
        `Reality dalle costanti dell'elenco dei chart: ${before} → ${after} (per ogni chart: record 4.0+ il più alto tra v3 e v2 ` +
        'fino a 1.005.000 se non All Perfect, altrimenti v3; la somma dei migliori 20 divisa per 20)',
      unknown: 'sconosciuto (nessuna costante dei chart)',
      olderSave: 'Il salvataggio ripristinato è stato salvato prima di quello nella cartella del gioco.',
      otherPlayer: (restored: string, current: string) =>
        `Questo è il salvataggio di ${restored}; la cartella del gioco contiene quello di ${current}.`,
      playsReplaced: 'Cronologia delle partite (data.db): sostituita anche questa con quella della versione.',
      playsKept: "Cronologia delle partite (data.db): resta così com'è (aggiungi --with-plays per sostituirla).",
      playsNone: "Cronologia delle partite (data.db): resta così com'è (questa versione non ne ha).",
      question: (target: string) => `Ripristinare in ${target}? Il salvataggio presente viene prima conservato nella libreria. [y/N] `,
      exportQuestion: (target: string) => `Scrivere saves.db in ${target}? [y/N] `,
      dryRun: 'Simulazione: non è stato scritto nulla.',
      restored: (snapshot: string) => `Ripristinato. Il salvataggio che c'era è conservato come ${snapshot} (fissato).`,
      undone: (snapshot: string) =>
        'Annullato: il salvataggio di prima del ripristino è tornato. ' +
        `Quello che aveva sostituito è conservato come ${snapshot} (fissato).`,
      exported: (written: string[]) => `Esportato: ${written.join(', ')}`,
      nextStep:
        'Apri Milthm e controlla il salvataggio. Il cloud ha ancora quello vecchio: ' +
        'caricalo dal gioco se vuoi che anche il cloud abbia questo.',
      undoHint: 'Per annullare: companion local restore --undo',
      failed: (detail: string) => `Il ripristino non è riuscito: ${detail}`,
      putBack: (snapshot: string) => `Il salvataggio che c'era è di nuovo al suo posto (è conservato anche come ${snapshot}).`,
      notPutBack: (snapshot: string) =>
        `Non è stato possibile rimettere a posto da solo il salvataggio che c'era: è conservato come ${snapshot}; ` +
        `ripristinalo con: companion local restore '${snapshot}'`,
      nothingChanged: 'Nella cartella del gioco non è cambiato nulla.',
      undoUnavailable: (snapshot: string) =>
        `Non si può annullare: questo ripristino non è stato registrato. ` +
        `Per tornare indietro, ripristina il salvataggio conservato prima: companion local restore '${snapshot}'`,
      refused: {
        'game-running': (d: string | null) => `Milthm è in esecuzione (${d}): chiudi Milthm e riprova.`,
        'cannot-check-game': (d: string | null) => `Impossibile capire se Milthm è in esecuzione (${d}). Chiudi Milthm e riprova.`,
        'unfinished-write': (d: string | null) => `Una scrittura sul salvataggio non è terminata (c'è ${d}): chiudi Milthm e riprova.`,
        downgrade: () =>
          'Alcuni record si abbasserebbero o andrebbero persi, oppure il salvataggio è più vecchio. ' +
          'Aggiungi --allow-downgrade per ripristinarlo comunque.',
        'other-player': (d: string | null) =>
          `Questa versione è il salvataggio di un altro giocatore (${d}). Aggiungi --allow-other-player per ripristinarlo comunque.`,
        'damaged-version': (d: string | null) => `Questa versione non corrisponde più al suo checksum (${d}); non è stato toccato nulla.`,
        'unusable-version': (d: string | null) => `Questa versione non è un salvataggio che il gioco può leggere (${d}).`,
        'no-container': (d: string | null) =>
          `Non c'è un saves.db in cui ripristinare (${d}): avvia Milthm una volta su questo computer, poi ripristina.`,
        'no-game-folder': (d: string | null) => `La cartella del gioco non è stata trovata (cercata in: ${d}). Indicala con --game-dir.`,
        'changed-since-preview': () => "Nel frattempo il salvataggio nella cartella del gioco è cambiato: guarda di nuovo l'anteprima.",
        'target-exists': (d: string | null) => `${d} esiste già; non è stato sovrascritto nulla. Scegli un'altra cartella.`,
        'needs-yes': () => 'Nessun terminale a cui chiedere: aggiungi --yes per ripristinare (dopo un --dry-run per vedere cosa cambia).',
        declined: () => 'Non ripristinato.',
        'nothing-to-undo': () => "Non c'è nessun ripristino da annullare."
      }
    }
  }
}
