// The packed package as a new user's app gets it: `npm pack` of this repository, copied into each host's own
// node_modules beside ONLY the packages that host installed, each linked from this repository's node_modules (no
// registry at test time). A peer the host did not install is simply not there, as in a fresh app.
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** What the package build reads: a change to any of them makes dist/ stale. */
const BUILD_INPUTS = [
  'protocol',
  'kernel',
  'chains',
  'plugins',
  'adapters',
  'build',
  'rollup.config.mjs',
  'package.json',
  'tsconfig.build.json',
]

function newestChange(file: string): number {
  const stat = statSync(file)
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(stat.mtimeMs, ...readdirSync(file).map((name) => newestChange(path.join(file, name))))
}

/** Builds dist/ unless it is newer than every source of the build (`npm test` builds it once, before the tests). */
export function ensureBuilt(): void {
  const manifest = path.join(repo, 'dist/manifest.json')
  const stale = !existsSync(manifest) || BUILD_INPUTS.some((input) => newestChange(path.join(repo, input)) > statSync(manifest).mtimeMs)
  if (stale)
    execFileSync(process.execPath, [createRequire(import.meta.url).resolve('rollup/dist/bin/rollup'), '-c', '--silent'], {
      cwd: repo,
      stdio: 'inherit',
    })
}

export interface Pack {
  /** The tarball `npm pack` wrote. */
  tarball: string
  /** Its contents, unpacked: what `npm install` puts in node_modules/foyer. */
  packageDir: string
  /** The packages the package itself depends on (npm installs them with it). */
  dependencies: string[]
  /** Its peers: a host has only those it installed. */
  peers: string[]
}

/** Packs the repository into `dir` and unpacks the tarball beside it. */
export function packFoyer(dir: string): Pack {
  ensureBuilt()
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], {
      cwd: repo,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }),
  )
  const tarball = path.join(dir, packed.filename)
  execFileSync('tar', ['-xzf', tarball, '-C', dir])
  const packageDir = path.join(dir, 'package')
  const { dependencies = {}, peerDependencies = {} } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8'))
  return { tarball, packageDir, dependencies: Object.keys(dependencies), peers: Object.keys(peerDependencies) }
}

export interface HostLayout {
  /** Its source files by path. */
  files: Record<string, string>
  /** What the host installed besides foyer (its peers, its framework), linked from the repository. */
  packages: string[]
}

/**
 * Lays out a host in `dir`: its files, and node_modules with a copy of the packed foyer (a real folder, so its
 * imports resolve from the host's node_modules, as after `npm install`), foyer's own dependencies and the host's
 * packages, nothing else.
 */
export function layOutHost(dir: string, pack: Pack, host: HostLayout): string {
  for (const [file, text] of Object.entries(host.files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    writeFileSync(path.join(dir, file), text)
  }
  const modules = path.join(dir, 'node_modules')
  cpSync(pack.packageDir, path.join(modules, 'foyer'), { recursive: true })
  for (const name of new Set([...pack.dependencies, ...host.packages])) {
    const source = path.join(repo, 'node_modules', name)
    if (!existsSync(source)) throw new Error(`${name} is not in the repository's node_modules: add it to devDependencies`)
    mkdirSync(path.dirname(path.join(modules, name)), { recursive: true })
    symlinkSync(source, path.join(modules, name), 'dir')
  }
  // A peer the host did not install must be missing, as in a fresh app (and not found in a folder above it).
  const stray = pack.peers.filter((peer) => !host.packages.includes(peer) && resolvesFrom(dir, peer))
  if (stray.length) throw new Error(`${dir} can resolve ${stray.join(', ')}, which it did not install`)
  return dir
}

/** Whether Node's lookup of a bare `name` from `dir` finds a folder (node_modules here or in any folder above). */
function resolvesFrom(dir: string, name: string): boolean {
  for (let folder = dir; ; folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, 'node_modules', name))) return true
    if (path.dirname(folder) === folder) return false
  }
}

/** The lines of a build's output that name a file of the packed package: its warnings (or errors). */
export function linesAboutFoyer(output: string): string[] {
  return output.split('\n').filter((line) => /node_modules[\\/]foyer[\\/]/.test(line))
}

/**
 * An app of examples/ copied into `dir`/example-`name`, with what its package.json lists in its node_modules (foyer: the
 * packed one), as after `npm install`.
 */
export function layOutExample(dir: string, pack: Pack, name: string): string {
  const example = path.join(repo, 'examples', name)
  const host = path.join(dir, `example-${name}`)
  cpSync(example, host, { recursive: true, filter: (file) => !/[\\/](node_modules|\.next|dist)$/.test(file) })
  const { dependencies = {}, devDependencies = {} } = JSON.parse(readFileSync(path.join(example, 'package.json'), 'utf8'))
  const packages = Object.keys({ ...dependencies, ...devDependencies }).filter((dependency) => dependency !== 'foyer')
  return layOutHost(host, pack, { files: {}, packages })
}

/** Whether a page's request stays on this machine (or is not a network request at all). */
export function isLoopback(url: string): boolean {
  const { protocol, hostname } = new URL(url)
  return !/^(https?|wss?):$/.test(protocol) || hostname === '127.0.0.1' || hostname === 'localhost'
}
