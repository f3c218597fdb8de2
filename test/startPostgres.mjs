// A throwaway PostgreSQL server for the storage tests and benchmarks, from Debian's binaries: initdb on a
// temporary directory, postgres on a free loopback port with its socket in that directory, stopped by its pid.
// PostgreSQL refuses to run as root, so under root (CI) both run as `nobody`, through setpriv (which execs, so
// the pid we hold is the server's own).
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { chown, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'

import { endWithThisProcess } from '../services/childProcess.mjs'
import { findFreePort } from '../services/listen.mjs'

const INSTALL_HINT = 'apt-get install -y postgresql'
const STOP_TIMEOUT_MS = 10_000

/**
 * Starts a PostgreSQL server on 127.0.0.1 and resolves once it accepts connections.
 *
 * @example
 * const server = await startPostgres();
 * const database = await openDatabase({ databaseUrl: await server.createDatabase() });
 * await server.stop();
 */
export async function startPostgres() {
  const bin = findServerBinaries()
  const dir = await mkdtemp(path.join(os.tmpdir(), 'foyer-postgres-'))
  const asServerUser = await serverUser(dir)
  const data = path.join(dir, 'data')
  try {
    execFileSync(
      ...command(asServerUser, path.join(bin, 'initdb'), [
        '-D',
        data,
        '-U',
        'postgres',
        '--auth=trust',
        '--no-sync',
        '-E',
        'UTF8',
        '--locale=C.UTF-8',
      ]),
      { stdio: 'pipe' },
    )
  } catch (error) {
    await rm(dir, { recursive: true, force: true })
    const stderr = /** @type {{ stderr?: Buffer }} */ (error).stderr?.toString() ?? String(error)
    throw new Error(`initdb failed: ${stderr}`)
  }
  const port = await findFreePort()
  const server = spawn(
    ...command(asServerUser, path.join(bin, 'postgres'), ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1']),
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  endWithThisProcess(server)
  const exited = new Promise((resolve) => server.once('exit', resolve))
  try {
    await waitUntilReady(server)
  } catch (error) {
    if (server.exitCode === null) server.kill('SIGKILL')
    await exited
    await rm(dir, { recursive: true, force: true })
    throw error
  }

  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  let databases = 0
  /** @type {Promise<void> | undefined} */
  let stopping
  return {
    /** The `postgres` database, as the superuser. */
    url,
    port,
    /** The server's pid. */
    pid: /** @type {number} */ (server.pid),
    /**
     * A new, empty database on this server, so each test starts clean; resolves with its URL.
     *
     * @returns {Promise<string>}
     */
    async createDatabase() {
      databases += 1
      const name = `test_${databases}`
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        await client.query(`CREATE DATABASE ${name}`)
      } finally {
        await client.end()
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`
    },
    /** Fast shutdown (SIGINT) by pid, SIGKILL after 10 s, then the directory is removed. */
    stop() {
      stopping ??= (async () => {
        if (server.exitCode === null && server.signalCode === null) {
          server.kill('SIGINT')
          const timer = setTimeout(() => server.kill('SIGKILL'), STOP_TIMEOUT_MS)
          await exited
          clearTimeout(timer)
        }
        await rm(dir, { recursive: true, force: true })
      })()
      return stopping
    },
  }
}

/** @typedef {Awaited<ReturnType<typeof startPostgres>>} PostgresServer */

/**
 * The directory holding `initdb` and `postgres`: on PATH, else Debian's /usr/lib/postgresql/<version>/bin.
 *
 * @returns {string}
 */
function findServerBinaries() {
  const candidates = [
    ...(process.env['PATH'] ?? '').split(path.delimiter).filter(Boolean),
    ...debianVersions().map((version) => `/usr/lib/postgresql/${version}/bin`),
  ]
  const bin = candidates.find((dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'postgres')))
  if (!bin) {
    throw new Error(`PostgreSQL's server binaries (initdb, postgres) are not installed: ${INSTALL_HINT}`)
  }
  return bin
}

/** Installed major versions, newest first. */
function debianVersions() {
  try {
    return readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a))
  } catch {
    return []
  }
}

/**
 * Under root, hands `dir` to `nobody` and returns the setpriv prefix that runs a command as that user;
 * otherwise the empty prefix.
 *
 * @param {string} dir
 * @returns {Promise<string[]>}
 */
async function serverUser(dir) {
  if (process.getuid?.() !== 0) return []
  const uid = Number(execFileSync('id', ['-u', 'nobody']).toString().trim())
  const gid = Number(execFileSync('id', ['-g', 'nobody']).toString().trim())
  await chown(dir, uid, gid)
  return ['setpriv', `--reuid=${uid}`, `--regid=${gid}`, '--clear-groups', '--']
}

/**
 * @param {string[]} prefix
 * @param {string} file
 * @param {string[]} args
 * @returns {[string, string[]]}
 */
function command(prefix, file, args) {
  const [first, ...rest] = [...prefix, file, ...args]
  return [/** @type {string} */ (first), rest]
}

/**
 * Resolves when the server logs that it accepts connections; rejects with its log if it exits first.
 *
 * @param {import('node:child_process').ChildProcess} server
 */
function waitUntilReady(server) {
  return new Promise((resolve, reject) => {
    let log = ''
    /** @param {Buffer} chunk */
    const onData = (chunk) => {
      log += chunk
      if (log.includes('ready to accept connections')) {
        server.stderr?.off('data', onData)
        // Keep draining the log, or a chatty server would block on a full pipe.
        server.stderr?.resume()
        resolve(undefined)
      }
    }
    server.stderr?.on('data', onData)
    server.once('exit', (code) => reject(new Error(`postgres exited (${code}) before accepting connections:\n${log}`)))
  })
}
