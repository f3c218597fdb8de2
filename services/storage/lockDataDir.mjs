// PGlite lets one process at a time open a data directory, and does not check it itself (its single-user
// postgres writes a postmaster.pid that names no real process). A second process would corrupt the data, so the
// directory gets a lock file holding the pid of the process that has it open.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

/** The data directory is open in another process (or already in this one). */
export class DataDirLockedError extends Error {
  /**
   * @param {string} dataDir
   * @param {number} pid the process that holds the lock
   */
  constructor(dataDir, pid) {
    const lockFile = path.join(dataDir, 'lock')
    const holder = pid === process.pid ? 'this process' : `process ${pid}`
    super(
      `The database in ${dataDir} is already open in ${holder}: one process at a time may open it. Stop that ` +
        `process, or set FOYER_DATA_DIR to another directory (or DATABASE_URL to a PostgreSQL server). ` +
        `If process ${pid} is not Foyer, delete ${lockFile}.`,
    )
    this.name = 'DataDirLockedError'
    this.dataDir = dataDir
    this.pid = pid
  }
}

/**
 * Takes `<dataDir>/lock` for this process, creating the directory. A lock whose process has ended (a crash, a
 * SIGKILL) is taken over. Resolves with the function that releases it.
 *
 * @param {string} dataDir
 * @returns {Promise<() => Promise<void>>}
 */
export async function lockDataDir(dataDir) {
  await mkdir(dataDir, { recursive: true })
  const lockFile = path.join(dataDir, 'lock')
  const release = async () => {
    // Only our own lock: after a takeover race the file may name another process.
    if ((await readPid(lockFile)) === process.pid) await rm(lockFile, { force: true })
  }
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await writeFile(lockFile, `${process.pid}\n`, { flag: 'wx' })
      return release
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error
    }
    const holder = await readPid(lockFile)
    if (holder !== undefined && isRunning(holder)) throw new DataDirLockedError(dataDir, holder)
    await rm(lockFile, { force: true })
  }
  // Two processes took over the same stale lock at once and the other one won.
  throw new DataDirLockedError(dataDir, (await readPid(lockFile)) ?? 0)
}

/** @param {string} lockFile @returns {Promise<number | undefined>} */
async function readPid(lockFile) {
  const text = await readFile(lockFile, 'utf8').catch(() => '')
  const pid = Number(text.trim())
  return Number.isInteger(pid) && pid > 0 ? pid : undefined
}

/** @param {number} pid */
function isRunning(pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it runs, under another user.
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM'
  }
}
