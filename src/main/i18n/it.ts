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
    network: 'Impossibile raggiungere il servizio. Controlla la connessione e riprova.',
    timeout: 'Il servizio ci ha messo troppo a rispondere. Riprova tra poco.',
    unexpected_response: 'Il servizio ha inviato qualcosa di inatteso (forse un proxy o una pagina di manutenzione). Riprova più tardi.',
    service: 'Il servizio ha rifiutato la richiesta.',
    not_signed_in: 'Prima accedi.',
    needs_sign_in: 'La sessione è scaduta. Accedi di nuovo.',
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
    packs: {
      fullComboName: (difficulty: string, level: string) => `Full Combo su ogni ${difficulty} di livello ${level}`,
      fullComboFolder: (difficulty: string, level: string) => `${difficulty}, livello ${level}`,
      realityName: (from: string, to: string) => `Reality da ${from} a ${to} a tappe`
    },
    goalMetTitle: 'Obiettivo raggiunto',
    goalMetBody: (name: string, reached: string) => `${name} (${reached})`,
    goal: {
      score: (score: string) => `punteggio di ${score} o più`,
      grade: (grade: string) => `${grade} o superiore`,
      fullCombo: 'Full Combo',
      allPerfect: 'All Perfect',
      reality: (value: string) => `un Reality di ${value} o più`,
      overall: (value: string) => `il tuo Reality di ${value} o più`,
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
    picks: {
      columns: ['chart', 'input', 'perché', 'record', 'obiettivo'],
      modes: { touch: 'touch', keyboard: 'tastiera', save: 'salvataggio' },
      allPerfect: 'a un Good da All Perfect',
      fullCombo: 'a un Bad o Miss da un Full Combo',
      grade: (gap: string, grade: string) => `a ${gap} punti da ${grade}`,
      plan: (toward: string) => `il passo più facile verso Reality ${toward}`,
      stale: counted('it', {
        one: 'non giocato da {{count}} giorno',
        many: 'non giocato da {{count}} giorni',
        other: 'non giocato da {{count}} giorni'
      }),
      unplayed: (level: string) => `mai giocato, livello ${level}`,
      random: (seed: string, among: string) => `estratto a caso (seme ${seed}, tra ${among})`,
      marks: { FC: 'Full Combo', AP: 'All Perfect' },
      notPlayed: 'mai giocato',
      heading: (source: string) => `Da giocare: ${source}`,
      account: 'il tuo account',
      levels: (text: string) => `Il tuo livello: ${text}`,
      none: 'Niente da scegliere: ancora nessun record e nessun elenco dei chart. Gioca qualche chart o esegui: companion charts update',
      noMatch: "Nessun chart dell'elenco corrisponde al filtro.",
      seedHint: (seed: string) => `La stessa estrazione di nuovo: --seed ${seed}`
    },
    goals: {
      appOnly: "Gli obiettivi stanno nell'app, non nella CLI: esportali dall'app (Progressi → Obiettivi → Esporta obiettivi…).",
      importHint: [
        "La CLI non tiene obiettivi: per aggiungerli, importa il file nell'app",
        '(Progressi → Obiettivi → Importa un pacchetto di obiettivi…).'
      ].join(' '),
      pack: (name: string, version: string) => `Pacchetto di obiettivi «${name}» (versione ${version})`,
      folders: counted('it', { one: '{{count}} cartella', many: '{{count}} cartelle', other: '{{count}} cartelle' }),
      goals: counted('it', { one: '{{count}} obiettivo', many: '{{count}} obiettivi', other: '{{count}} obiettivi' }),
      charts: counted('it', { one: '{{count}} chart', many: '{{count}} chart', other: '{{count}} chart' }),
      notChecked: "Nessun elenco dei chart: i chart che nomina non sono stati controllati. Esegui: companion charts update",
      valid: 'Questo pacchetto di obiettivi è valido.'
    },
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
    /** `companion plan` and `companion whatif`. */
    planner: {
      planColumns: ['#', 'Chart', 'Costante', 'Record attuale', 'Necessario', 'Voto', 'Sforzo'],
      now: (from: string, target: string) => `Reality attuale ${from}; obiettivo ${target}.`,
      rule:
        "Regola: ogni record mantiene la propria Reality (altrimenti la regola della sua versione del gioco, dalla costante " +
        "dell'elenco dei chart); un punteggio alzato è una nuova partita nel gioco di oggi (il più alto tra v3 e v2 fino a " +
        '1.005.000, altrimenti v3); la somma dei migliori 20 divisa per 20, mostrata come nel gioco (due decimali, troncati).',
      reached: "Hai già raggiunto l'obiettivo: non c'è niente da alzare.",
      unreachable: (best: string) => `Con queste opzioni l'obiettivo non si raggiunge: il massimo è ${best}. Il piano qui sotto arriva lì.`,
      after: (after: string, effort: string) => `Reality dopo il piano: ${after} (sforzo totale ${effort}).`,
      notProven: 'La ricerca si è fermata al suo limite: potrebbe esistere un piano con un po’ meno sforzo.',
      whatIfColumns: ['Chart', 'Costante', 'Record attuale', 'Nuovo punteggio', 'Voto', 'Valore', 'Migliori 20'],
      reality: (from: string, to: string, change: string) => `Reality: ${from} → ${to} (${change})`,
      place: { stays: 'resta', enters: 'entra', outside: 'fuori' },
      entered: (charts: string) => `Entrano nei migliori 20: ${charts}`,
      left: (charts: string) => `Escono dai migliori 20: ${charts}`,
      skipped: (charts: string) => `Non valutati (non sono nell'elenco o non hanno costante): ${charts}`,
      nothing: 'Nessun nuovo punteggio supera il record attuale: non cambia nulla.'
    },
    /** The player's marks on the kept history (#55): `imports list`, and the marks column of the play tables. */
    record: {
      importColumns: ['id', 'data', 'origine', 'partite', 'annullata'],
      sources: { 'data.db': 'data.db', backup: 'backup', 'history-file': 'file della cronologia' },
      marksColumn: 'segni',
      hidden: 'nascosta',
      starred: 'con stella',
      note: 'nota',
      changed: (hidden: boolean, plays: string, already: number) =>
        `${hidden ? 'Nascoste' : 'Di nuovo visibili'}: ${plays} (${already} lo erano già).`,
      undoLine: (command: string) => `Annulla: companion ${command}`,
      noImports: 'Ancora nessuna importazione nella cronologia conservata.',
      takenBack: (removed: string, kept: string | null) =>
        `Importazione ritirata: ${removed} rimosse` + (kept ? `, ${kept} mantenute perché segnalate dal servizio.` : '.'),
      putBack: (plays: string) => `Rimesse: ${plays}.`,
      marksUnreadable: (why: string) => `Non è stato possibile leggere i segni della cronologia conservata (${why}).`
    },
    restore: {
      versionColumns: ['ID', 'Data', 'Giocatore', 'Dimensione', 'Fissata', 'Con stella', 'Nota'],
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
    },
    overloaded: 'Overloaded',
    fieldColumns: ['Campo', 'Valore'],
    yes: 'sì',
    unknown: 'sconosciuto',
    chartCount: counted('it', { one: '{{count}} chart', many: '{{count}} chart', other: '{{count}} chart' }),
    byteCount: counted('it', { one: '{{count}} byte', many: '{{count}} byte', other: '{{count}} byte' }),
    nickname: {
      needsYes:
        'Ogni invio usa una possibilità di cambiare nickname, anche se non riesce (ne torna una ogni 15 giorni e 12 ore). ' +
        'Aggiungi --yes per procedere.',
      empty: 'Il nickname non può essere vuoto.',
      changed: (name: string) => `Nickname cambiato in ${name}.`,
      nextBack: (when: string) => `La prossima possibilità dovrebbe tornare il giorno ${when}.`
    },
    rankListsNotReady:
      'Il servizio non ha ancora finito gli elenchi dei migliori risultati (richiesti di nuovo con delle pause); i valori di ' +
      'Reality qui sopra sono aggiornati. Riprova tra un minuto.',
    backup: {
      waiting: 'In attesa che finisca un altro backup di questo account…',
      upToDate: 'Aggiornato: il salvataggio cloud non è cambiato e l’ultimo backup corrisponde ancora; nessun download usato.',
      saved: (file: string, size: string, format: string, sha256: string) => `Salvato ${file} (${size}, ${format}, sha256 ${sha256})`,
      why: (reason: string, downloads: string) => `Motivo: ${reason}. Download usati: ${downloads}.`,
      reasons: {
        first: 'il primo backup di questo account',
        changed: 'il salvataggio cloud è cambiato',
        forced: 'richiesto con --force',
        'latest-damaged': 'l’ultimo backup non corrisponde più al suo checksum (danneggiato)',
        'latest-missing': 'il file dell’ultimo backup manca',
        unchanged: 'il salvataggio cloud non è cambiato'
      },
      resumed: (reused: string) => `Ripreso un download interrotto (${reused} riutilizzati).`,
      olderBackups: counted('it', {
        one: '{{count}} backup più vecchio',
        many: '{{count}} backup più vecchi',
        other: '{{count}} backup più vecchi'
      }),
      retention: (moved: string, trash: string) => `La pulizia ha spostato ${moved} in ${trash}.`
    },
    backups: {
      listColumns: ['Backup del', 'Cloud aggiornato', 'Dimensione', 'Formato', 'Fissato', 'Con stella', 'File'],
      none: 'Ancora nessun backup.',
      unindexed: (name: string, size: string) =>
        `File di salvataggio senza manifest: ${name} (${size}; aggiungilo con: npx companion backups index '${name}')`,
      unindexedNote: (name: string) => `file di salvataggio senza manifest: ${name}`,
      verifyColumns: ['Backup del', 'Stato', 'File'],
      states: { ok: 'integro', mismatch: 'danneggiato', missing: 'file mancante' },
      readOnly: '(L’archivio è di sola lettura: i risultati non sono stati registrati.)',
      range: (from: string, to: string) => `Dal ${from} al ${to}:`,
      added: (count: string) => `Chart nuovi: ${count}`,
      improved: (count: string) => `Migliorati: ${count}`,
      lowered: (count: string) => `Più bassi di prima: ${count}`,
      summary: (charts: string, layout: string, reality: string) => `${charts} (${layout}); Reality calcolata dal salvataggio: ${reality}`,
      unrated: (charts: string) => `${charts} senza una costante nota; importa un elenco dei chart: npx companion charts update`,
      bestCharts: 'Chart migliori:',
      indexed: (id: string) => `Aggiunto come ${id}.`
    },
    changes: {
      new: 'nuovo',
      gained: (marks: string) => `${marks} ottenuto`
    },
    charts: {
      status: (charts: string, format: string, origin: string, updated: string) =>
        `${charts} (${format}) da ${origin}, aggiornato il giorno ${updated}.`,
      unknownOrigin: 'una fonte sconosciuta',
      none:
        'Ancora nessun elenco dei chart: i chart appaiono come ID brevi. Esegui: npx companion charts update   ' +
        '(oppure: npx companion charts import FILE)',
      lastChange: (added: string, removed: string, constants: string) =>
        `Ultimo aggiornamento: ${added} aggiunti, ${removed} rimossi, ${constants} costanti cambiate.`,
      skipped: counted('it', {
        one: '{{count}} voce senza un ID di chart utilizzabile è stata esclusa.',
        many: '{{count}} voci senza un ID di chart utilizzabile sono state escluse.',
        other: '{{count}} voci senza un ID di chart utilizzabile sono state escluse.'
      }),
      address: (url: string) => `Indirizzo di aggiornamento: ${url}`,
      lastFailed: (why: string) => `L’ultimo aggiornamento non è riuscito: ${why}`
    },
    local: {
      gameFolder: (folder: string) => `Cartella del gioco: ${folder}`,
      gameFolderChosen: (folder: string) => `Cartella del gioco: ${folder} (scelta)`,
      fileColumns: ['File', 'Dimensione', 'Modificato'],
      notFound: 'Il salvataggio del gioco non è stato trovato. Cercato in:',
      pointGameDir: 'Indica la cartella dei dati del gioco con --game-dir.',
      upToDate: 'Aggiornato: l’ultima versione locale contiene esattamente questi byte; non è stato scritto nulla.',
      saved: (path: string, size: string, sha256: string) => `Salvato ${path} (${size}, sha256 ${sha256})`,
      savedSnapshot: (path: string, size: string, sha256: string) =>
        `Salvato ${path} (${size}, sha256 ${sha256}), come istantanea di SQLite stesso (il gioco stava scrivendo)`,
      part: (file: string, path: string, size: string, sha256: string) => `con ${file}: ${path} (${size}, sha256 ${sha256})`,
      olderVersions: counted('it', {
        one: '{{count}} versione più vecchia',
        many: '{{count}} versioni più vecchie',
        other: '{{count}} versioni più vecchie'
      }),
      playCount: counted('it', { one: '{{count}} partita', many: '{{count}} partite', other: '{{count}} partite' }),
      plays: (plays: string, file: string) => `${plays} in ${file}`,
      unreadableRows: counted('it', {
        one: '{{count}} riga non leggibile',
        many: '{{count}} righe non leggibili',
        other: '{{count}} righe non leggibili'
      }),
      overloadedPlays: counted('it', {
        one: '{{count}} di queste Overloaded',
        many: '{{count}} di queste Overloaded',
        other: '{{count}} di queste Overloaded'
      }),
      scoreTooHigh: (count: string, max: string) => `di queste, con un punteggio oltre ${max}, che nessuna partita raggiunge: ${count}`,
      against: (when: string, id: string) => `Confronto con il backup del cloud del giorno ${when} (${id}).`,
      betterHere: (count: string) => `Meglio su questo computer: ${count}`,
      onlyHere: (count: string) => `Solo su questo computer: ${count}`,
      betterInCloud: (count: string) => `Meglio nel cloud: ${count}`,
      onlyInCloud: (count: string) => `Solo nel cloud: ${count}`,
      reality: (here: string, cloud: string) => `Reality: questo computer ${here}, cloud ${cloud}`
    },
    kept: {
      restoreCloud: (when: string) => `Conservato prima di ripristinare il backup del cloud del giorno ${when}`,
      restoreComputer: (when: string) => `Conservato prima di ripristinare la versione di questo computer del giorno ${when}`,
      restoreUnknown: 'Conservato prima di un ripristino',
      undoCloud: (when: string) => `Conservato prima di annullare il ripristino del backup del cloud del giorno ${when}`,
      undoComputer: (when: string) => `Conservato prima di annullare il ripristino della versione di questo computer del giorno ${when}`,
      undoUnknown: 'Conservato prima di annullare un ripristino'
    },
    usage: {
      versionAndUndo: 'Indica una versione oppure --undo, non entrambi.',
      toWithUndo: '--to non si può usare con --undo.',
      nameVersion:
        'Indica la versione da ripristinare (un ID da npx companion local versions o npx companion backups list, o un ' +
        'file di salvataggio nella libreria), oppure usa --undo.'
    },
    failure: {
      codes: {
        not_signed_in:
          'Nessuna credenziale: imposta COMPANION_USER_TOKEN o passa --token-file PATH (uno User Token dalla pagina del tuo account).',
        needs_sign_in: 'Lo User Token non è più accettato: creane uno nuovo nella pagina del tuo account.',
        credential_invalid:
          'Lo User Token non è stato accettato. Controllalo, o il suo file (deve essere tuo, leggibile solo da te e non un collegamento).',
        scope_missing: 'A questo User Token manca un permesso che serve al comando: creane uno con quel permesso spuntato.'
      },
      reasons: {
        no_game_files: (folder: string, usual: string) =>
          `${folder} non contiene né saves.db né data.db, quindi non è la cartella dei dati di Milthm. Su questo computer ` +
          `Milthm li tiene in ${usual}. Non è stato cambiato nulla.`,
        no_data_db: (folder: string, usual: string) =>
          `In ${folder} non c’è data.db. Su questo computer Milthm lo tiene in ${usual}. Non è stato letto nulla.`,
        app_open:
          "L'app è aperta su questa cartella dati e sovrascriverebbe questa modifica: " +
          "chiudila prima o fai la modifica nell'app. Non è stato cambiato nulla.",
        not_user_token:
          'Questo non è uno User Token. Uno User Token è una sola parola lunga di lettere e cifre (può finire con =), ' +
          'di solito preceduta da Basic.',
        token_expired: 'Questo User Token è scaduto. Creane uno nuovo nella pagina dei token del tuo account.',
        token_refused:
          'Il servizio non ha accettato questo User Token. Copialo di nuovo dalla pagina dei token del tuo account, o creane uno nuovo.',
        token_needs_profile:
          'Questo User Token non permette alla CLI di leggere a quale account appartiene. Creane uno nuovo con profile (o user) spuntato.'
      },
      services: {
        StaminaNotEnough: 'Al momento non ti resta nessuna possibilità di cambiare nickname.',
        UserNicknameTakenError: 'Quel nickname è già in uso. Il tentativo ha comunque usato una possibilità.',
        RequestParamError: 'Il servizio ha rifiutato il valore. Controllalo e riprova.',
        UserNotFoundError: 'Questo giocatore non esiste (o l’account non è più disponibile).',
        GameSaveNotFoundError: 'Questo account non ha un salvataggio cloud.',
        InvalidTokenError: 'Il servizio non ha accettato questo User Token. Creane uno nuovo nella pagina del tuo account.',
        TokenExpireError: 'Questo User Token è scaduto. Creane uno nuovo nella pagina del tuo account.',
        InsufficientScopeError: 'A questo User Token manca un permesso che serve al comando: creane uno con quel permesso spuntato.'
      },
      causes: {
        ENOSPC: 'il disco è pieno',
        EDQUOT: 'lo spazio assegnato sul disco è esaurito',
        EACCES: 'permesso negato',
        EPERM: 'l’operazione non è consentita',
        EROFS: 'il disco è di sola lettura',
        ENOENT: 'non esiste',
        ENOTDIR: 'una parte del percorso non è una cartella',
        EISDIR: 'è una cartella',
        EEXIST: 'esiste già',
        EBUSY: 'è in uso da un altro programma',
        EIO: 'il disco ha segnalato un errore',
        ENAMETOOLONG: 'il percorso è troppo lungo',
        damaged: 'il file è danneggiato',
        verify: 'un file non si rilegge come è stato scritto'
      },
      cause: (cause: string) => `Causa: ${cause}.`,
      moreWithVerbose: 'dettagli con --verbose',
      detail: (english: string) => `Dettagli (in inglese): ${english}`,
      internal: (what: string, log: string) =>
        `errore interno (${what}); non è stato cambiato nulla; segnalalo allegando il registro ${log}`,
      internalNoLog: (what: string) =>
        `errore interno (${what}); non è stato cambiato nulla; segnalalo (non è stato possibile scrivere il registro)`
    }
  }
}
