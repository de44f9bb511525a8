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
    network: 'No se puede conectar con el servicio. Revisa tu conexión; los datos guardados se siguen mostrando.',
    timeout: 'El servicio tardó demasiado en responder. Vuelve a intentarlo en un momento.',
    unexpected_response: 'El servicio envió algo inesperado (quizá un proxy o una página de mantenimiento). Inténtalo más tarde.',
    service: 'El servicio rechazó la petición.',
    not_signed_in: 'Primero inicia sesión.',
    needs_sign_in: 'Tu sesión terminó. Vuelve a iniciar sesión; tus datos guardados siguen a la vista.',
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
    goalMetTitle: 'Objetivo cumplido',
    goalMetBody: (name: string, reached: string) => `${name} (${reached})`,
    goal: {
      score: (score: string) => `puntuación de ${score} o más`,
      grade: (grade: string) => `${grade} o mejor`,
      fullCombo: 'Full Combo',
      allPerfect: 'All Perfect',
      reality: (value: string) => `un Reality de ${value} o más`,
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
    /** The player's marks on the kept history (#55): `imports list`, and the marks column of the play tables. */
    record: {
      importColumns: ['id', 'fecha', 'origen', 'partidas', 'deshecha'],
      sources: { 'data.db': 'data.db', backup: 'copia de seguridad', 'history-file': 'archivo de historial' },
      marksColumn: 'marcas',
      hidden: 'oculta',
      starred: 'destacada',
      note: 'nota'
    },
    restore: {
      versionColumns: ['ID', 'Hora', 'Jugador', 'Tamaño', 'Fijada', 'Nota'],
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
    }
  }
}
