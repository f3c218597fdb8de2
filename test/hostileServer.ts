import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** What the server answers next: a status, a body as raw text, and its content type. */
export interface HostileAnswer {
  status: number
  body: string
  type?: string
}

/**
 * A real loopback HTTP server that answers every request with whatever the test set last, so property tests can
 * hand a service client any answer a broken or hostile service could give (no fetch mock).
 */
export async function startHostileServer(): Promise<{ url: string; answer(next: HostileAnswer): void; stop(): Promise<void> }> {
  let next: HostileAnswer = { status: 200, body: '{}', type: 'application/json' }
  const server: Server = createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      response.writeHead(next.status, next.type ? { 'content-type': next.type } : {})
      response.end(next.body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    answer(answer) {
      next = answer
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
