import { counted } from '../../shared/plural'
import type { Texts } from './en'

/** Main's own texts in Spanish (messages.ts has the English source and what each one is for). Informal "tú". */
export const es: Texts = {
  backupSavedTitle: 'Copia guardada',
  backupSavedBody: (name: string) => `Hay una nueva copia del guardado en la nube de ${name} en tu biblioteca.`,
  backupFailedTitle: 'Falló la copia',
  backupFailedBody: (name: string, reason: string) => `${name}: ${reason}`,
  quotaExceeded: 'Ya se agotaron las descargas del guardado en la nube de hoy; la próxima copia podrá hacerse mañana.',
  localBackupSavedBody: 'El guardado de este equipo cambió: hay una versión nueva en tu biblioteca.',
  localPlaysAddedTitle: 'Partidas añadidas',
  localPlaysAddedBody: counted('es', {
    one: '{{count}} partida añadida desde este equipo.',
    many: '{{count}} partidas añadidas desde este equipo.',
    other: '{{count}} partidas añadidas desde este equipo.'
  }),
  errors: {
    invalid_payload: 'La app envió una petición que no entiende. Por favor, infórmanos.',
    forbidden_sender: 'Se rechazó una petición porque no venía de la ventana de la app.',
    unknown_channel: 'La app pidió algo que no existe. Por favor, infórmanos.',
    invalid_input: 'Ese valor no es válido.',
    invalid_base_url: 'Usa una dirección https (http solo para este equipo, 127.0.0.1), sin nombre de usuario, consulta ni fragmento.',
    network: 'No se puede conectar con el servicio. Revisa tu conexión y vuelve a intentarlo.',
    timeout: 'El servicio tardó demasiado en responder. Vuelve a intentarlo en un momento.',
    unexpected_response: 'El servicio envió algo inesperado (quizá un proxy o una página de mantenimiento). Inténtalo más tarde.',
    service: 'El servicio rechazó la petición.',
    not_signed_in: 'Primero inicia sesión.',
    needs_sign_in: 'Tu sesión terminó. Vuelve a iniciar sesión.',
    scope_missing: 'Esta cuenta no dio el permiso necesario. Vuelve a iniciar sesión y concédelo.',
    credential_invalid: 'No se aceptó la credencial. Revísala y vuelve a intentarlo.',
    cancelled: 'Cancelado.',
    busy: 'Ya hay otra operación en curso.',
    io: 'No se pudo leer o escribir un archivo. Revisa la carpeta y el espacio libre.',
    not_found: 'No encontrado.',
    quota_exceeded: 'Ya se agotaron las descargas del guardado en la nube de hoy; la próxima copia podrá hacerse mañana.',
    no_cloud_save: 'Todavía no hay guardado en la nube: en Milthm, sube tu guardado a la nube y vuelve a hacer la copia.',
    insecure_storage: 'Este sistema no puede proteger las credenciales guardadas.',
    auth_denied: 'Se denegó el acceso en el navegador. Vuelve a intentarlo y permite el acceso.',
    state_mismatch: 'El navegador devolvió una respuesta que no corresponde a este inicio de sesión. Empieza de nuevo.',
    clock_skew: 'El reloj de tu equipo parece incorrecto. Corrige la fecha, la hora y la zona horaria, y vuelve a iniciar sesión.',
    discovery_failed:
      'No se pudo conectar con el servidor de inicio de sesión o está mal configurado. Revisa la conexión y la dirección del servidor.',
    port_unavailable:
      'La app no pudo abrir un puerto local para la redirección del inicio de sesión. Cierra otras apps que lo usen o vuelve a intentarlo.',
    token_exchange_failed: 'El servidor de inicio de sesión se negó a completarlo. Inténtalo más tarde.',
    no_client_id: 'Este servidor no tiene registro de inicio de sesión: escribe un ID de cliente en Ajustes o usa un User Token.',
    device_expired: 'El código caducó antes de confirmarse. Pide uno nuevo.',
    internal: 'Algo falló dentro de la app. Por favor, infórmanos.'
  },
  session: {
    title: 'Sesión',
    plays: counted('es', { one: '{{count}} partida', many: '{{count}} partidas', other: '{{count}} partidas' }),
    newBests: counted('es', { one: '{{count}} nuevo récord', many: '{{count}} nuevos récords', other: '{{count}} nuevos récords' }),
    body: (plays: string, bests: string, reality: string) => `${plays}, ${bests}, Reality ${reality}`
  },
  tray: {
    noCloudSave: (name: string) => `${name}: aún no hay guardado en la nube (súbelo en Milthm)`,
    quotaWait: (name: string) => `${name}: se agotaron las descargas de hoy; la próxima copia, mañana`,
    tooltip: 'Asistente de cuenta de juego',
    lastBackup: (when: string) => `Última copia: ${when}`,
    noBackupYet: 'Aún no hay copias',
    nextCheck: (when: string) => `Próxima comprobación automática: ${when}`,
    autoOff: 'La copia automática está desactivada',
    running: 'Haciendo la copia…',
    backUpNow: 'Hacer copia ahora',
    open: 'Abrir el Asistente de cuenta de juego',
    quit: 'Salir'
  },
  menu: {
    file: 'Archivo',
    edit: 'Edición',
    view: 'Ver',
    go: 'Ir',
    window: 'Ventana',
    help: 'Ayuda',
    refresh: 'Actualizar datos',
    settings: 'Ajustes…',
    profile: 'Perfil',
    scores: 'Puntuaciones',
    sessions: 'Sesiones',
    reality: 'Reality',
    progress: 'Progreso',
    backups: 'Copias de seguridad',
    readme: 'Cómo funciona la app (README)',
    accountPage: 'Tu cuenta en el servicio',
    tokensPage: 'Página de User Tokens'
  },
  crash: {
    backgroundFailedTitle: 'Falló una tarea en segundo plano',
    backgroundFailedBody: 'Tus datos están a salvo y la app sigue funcionando. Los detalles están en el registro.',
    restartingTitle: 'El Asistente de cuenta de juego se está reiniciando',
    restartingBody: 'Un error interno lo detuvo. Tus datos están a salvo; ahora se reinicia una vez.',
    stoppedTitle: 'El Asistente de cuenta de juego se detuvo',
    stoppedBody: (log: string) =>
      'Un error interno lo volvió a detener a los pocos minutos, así que no se reinició. ' +
      `Tus datos están a salvo. Los detalles están en ${log}`
  },
  progress: {
    packs: {
      fullComboName: (difficulty: string, level: string) => `Full Combo en cada ${difficulty} de nivel ${level}`,
      fullComboFolder: (difficulty: string, level: string) => `${difficulty}, nivel ${level}`,
      realityName: (from: string, to: string) => `Reality de ${from} a ${to} por pasos`
    },
    goalMetTitle: 'Objetivo cumplido',
    goalMetBody: (name: string, reached: string) => `${name} (${reached})`,
    goal: {
      score: (score: string) => `puntuación de ${score} o más`,
      grade: (grade: string) => `${grade} o mejor`,
      fullCombo: 'Full Combo',
      allPerfect: 'All Perfect',
      reality: (value: string) => `un Reality de ${value} o más`,
      overall: (value: string) => `tu Reality de ${value} o más`,
      onChart: (criterion: string, scope: string) => `${criterion} en ${scope}`,
      onAll: (criterion: string, scope: string) => `${criterion} en todos los charts de ${scope}`,
      onCount: counted('es', {
        one: '{{criterion}} en {{count}} chart de {{scope}}',
        many: '{{criterion}} en {{count}} charts de {{scope}}',
        other: '{{criterion}} en {{count}} charts de {{scope}}'
      }),
      onShare: (criterion: string, percent: string, scope: string) => `${criterion} en el ${percent} % de ${scope}`,
      list: counted('es', {
        one: 'la lista de {{count}} chart',
        many: 'la lista de {{count}} charts',
        other: 'la lista de {{count}} charts'
      }),
      withMode: (text: string, mode: string) => `${text} (${mode})`,
      modes: { touch: 'Táctil', keyboard: 'Teclado', any: 'Cualquier entrada' },
      level: (level: string) => `Nivel ${level}`,
      chapter: (number: string) => `Capítulo ${number}`,
      unknownFolder: 'Charts que la lista no conoce',
      missingFolder: 'una carpeta que ya no existe',
      unknownChart: 'chart desconocido'
    }
  },
  signInPage: {
    app: 'Asistente de cuenta de juego',
    signedIn: 'Sesión iniciada',
    notCompleted: 'No se completó el inicio de sesión',
    closeTab: 'Puedes cerrar esta pestaña y volver al Asistente de cuenta de juego.',
    failed: 'No se pudo iniciar sesión. Vuelve a la app para ver los detalles.',
    foreign:
      'Esta página no corresponde al inicio de sesión que espera la app, así que se ignoró. ' +
      'Termina de iniciar sesión desde la página que abrió la app.',
    unfinished: 'La app no terminó de iniciar sesión. Vuelve a ella e inténtalo de nuevo.'
  },
  cli: {
    picks: {
      columns: ['chart', 'entrada', 'por qué', 'récord', 'objetivo'],
      modes: { touch: 'táctil', keyboard: 'teclado', save: 'guardado' },
      allPerfect: 'a un Good de All Perfect',
      fullCombo: 'a un Bad o Miss de un Full Combo',
      grade: (gap: string, grade: string) => `a ${gap} puntos de ${grade}`,
      plan: (toward: string) => `el paso más fácil hacia Reality ${toward}`,
      stale: counted('es', {
        one: 'sin jugar desde hace {{count}} día',
        many: 'sin jugar desde hace {{count}} días',
        other: 'sin jugar desde hace {{count}} días'
      }),
      unplayed: (level: string) => `aún sin jugar, nivel ${level}`,
      random: (seed: string, among: string) => `elegido al azar (semilla ${seed}, entre ${among})`,
      marks: { FC: 'Full Combo', AP: 'All Perfect' },
      notPlayed: 'sin jugar',
      heading: (source: string) => `Juega ahora: ${source}`,
      account: 'tu cuenta',
      levels: (text: string) => `Tu nivel: ${text}`,
      none: 'No hay nada que elegir: aún no hay récords ni lista de charts. Juega algunos charts o ejecuta: companion charts update',
      noMatch: 'Ningún chart de la lista cumple el filtro.',
      seedHint: (seed: string) => `La misma elección otra vez: --seed ${seed}`
    },
    goals: {
      appOnly:
        'Los objetivos están en la aplicación, no en la CLI: expórtalos desde la aplicación (Progreso → Objetivos → Exportar objetivos…).',
      importHint:
        'La CLI no guarda objetivos: para añadirlos, importa el archivo en la aplicación ' +
        '(Progreso → Objetivos → Importar un paquete de objetivos…).',
      pack: (name: string, version: string) => `Paquete de objetivos «${name}» (versión ${version})`,
      folders: counted('es', { one: '{{count}} carpeta', many: '{{count}} carpetas', other: '{{count}} carpetas' }),
      goals: counted('es', { one: '{{count}} objetivo', many: '{{count}} objetivos', other: '{{count}} objetivos' }),
      charts: counted('es', { one: '{{count}} chart', many: '{{count}} charts', other: '{{count}} charts' }),
      notChecked: 'No hay lista de charts: los charts que nombra no se han comprobado. Ejecuta: companion charts update',
      valid: 'Este paquete de objetivos es válido.'
    },
    unknownChart: 'chart desconocido',
    columns: ['Fecha', 'Chart', 'Rango', 'Puntuación', 'Precisión', 'Reality', 'Entrada'],
    touch: 'táctil',
    keyboard: 'teclado',
    touchReality: 'Reality táctil',
    keyboardReality: 'Reality con teclado',
    /** `companion local diff`: the verdict (the app shows the same words; `--json` keeps the English one). */
    verdicts: {
      'cloud-behind': 'Tu guardado en la nube va por detrás de este equipo: súbelo desde el juego.',
      'local-behind': 'Este equipo va por detrás de tu guardado en la nube: descárgalo desde el juego.',
      same: 'Este equipo y tu última copia de la nube tienen las mismas mejores puntuaciones.',
      diverged:
        'Tanto este equipo como tu guardado en la nube tienen mejores puntuaciones en algunos ' +
        'charts: subir o descargar desde el juego sustituye las del otro lado, así que ' +
        'primero vuelve a jugar esos charts en el lado que va por detrás.',
      'no-cloud':
        'Todavía no hay una copia de la nube de este guardado para comparar: primero haz una ' +
        'copia de tu guardado en la nube (la comparación no gasta descargas).'
    },
    libraryProblems: {
      ignored: (name: string, why: string) => `Ignorado ${name}: ${why}`,
      'not-a-file': () => 'Este manifiesto no es un archivo normal (es un enlace o una carpeta); se ignora.',
      'too-large': () => 'Este manifiesto es demasiado grande para ser uno de los nuestros; se ignora.',
      'outside-folder': () => 'Este manifiesto nombra un archivo fuera de su carpeta; se ignora y no se toca nada de lo que nombra.',
      damaged: () => 'Este manifiesto está dañado; se ignora (el archivo de guardado, si lo hay, aparece como archivo sin manifiesto).',
      // The system's code in words (a code like EACCES means nothing to a reader).
      unreadable: (errno: string | undefined) =>
        errno === 'EACCES' || errno === 'EPERM'
          ? 'No se puede leer este manifiesto: permiso denegado.'
          : 'No se puede leer este manifiesto.'
    },
    folders: {
      columns: ['Carpeta', 'Modo', 'Jugados', 'R', 'M', 'SS', 'S', 'A', 'B', 'C', 'F', 'FC', 'AP'],
      modes: { touch: 'táctil', keyboard: 'teclado', any: 'cualquier entrada' },
      kinds: { level: 'Nivel', difficulty: 'Dificultad', pack: 'Paquete', custom: 'Carpeta' },
      source: (save: string) => `Guardado: ${save}`,
      withPlays: (count: number, file: string) => `Partidas: ${count} en ${file}`,
      saveNoMode: counted('es', {
        one: 'Los récords del guardado ({{count}} chart) no tienen modo de entrada: cuentan en «cualquier entrada».',
        many: 'Los récords del guardado ({{count}} charts) no tienen modo de entrada: cuentan en «cualquier entrada».',
        other: 'Los récords del guardado ({{count}} charts) no tienen modo de entrada: cuentan en «cualquier entrada».'
      }),
      unknown: counted('es', {
        one: '{{count}} chart con un récord que la lista de charts no conoce (carpeta "unknown").',
        many: '{{count}} charts con un récord que la lista de charts no conoce (carpeta "unknown").',
        other: '{{count}} charts con un récord que la lista de charts no conoce (carpeta "unknown").'
      }),
      noList:
        'Aún no hay lista de charts: todos los charts son desconocidos. ' +
        'Ejecuta: companion charts update   (o: companion charts import ARCHIVO)'
    },
    sessions: {
      columns: ['Inicio', 'Fin', 'Duración', 'Partidas', 'Charts', 'Táctil', 'Teclado', 'Récords', 'Rangos subidos', 'Sin hora'],
      sessionCount: counted('es', { one: '{{count}} sesión', many: '{{count}} sesiones', other: '{{count}} sesiones' }),
      count: (sessions: string, file: string) => `${sessions} en ${file}`,
      rule: (minutes: number) => `Una nueva sesión empieza tras más de ${minutes} minutos sin jugar.`,
      untimed: counted('es', {
        one: 'Se deja fuera {{count}} partida sin una hora válida.',
        many: 'Se dejan fuera {{count}} partidas sin una hora válida.',
        other: 'Se dejan fuera {{count}} partidas sin una hora válida.'
      }),
      newBest: 'nuevo récord',
      none: 'No hay partidas con una hora válida: no hay sesiones.'
    },
    /** `companion plan` and `companion whatif`. */
    planner: {
      planColumns: ['#', 'Chart', 'Constante', 'Récord actual', 'Necesario', 'Rango', 'Esfuerzo'],
      now: (from: string, target: string) => `Reality actual ${from}; objetivo ${target}.`,
      rule:
        'Regla: cada récord conserva su propia Reality (si no, la regla de su versión del juego, con la constante de la lista de ' +
        'charts); una puntuación subida es una partida nueva en el juego de hoy (el mayor de v3 y v2 hasta 1.005.000, si no, v3); ' +
        'la suma de los 20 mejores entre 20, como la muestra el juego (dos decimales, truncados).',
      reached: 'Ya alcanzas el objetivo: no hay nada que subir.',
      unreachable: (best: string) => `Con estas opciones no se alcanza el objetivo: lo más alto es ${best}. El plan de abajo llega a eso.`,
      after: (after: string, effort: string) => `Reality tras el plan: ${after} (esfuerzo total ${effort}).`,
      notProven: 'La búsqueda se detuvo en su límite: puede haber un plan con algo menos de esfuerzo.',
      whatIfColumns: ['Chart', 'Constante', 'Récord actual', 'Nueva puntuación', 'Rango', 'Valor', 'Mejores 20'],
      reality: (from: string, to: string, change: string) => `Reality: ${from} → ${to} (${change})`,
      place: { stays: 'sigue', enters: 'entra', outside: 'fuera' },
      entered: (charts: string) => `Entran en las 20 mejores: ${charts}`,
      left: (charts: string) => `Salen de las 20 mejores: ${charts}`,
      skipped: (charts: string) => `Sin valorar (no está en la lista o no tiene constante): ${charts}`,
      nothing: 'Ninguna puntuación nueva supera el récord actual: nada cambia.'
    },
    /** The player's marks on the kept history (#55): `imports list`, and the marks column of the play tables. */
    record: {
      importColumns: ['id', 'fecha', 'origen', 'partidas', 'deshecha'],
      sources: { 'data.db': 'data.db', backup: 'copia de seguridad', 'history-file': 'archivo de historial' },
      marksColumn: 'marcas',
      hidden: 'oculta',
      starred: 'destacada',
      note: 'nota',
      changed: (hidden: boolean, plays: string, already: number) =>
        `${hidden ? 'Ocultas' : 'Visibles de nuevo'}: ${plays} (${already} ya lo estaban).`,
      undoLine: (command: string) => `Deshacer: companion ${command}`,
      noImports: 'Aún no hay importaciones en el historial guardado.',
      takenBack: (removed: string, kept: string | null) =>
        `Importación retirada: ${removed} quitadas` + (kept ? `, ${kept} conservadas porque las informó el servicio.` : '.'),
      putBack: (plays: string) => `Devueltas: ${plays}.`,
      marksUnreadable: (why: string) => `No se pudieron leer las marcas de tu historial guardado (${why}).`
    },
    restore: {
      versionColumns: ['ID', 'Hora', 'Jugador', 'Tamaño', 'Fijada', 'Destacada', 'Nota'],
      yes: 'sí',
      noVersions: (dir: string) =>
        `Todavía no hay versiones de «Este equipo» en ${dir}. Guarda una con: companion local backup --dir '${dir}'`,
      heading: (id: string, kind: 'this-computer' | 'cloud', target: string) =>
        `${kind === 'cloud' ? 'Copia de la nube' : 'Versión de este equipo'} ${id} → ${target}`,
      exportHeading: (id: string, target: string) => `Exportar ${id} como saves.db → ${target}`,
      playerNow: 'Ahora en la carpeta del juego',
      playerRestored: 'Tras restaurar',
      noSaveHere: 'sin guardado',
      damagedHere: (problem: string) => `el guardado de aquí está dañado (${problem}); se conserva tal cual`,
      player: (name: string, uuid: string | null, saved: string | null) =>
        `${name}${uuid ? ` (${uuid})` : ''}, último guardado: ${saved ?? 'desconocido'}`,
      lowered: (n: number) => `Bajan al restaurar: ${n}`,
      lost: (n: number) => `Se pierden al restaurar: ${n}`,
      raised: (n: number) => `Suben al restaurar: ${n}`,
      unchanged: (n: number) => `Sin cambios: ${n}`,
      none: 'ninguno',
      reality: (before: string, after: string) =>
        `Reality según las constantes de la lista de charts: ${before} → ${after} (por chart: los registros 4.0+ usan ` +
        'el mayor de v3 y v2 hasta 1.005.000 salvo con All Perfect, y si no, v3; la suma de los 20 mejores, entre 20)',
      unknown: 'desconocido (sin constantes de chart)',
      olderSave: 'El guardado restaurado se guardó antes que el de la carpeta del juego.',
      otherPlayer: (restored: string, current: string) =>
        `Este es el guardado de ${restored}; la carpeta del juego tiene el de ${current}.`,
      playsReplaced: 'Historial de partidas (data.db): también se sustituye por el de la versión.',
      playsKept: 'Historial de partidas (data.db): se queda como está (añade --with-plays para sustituirlo).',
      playsNone: 'Historial de partidas (data.db): se queda como está (esta versión no tiene).',
      question: (target: string) => `¿Restaurar en ${target}? Antes se conserva en la biblioteca el guardado que hay allí. [y/N] `,
      exportQuestion: (target: string) => `¿Escribir saves.db en ${target}? [y/N] `,
      dryRun: 'Simulación: no se escribió nada.',
      restored: (snapshot: string) => `Restaurado. El guardado que había se conserva como la versión fijada ${snapshot}.`,
      undone: (snapshot: string) =>
        'Deshecho: vuelve a estar el guardado de antes de la restauración. ' +
        `El que lo sustituía se conserva como la versión fijada ${snapshot}.`,
      exported: (written: string[]) => `Exportado: ${written.join(', ')}`,
      nextStep:
        'Abre Milthm y comprueba tu guardado. La nube aún tiene el anterior: súbelo desde el juego si quieres que la nube tenga este.',
      undoHint: 'Para deshacerlo: companion local restore --undo',
      failed: (detail: string) => `Falló la restauración: ${detail}`,
      putBack: (snapshot: string) => `El guardado que había vuelve a estar en su sitio (también se conserva como ${snapshot}).`,
      notPutBack: (snapshot: string) =>
        `El guardado que había no se pudo volver a poner automáticamente: se conserva como ${snapshot}; ` +
        `restáuralo con: companion local restore '${snapshot}'`,
      nothingChanged: 'No se cambió nada en la carpeta del juego.',
      undoUnavailable: (snapshot: string) =>
        `No se puede deshacer: esta restauración no se pudo registrar. ` +
        `Para volver atrás, restaura el guardado conservado antes: companion local restore '${snapshot}'`,
      refused: {
        'game-running': (d: string | null) => `Milthm está abierto (${d}): cierra Milthm y vuelve a intentarlo.`,
        'cannot-check-game': (d: string | null) => `No se puede saber si Milthm está abierto (${d}). Cierra Milthm y vuelve a intentarlo.`,
        'unfinished-write': (d: string | null) =>
          `Hay una escritura del guardado sin terminar (existe ${d}): cierra Milthm y vuelve a intentarlo.`,
        downgrade: () =>
          'Algunos récords bajarían o se perderían, o el guardado es más antiguo. ' +
          'Añade --allow-downgrade para restaurarlo igualmente.',
        'other-player': (d: string | null) =>
          `Esta versión es el guardado de otro jugador (${d}). Añade --allow-other-player para restaurarla igualmente.`,
        'damaged-version': (d: string | null) => `Esta versión ya no coincide con su suma de comprobación (${d}); no se tocó nada.`,
        'unusable-version': (d: string | null) => `Esta versión no es un guardado que el juego pueda leer (${d}).`,
        'no-container': (d: string | null) =>
          `No hay ningún saves.db en el que restaurar (${d}): abre Milthm una vez en este equipo y luego restaura.`,
        'no-game-folder': (d: string | null) => `No se encontró la carpeta del juego (se buscó en: ${d}). Indícala con --game-dir.`,
        'changed-since-preview': () => 'El guardado de la carpeta del juego cambió mientras tanto: vuelve a mirar la vista previa.',
        'target-exists': (d: string | null) => `${d} ya existe; no se sobrescribió nada. Elige otra carpeta.`,
        'needs-yes': () =>
          'No hay ninguna consola en la que preguntar: añade --yes para restaurar (después de un --dry-run para ver qué cambia).',
        declined: () => 'No se restauró.',
        'nothing-to-undo': () => 'No hay ninguna restauración que deshacer.'
      }
    },
    overloaded: 'Overloaded',
    fieldColumns: ['Campo', 'Valor'],
    yes: 'sí',
    unknown: 'desconocido',
    chartCount: counted('es', { one: '{{count}} chart', many: '{{count}} charts', other: '{{count}} charts' }),
    byteCount: counted('es', { one: '{{count}} byte', many: '{{count}} bytes', other: '{{count}} bytes' }),
    nickname: {
      needsYes:
        'Cada envío gasta una oportunidad de cambiar el apodo, aunque falle (se recupera una cada 15 días y 12 horas). ' +
        'Añade --yes para continuar.',
      empty: 'El apodo no puede estar vacío.',
      changed: (name: string) => `Apodo cambiado a ${name}.`,
      nextBack: (when: string) => `La próxima oportunidad debería volver el ${when}.`
    },
    rankListsNotReady:
      'El servicio aún no ha terminado las listas de mejores resultados (se volvió a preguntar con pausas); los valores de ' +
      'Reality de arriba están al día. Vuelve a intentarlo en un minuto.',
    backup: {
      waiting: 'Esperando a que termine otra copia de seguridad de esta cuenta…',
      upToDate:
        'Al día: el guardado en la nube no ha cambiado y la última copia sigue coincidiendo con él; no se ha gastado ninguna descarga.',
      saved: (file: string, size: string, format: string, sha256: string) => `Guardado ${file} (${size}, ${format}, sha256 ${sha256})`,
      why: (reason: string, downloads: string) => `Motivo: ${reason}. Descargas gastadas: ${downloads}.`,
      reasons: {
        first: 'la primera copia de esta cuenta',
        changed: 'el guardado en la nube ha cambiado',
        forced: 'pedido con --force',
        'latest-damaged': 'la última copia ya no coincide con su suma de comprobación (dañada)',
        'latest-missing': 'falta el archivo de la última copia',
        unchanged: 'el guardado en la nube no ha cambiado'
      },
      resumed: (reused: string) => `Se continuó una descarga interrumpida (se reaprovecharon ${reused}).`,
      olderBackups: counted('es', {
        one: '{{count}} copia más antigua',
        many: '{{count}} copias más antiguas',
        other: '{{count}} copias más antiguas'
      }),
      retention: (moved: string, trash: string) => `La limpieza movió ${moved} a ${trash}.`
    },
    backups: {
      listColumns: ['Copia hecha', 'Nube actualizada', 'Tamaño', 'Formato', 'Fijada', 'Destacada', 'Archivo'],
      none: 'Aún no hay copias.',
      unindexed: (name: string, size: string) =>
        `Archivo de guardado sin manifiesto: ${name} (${size}; añádelo con: npx companion backups index '${name}')`,
      unindexedNote: (name: string) => `archivo de guardado sin manifiesto: ${name}`,
      verifyColumns: ['Copia hecha', 'Estado', 'Archivo'],
      states: { ok: 'correcta', mismatch: 'dañada', missing: 'falta el archivo' },
      readOnly: '(El archivo de copias es de solo lectura: no se guardaron los resultados.)',
      range: (from: string, to: string) => `Del ${from} al ${to}:`,
      added: (count: string) => `Charts nuevos: ${count}`,
      improved: (count: string) => `Mejorados: ${count}`,
      lowered: (count: string) => `Más bajos que antes: ${count}`,
      summary: (charts: string, layout: string, reality: string) => `${charts} (${layout}); Reality calculada del guardado: ${reality}`,
      unrated: (charts: string) => `${charts} sin constante conocida; importa una lista de charts: npx companion charts update`,
      bestCharts: 'Mejores charts:',
      indexed: (id: string) => `Añadido como ${id}.`
    },
    changes: {
      new: 'nuevo',
      gained: (marks: string) => `${marks} conseguido`
    },
    charts: {
      status: (charts: string, format: string, origin: string, updated: string) =>
        `${charts} (${format}) de ${origin}, actualizada el ${updated}.`,
      unknownOrigin: 'un origen desconocido',
      none:
        'Aún no hay lista de charts: los charts aparecen como ID cortos. Ejecuta: npx companion charts update   ' +
        '(o: npx companion charts import ARCHIVO)',
      lastChange: (added: string, removed: string, constants: string) =>
        `Última actualización: ${added} añadidos, ${removed} quitados, ${constants} constantes cambiadas.`,
      skipped: counted('es', {
        one: 'Se dejó fuera {{count}} entrada sin un ID de chart válido.',
        many: 'Se dejaron fuera {{count}} entradas sin un ID de chart válido.',
        other: 'Se dejaron fuera {{count}} entradas sin un ID de chart válido.'
      }),
      address: (url: string) => `Dirección de actualización: ${url}`,
      lastFailed: (why: string) => `La última actualización falló: ${why}`
    },
    local: {
      gameFolder: (folder: string) => `Carpeta del juego: ${folder}`,
      gameFolderChosen: (folder: string) => `Carpeta del juego: ${folder} (elegida)`,
      fileColumns: ['Archivo', 'Tamaño', 'Modificado'],
      notFound: 'No se encontró el guardado del juego. Se buscó en:',
      pointGameDir: 'Indica la carpeta de datos del juego con --game-dir.',
      upToDate: 'Al día: la última versión local tiene exactamente estos bytes; no se escribió nada.',
      saved: (path: string, size: string, sha256: string) => `Guardado ${path} (${size}, sha256 ${sha256})`,
      savedSnapshot: (path: string, size: string, sha256: string) =>
        `Guardado ${path} (${size}, sha256 ${sha256}), como instantánea del propio SQLite (el juego estaba escribiendo)`,
      part: (file: string, path: string, size: string, sha256: string) => `con ${file}: ${path} (${size}, sha256 ${sha256})`,
      olderVersions: counted('es', {
        one: '{{count}} versión más antigua',
        many: '{{count}} versiones más antiguas',
        other: '{{count}} versiones más antiguas'
      }),
      playCount: counted('es', { one: '{{count}} partida', many: '{{count}} partidas', other: '{{count}} partidas' }),
      plays: (plays: string, file: string) => `${plays} en ${file}`,
      unreadableRows: counted('es', {
        one: 'no se pudo leer {{count}} fila',
        many: 'no se pudieron leer {{count}} filas',
        other: 'no se pudieron leer {{count}} filas'
      }),
      overloadedPlays: counted('es', {
        one: '{{count}} de ellas Overloaded',
        many: '{{count}} de ellas Overloaded',
        other: '{{count}} de ellas Overloaded'
      }),
      scoreTooHigh: (count: string, max: string) => `de ellas, con una puntuación de más de ${max}, que ninguna partida alcanza: ${count}`,
      against: (when: string, id: string) => `Comparado con la copia de la nube del ${when} (${id}).`,
      betterHere: (count: string) => `Mejor en este equipo: ${count}`,
      onlyHere: (count: string) => `Solo en este equipo: ${count}`,
      betterInCloud: (count: string) => `Mejor en la nube: ${count}`,
      onlyInCloud: (count: string) => `Solo en la nube: ${count}`,
      reality: (here: string, cloud: string) => `Reality: este equipo ${here}, nube ${cloud}`
    },
    kept: {
      restoreCloud: (when: string) => `Guardada antes de restaurar la copia de la nube del ${when}`,
      restoreComputer: (when: string) => `Guardada antes de restaurar la versión de este equipo del ${when}`,
      restoreUnknown: 'Guardada antes de una restauración',
      undoCloud: (when: string) => `Guardada antes de deshacer la restauración de la copia de la nube del ${when}`,
      undoComputer: (when: string) => `Guardada antes de deshacer la restauración de la versión de este equipo del ${when}`,
      undoUnknown: 'Guardada antes de deshacer una restauración'
    },
    usage: {
      versionAndUndo: 'Indica una versión o --undo, pero no las dos cosas.',
      toWithUndo: '--to no se puede usar con --undo.',
      nameVersion:
        'Indica la versión que quieres restaurar (un ID de npx companion local versions o npx companion backups list, o un ' +
        'archivo de guardado de la biblioteca), o usa --undo.'
    },
    failure: {
      codes: {
        not_signed_in: 'No hay credencial: define COMPANION_USER_TOKEN o pasa --token-file PATH (un User Token de la página de tu cuenta).',
        needs_sign_in: 'El User Token ya no se acepta: crea uno nuevo en la página de tu cuenta.',
        credential_invalid: 'No se aceptó el User Token. Revísalo, o su archivo (debe ser tuyo, legible solo por ti y no un enlace).',
        scope_missing: 'Este User Token no tiene un permiso que este comando necesita: crea uno con ese permiso marcado en tu cuenta.'
      },
      reasons: {
        no_game_files: (folder: string, usual: string) =>
          `${folder} no contiene saves.db ni data.db, así que no es la carpeta de datos de Milthm. En este equipo, Milthm los ` +
          `guarda en ${usual}. No se cambió nada.`,
        no_data_db: (folder: string, usual: string) =>
          `No hay data.db en ${folder}. En este equipo, Milthm lo guarda en ${usual}. No se leyó nada.`,
        app_open:
          'La app está abierta en esta carpeta de datos y sobrescribiría este cambio: ' +
          'ciérrala primero o haz el cambio en la app. No se cambió nada.',
        not_user_token:
          'Eso no es un User Token. Un User Token es una sola palabra larga de letras y cifras (puede terminar en =), ' +
          'normalmente con Basic delante.',
        token_expired: 'Este User Token ha caducado. Crea uno nuevo en la página de tokens de tu cuenta.',
        token_refused: 'El servicio no aceptó este User Token. Vuelve a copiarlo de la página de tokens de tu cuenta o crea uno nuevo.',
        token_needs_profile: 'Este User Token no deja que la CLI lea a qué cuenta pertenece. Crea uno nuevo con profile (o user) marcado.'
      },
      services: {
        StaminaNotEnough: 'Ahora mismo no te queda ninguna oportunidad de cambiar el apodo.',
        UserNicknameTakenError: 'Ese apodo ya está en uso. El intento gastó igualmente una oportunidad.',
        RequestParamError: 'El servicio rechazó el valor. Revísalo y vuelve a intentarlo.',
        UserNotFoundError: 'No existe ese jugador (o la cuenta ya no está disponible).',
        GameSaveNotFoundError: 'Esta cuenta no tiene guardado en la nube.',
        InvalidTokenError: 'El servicio no aceptó este User Token. Crea uno nuevo en la página de tu cuenta.',
        TokenExpireError: 'Este User Token ha caducado. Crea uno nuevo en la página de tu cuenta.',
        InsufficientScopeError: 'Este User Token no tiene un permiso que este comando necesita: crea uno con ese permiso marcado.'
      },
      causes: {
        ENOSPC: 'el disco está lleno',
        EDQUOT: 'se agotó la cuota de disco',
        EACCES: 'permiso denegado',
        EPERM: 'la operación no está permitida',
        EROFS: 'el disco es de solo lectura',
        ENOENT: 'no existe',
        ENOTDIR: 'una parte de la ruta no es una carpeta',
        EISDIR: 'es una carpeta',
        EEXIST: 'ya existe',
        EBUSY: 'otro programa lo está usando',
        EIO: 'el disco informó de un error',
        ENAMETOOLONG: 'la ruta es demasiado larga',
        damaged: 'el archivo está dañado',
        verify: 'un archivo no se leyó igual que se escribió'
      },
      cause: (cause: string) => `Causa: ${cause}.`,
      moreWithVerbose: 'detalles con --verbose',
      detail: (english: string) => `Detalles (en inglés): ${english}`,
      internal: (what: string, log: string) =>
        `error interno (${what}); no se cambió nada; por favor, infórmalo junto con el registro ${log}`,
      internalNoLog: (what: string) => `error interno (${what}); no se cambió nada; por favor, infórmalo (no se pudo escribir el registro)`
    }
  }
}
