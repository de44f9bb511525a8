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
    reality: 'Reality',
    backups: 'Copias de seguridad',
    readme: 'Cómo funciona la app (README)',
    accountPage: 'Tu cuenta en el servicio',
    tokensPage: 'Página de User Tokens'
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
    keyboardReality: 'Reality con teclado'
  }
}
