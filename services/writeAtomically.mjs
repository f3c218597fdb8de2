// Writing a file so that a reader, or the next start after a crash, never sees half of it.
import { mkdir, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * Writes through a temporary file beside `file`, then renames it into place.
 *
 * @param {string} file
 * @param {string | Uint8Array} contents
 * @returns {Promise<void>}
 */
export async function writeAtomically(file, contents) {
  await mkdir(path.dirname(file), { recursive: true })
  const temporary = `${file}.${process.pid}.tmp`
  await writeFile(temporary, contents)
  await rename(temporary, file)
}
