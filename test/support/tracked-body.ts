/**
 * A response body that knows whether it was read to its end or cancelled: it stays in `open` until
 * then. After a call, `open` must be empty: no answer left hanging (issue #39).
 */
export function trackedBody(bytes: Uint8Array, open: Set<object>): ReadableStream<Uint8Array> {
  const token = {}
  open.add(token)
  let sent = false
  return new ReadableStream({
    pull(controller) {
      if (sent) {
        open.delete(token)
        return controller.close()
      }
      sent = true
      controller.enqueue(new Uint8Array(bytes))
    },
    cancel: () => void open.delete(token)
  })
}
