// The unit tier's rule, checked: its setup file (unitTier.ts) stops a test that starts a process or opens a port.
import { execFileSync, spawn } from 'node:child_process'
import { createServer } from 'node:http'
import { describe, expect, it } from 'vitest'

const WHERE = 'move this test to a file named *.integration.test.ts'

describe('the unit tier', () => {
  it('refuses to start a process, and says where such a test belongs', () => {
    expect(() => spawn(process.execPath, ['--version'])).toThrow(`A unit test may not start a process: ${WHERE}`)
    expect(() => execFileSync(process.execPath, ['--version'])).toThrow(WHERE)
  })

  it('refuses to listen on a port, and says where such a test belongs', () => {
    const server = createServer()
    expect(() => server.listen(0, '127.0.0.1')).toThrow(`A unit test may not listen on a port: ${WHERE}`)
    expect(server.listening).toBe(false)
  })
})
