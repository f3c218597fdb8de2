// The tarball's own hygiene, offline: publint (package.json against the files it ships) and arethetypeswrong (every
// export's types as TypeScript resolves them). The package is ESM only, so arethetypeswrong checks it as one
// (`--profile esm-only`: no `require` and no pre-`exports` node10 resolution, which an ESM-only package cannot serve).
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { publint } from 'publint'
import { formatMessage } from 'publint/utils'
import type { Pack } from './layout.js'
import { repo } from './layout.js'

/** What either tool finds wrong with the packed package: one line each, none when it is clean. */
export async function checkPackage(pack: Pack): Promise<string[]> {
  return [...(await publintProblems(pack)), ...(await typesProblems(pack))]
}

async function publintProblems(pack: Pack): Promise<string[]> {
  const bytes = readFileSync(pack.tarball)
  const tarball = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer
  const { messages, pkg } = await publint({ pack: { tarball }, level: 'suggestion' })
  return messages.map((message) => `publint ${message.type}: ${formatMessage(message, pkg) ?? message.code}`)
}

function typesProblems(pack: Pack): Promise<string[]> {
  const cli = path.join(repo, 'node_modules/@arethetypeswrong/cli/dist/index.js')
  const args = [cli, pack.tarball, '--profile', 'esm-only', '--no-definitely-typed', '--format', 'ascii', '--no-color', '--no-emoji']
  return new Promise((resolve) => {
    execFile(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve(error ? [`arethetypeswrong: ${stdout}${stderr}`] : [])
    })
  })
}
