import { Agent, type Dispatcher } from 'undici'

/**
 * An undici agent that keeps count of the responses still open: a request counts until its body
 * ended or failed (read to its end, or destroyed). After a download has returned or thrown, none may
 * be left: a body left paused, neither read nor destroyed, is what undici could not survive when the
 * server then closed the connection (issue #39).
 */
export function settledBodiesAgent(options: Agent.Options = {}) {
  const open = new Set<string>()
  let requests = 0
  const dispatcher: Dispatcher = new Agent(options).compose((dispatch) => (opts, handler) => {
    const id = `${++requests} ${opts.method} ${opts.path}`
    open.add(id)
    const settle = () => void open.delete(id)
    return dispatch(opts, {
      ...handler,
      onRequestStart: (controller, context) => handler.onRequestStart?.(controller, context),
      onResponseStart: (controller, status, headers, message) => handler.onResponseStart?.(controller, status, headers, message),
      onResponseData: (controller, chunk) => handler.onResponseData?.(controller, chunk),
      onResponseEnd: (controller, trailers) => {
        settle()
        handler.onResponseEnd?.(controller, trailers)
      },
      onResponseError: (controller, error) => {
        settle()
        handler.onResponseError?.(controller, error)
      }
    })
  })
  return {
    dispatcher,
    /** Requests whose body has neither ended nor been destroyed. */
    open: () => [...open],
    requests: () => requests
  }
}
