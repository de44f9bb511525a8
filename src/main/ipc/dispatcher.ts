import { ZodError } from 'zod'
import { AppError, toErrorData, type AppErrorData } from '../../shared/errors'
import { describeIssue } from '../../shared/issues'
import { redactor } from '../logging/redact'
import { invokeChannels, isInvokeChannel, type HandlerArgs, type InvokeChannel, type InvokeResult } from '../../shared/ipc/contract'
import type { Result } from '../../shared/result'

export type Handlers = {
  [C in InvokeChannel]: (...args: HandlerArgs<C>) => Promise<InvokeResult<C>> | InvokeResult<C>
}

/** The handlers of one feature: the channels of its group(s), e.g. `FeatureHandlers<'backups'>`. */
export type FeatureHandlers<G extends string> = Pick<Handlers, Extract<InvokeChannel, `${G}:${string}`>>

export interface Sender {
  /** URL of the frame (or page) that made the call. */
  url: string
}

export type Dispatch = (channel: string, rawArgs: unknown, sender: Sender) => Promise<Result<unknown>>

export interface DispatcherOptions {
  handlers: Handlers
  isTrustedSender: (sender: Sender) => boolean
  onError?: (channel: string, error: unknown) => void
}

function describeZodError(error: ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => describeIssue(issue, '(arguments)'))
    .join('; ')
}

/**
 * One entry point for every call from a renderer, whatever the transport: the sender is checked
 * and the payload validated before a handler runs; the result is parsed through its schema too,
 * which strips any field the contract does not name (so a stray secret cannot ride along).
 */
export function createDispatcher({ handlers, isTrustedSender, onError }: DispatcherOptions): Dispatch {
  return async (channel, rawArgs, sender) => {
    if (!isTrustedSender(sender)) {
      return fail(AppError.of('forbidden_sender', 'Call refused: it did not come from the app window.'))
    }
    if (!isInvokeChannel(channel)) {
      return fail(AppError.of('unknown_channel', `Unknown channel "${channel.slice(0, 80)}".`))
    }
    const def = invokeChannels[channel]
    const args = def.args.safeParse(rawArgs)
    if (!args.success) {
      return fail(AppError.of('invalid_payload', `Invalid arguments for ${channel}: ${describeZodError(args.error)}`))
    }
    try {
      const handler = handlers[channel] as (...a: unknown[]) => unknown
      const value = def.result.parse(await handler(...(args.data as unknown[])))
      return { ok: true, value }
    } catch (error) {
      onError?.(channel, error)
      return fail(error)
    }
  }
}

/** Everything that leaves main passes the redactor: a service echoing a credential cannot put it on screen. */
function fail(error: unknown): Result<never> {
  return { ok: false, error: redactor.value(toErrorData(error)) as AppErrorData }
}
