import { renameSync, statSync } from 'node:fs'
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

/** The size at which the log file is set aside as `<name>.1` (the one before is dropped): two files at most. */
export const LOG_ROTATE_BYTES = 5 * 1024 * 1024

/**
 * Logs to a file (and nowhere else): used by the app with a path under its user-data folder. An app
 * that runs for weeks in the tray keeps at most `maxBytes` in the file and as much in the one before.
 */
export function fileLogger(path: string, maxBytes = LOG_ROTATE_BYTES): Logger {
  const file = pino.destination({ dest: path, mkdir: true, sync: false })
  let size = (() => {
    try {
      return statSync(path).size
    } catch {
      return 0
    }
  })()
  const rotating: DestinationStream = {
    write(line: string) {
      size += Buffer.byteLength(line)
      if (size > maxBytes) {
        try {
          // What is buffered belongs to this file; the rename then sets the whole of it aside.
          file.flushSync()
          renameSync(path, `${path}.1`)
          file.reopen()
          size = Buffer.byteLength(line)
        } catch {
          // Not open yet, or busy: the next line tries again.
        }
      }
      file.write(line)
    }
  }
  return createLogger(rotating)
}

export const silentLogger: Logger = pino({ level: 'silent' })
