import pino, { type DestinationStream, type Logger } from 'pino'
import { redactor } from './redact'

export type { Logger }

/**
 * pino, with every argument passed through the redactor before it is formatted, so a token that
 * slips into a message or an error is masked in the file as well as on the console.
 */
export function createLogger(destination?: DestinationStream, level = 'info'): Logger {
  return pino(
    {
      level,
      base: undefined,
      hooks: {
        logMethod(args, method) {
          const cleaned = args.map((arg) => redactor.value(arg)) as Parameters<typeof method>
          return method.apply(this, cleaned)
        }
      }
    },
    destination ?? pino.destination({ dest: 2, sync: true })
  )
}

/** Logs to a file (and nowhere else): used by the app with a path under its user-data folder. */
export function fileLogger(path: string): Logger {
  return createLogger(pino.destination({ dest: path, mkdir: true, sync: false }))
}

export const silentLogger: Logger = pino({ level: 'silent' })
