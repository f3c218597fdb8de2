// A QR code encoder after ISO/IEC 18004, kept to what Foyer draws: text in byte mode (UTF-8), error correction
// level M (about 15% of the symbol can be lost and still read, the level the views have always shown), versions 1
// to 40, and the mask with the lowest penalty. A WalletConnect pairing URI (topic, symKey, relay protocol and
// expiry: about 190 bytes) needs version 10, an EVM address (42 bytes) version 3, a Solana address (32 to 44) version
// 3 or 4; versions up to 40 (2331 bytes) are there so that no input gets a wrong code, only `QrTooLongError` beyond.
// Loaded through import() by QrCode.tsx, never with the first paint. The templates of the versions used are cached
// (`layouts`): constant for a version, like the tables.
import { BaseError } from '../core/errors/BaseError.js'

/** A QR symbol: `modules[y * size + x]` is 1 for a dark module, 0 for a light one. No quiet zone is included. */
export interface QrMatrix {
  /** Modules per side: 17 + 4 × version. */
  size: number
  /** 1 to 40. */
  version: number
  /** The data mask used, 0 to 7. */
  mask: number
  modules: Uint8Array
}

/** The text does not fit in a version 40 symbol at level M. */
export class QrTooLongError extends BaseError {
  override name = 'QrTooLongError'
  constructor(bytes: number) {
    super(`Too long for a QR code: ${bytes} bytes of UTF-8, at most ${capacity(40)} fit`)
  }
}

// Table 9 of the standard, level M only: error correction codewords per block, and the number of blocks, by
// version (index 0 = version 1). The data codewords follow from the symbol's free modules (see `layout`).
const EC_PER_BLOCK = [
  10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
  28, 28, 28, 28, 28, 28,
]
const BLOCKS = [
  1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45,
  47, 49,
]
// Level M is 00 in the format information (L 01, Q 11, H 10).
const LEVEL_M_BITS = 0b00

// ---- GF(256) with the field's polynomial x^8 + x^4 + x^3 + x^2 + 1, as log and antilog tables.

const EXP = new Uint8Array(512)
const LOG = new Uint8Array(256)
for (let i = 0, value = 1; i < 255; i++) {
  EXP[i] = EXP[i + 255] = value
  LOG[value] = i
  value <<= 1
  if (value & 0x100) value ^= 0x11d
}

const times = (a: number, b: number) => (a === 0 || b === 0 ? 0 : EXP[LOG[a]! + LOG[b]!]!)

/** The Reed–Solomon generator of `degree`: the product of (x − α^i) for i below it, highest power first. */
function generator(degree: number): Uint8Array {
  let poly = new Uint8Array([1])
  for (let i = 0; i < degree; i++) {
    const next = new Uint8Array(poly.length + 1)
    for (let j = 0; j < poly.length; j++) {
      next[j]! ^= poly[j]!
      next[j + 1]! ^= times(poly[j]!, EXP[i]!)
    }
    poly = next
  }
  return poly
}

/**
 * The `degree` error correction codewords of one block: the remainder of data × x^degree divided by the generator.
 *
 * @example reedSolomon(Uint8Array.of(0x10, 0x20, 0x0c, …), 10)
 */
export function reedSolomon(data: Uint8Array, degree: number): Uint8Array {
  const divisor = generator(degree)
  const remainder = new Uint8Array(degree)
  for (const byte of data) {
    const factor = byte ^ remainder[0]!
    remainder.copyWithin(0, 1)
    remainder[degree - 1] = 0
    for (let j = 0; j < degree; j++) remainder[j]! ^= times(divisor[j + 1]!, factor)
  }
  return remainder
}

// ---- BCH codes of the format and version information.

/** `value` followed by the remainder of value × x^degree divided by `divisor` (a polynomial over GF(2) as bits). */
function bch(value: number, divisor: number, degree: number): number {
  let remainder = value << degree
  for (let bit = 31 - Math.clz32(remainder); bit >= degree; bit--) {
    if ((remainder >>> bit) & 1) remainder ^= divisor << (bit - degree)
  }
  return (value << degree) | remainder
}

/** The 15 format bits for level M and `mask`, masked with 101010000010010 so that they are never all light. */
export function formatBits(mask: number): number {
  return bch((LEVEL_M_BITS << 3) | mask, 0b10100110111, 10) ^ 0b101010000010010
}

/** The 18 version bits (versions 7 and up carry them). */
export function versionBits(version: number): number {
  return bch(version, 0b1111100100101, 12)
}

// ---- The symbol's function patterns and free modules.

interface Layout {
  size: number
  /** Finder, timing and alignment patterns, and the version information, drawn; every other module light. */
  modules: Uint8Array
  /** 1 where a module belongs to a function pattern or the format information: no data goes there. */
  reserved: Uint8Array
  /** How many modules are left for data: 8 × codewords plus 0 to 7 remainder bits. */
  free: number
}

/** Centres of the alignment patterns on each axis: from 6 to size − 7, evenly spaced, an even step. */
function alignmentCentres(version: number): number[] {
  if (version === 1) return []
  const count = Math.floor(version / 7) + 2
  const last = version * 4 + 10
  // The standard's table spaces them by the even step that is just enough, except version 32 (26, not 28).
  const step = version === 32 ? 26 : Math.ceil((last - 6) / (count - 1) / 2) * 2
  return [6, ...Array.from({ length: count - 1 }, (_, i) => last - (count - 2 - i) * step)]
}

const layouts = new Map<number, Layout>()

function layout(version: number): Layout {
  const cached = layouts.get(version)
  if (cached) return cached
  const size = version * 4 + 17
  const modules = new Uint8Array(size * size)
  const reserved = new Uint8Array(size * size)
  const set = (x: number, y: number, dark: boolean | number) => {
    modules[y * size + x] = dark ? 1 : 0
    reserved[y * size + x] = 1
  }

  for (let i = 0; i < size; i++) {
    set(6, i, i % 2 === 0)
    set(i, 6, i % 2 === 0)
  }
  // Finder patterns with their light separators: rings at distance 0–1 and 3 dark, 2 and 4 light.
  for (const [cx, cy] of [
    [3, 3],
    [size - 4, 3],
    [3, size - 4],
  ] as const) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx
        const y = cy + dy
        const ring = Math.max(Math.abs(dx), Math.abs(dy))
        if (x >= 0 && x < size && y >= 0 && y < size) set(x, y, ring !== 2 && ring !== 4)
      }
    }
  }
  const centres = alignmentCentres(version)
  for (const cy of centres) {
    for (const cx of centres) {
      // The three corners that hold finder patterns get none.
      if ((cx === 6 && cy === 6) || (cx === 6 && cy === size - 7) || (cx === size - 7 && cy === 6)) continue
      for (let dy = -2; dy <= 2; dy++) {
        for (let dx = -2; dx <= 2; dx++) set(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1)
      }
    }
  }
  // The format information is drawn per mask (drawFormat); here its modules are only kept free of data.
  for (let i = 0; i < 9; i++) {
    reserved[8 * size + i] = 1
    reserved[i * size + 8] = 1
  }
  for (let i = 0; i < 8; i++) {
    reserved[8 * size + size - 1 - i] = 1
    reserved[(size - 1 - i) * size + 8] = 1
  }
  set(8, size - 8, 1) // the dark module beside the lower-left format bits
  if (version >= 7) {
    const bits = versionBits(version)
    for (let i = 0; i < 18; i++) {
      const bit = (bits >>> i) & 1
      const a = size - 11 + (i % 3)
      const b = Math.floor(i / 3)
      set(a, b, bit) // above the upper-right finder
      set(b, a, bit) // left of the lower-left finder
    }
  }

  let free = 0
  for (const r of reserved) free += 1 - r
  const result = { size, modules, reserved, free }
  layouts.set(version, result)
  return result
}

/** Data codewords a version holds at level M (all codewords less the error correction ones). */
function dataCodewords(version: number): number {
  return Math.floor(layout(version).free / 8) - EC_PER_BLOCK[version - 1]! * BLOCKS[version - 1]!
}

/** Bits of the character count in byte mode: 8 up to version 9, 16 from version 10. */
const countBits = (version: number) => (version < 10 ? 8 : 16)

/** The most bytes of UTF-8 text a version holds at level M in byte mode. */
export function capacity(version: number): number {
  return Math.floor((dataCodewords(version) * 8 - 4 - countBits(version)) / 8)
}

// ---- Data and error correction codewords.

/** The data codewords: mode, character count, the bytes, terminator and padding. */
function encodeData(bytes: Uint8Array, version: number): Uint8Array {
  const codewords = new Uint8Array(dataCodewords(version))
  let length = 0 // in bits
  const push = (value: number, bits: number) => {
    for (let i = bits - 1; i >= 0; i--, length++) {
      if ((value >>> i) & 1) codewords[length >>> 3]! |= 0x80 >>> (length & 7)
    }
  }
  push(0b0100, 4) // byte mode
  push(bytes.length, countBits(version))
  for (const byte of bytes) push(byte, 8)
  // The terminator (up to four zero bits) and the zeros up to a whole byte are already there; then the pad
  // codewords 11101100 and 00010001 in turn fill the rest.
  for (let i = Math.ceil((length + 4) / 8), pad = 0xec; i < codewords.length; i++, pad ^= 0xec ^ 0x11) codewords[i] = pad
  return codewords
}

/** The final sequence: the data split into blocks, each given its error correction, both interleaved block by block. */
function codewords(data: Uint8Array, version: number): Uint8Array {
  const blockCount = BLOCKS[version - 1]!
  const ecLength = EC_PER_BLOCK[version - 1]!
  // The last (data.length mod blocks) blocks hold one data codeword more than the first ones.
  const shortLength = Math.floor(data.length / blockCount)
  const longFrom = blockCount - (data.length % blockCount)
  const blocks: Uint8Array[] = []
  for (let b = 0, start = 0; b < blockCount; b++) {
    const end = start + shortLength + (b >= longFrom ? 1 : 0)
    blocks.push(data.subarray(start, end))
    start = end
  }
  const corrections = blocks.map((block) => reedSolomon(block, ecLength))
  const result: number[] = []
  for (let i = 0; i <= shortLength; i++) for (const block of blocks) if (i < block.length) result.push(block[i]!)
  for (let i = 0; i < ecLength; i++) for (const ec of corrections) result.push(ec[i]!)
  return Uint8Array.from(result)
}

// ---- Placement, masks and their penalty.

/** Lays the codewords' bits in two-module columns from the lower right, up and down in turn, around the patterns. */
function place(modules: Uint8Array, reserved: Uint8Array, size: number, sequence: Uint8Array) {
  let bit = 0
  let upward = true
  for (let right = size - 1; right > 0; right -= 2) {
    if (right === 6) right = 5 // the vertical timing pattern takes a whole column
    for (let step = 0; step < size; step++) {
      const y = upward ? size - 1 - step : step
      for (const x of [right, right - 1]) {
        if (reserved[y * size + x]) continue
        // Past the last codeword: the remainder bits, light.
        const index = bit >>> 3
        modules[y * size + x] = index < sequence.length ? (sequence[index]! >>> (7 - (bit & 7))) & 1 : 0
        bit++
      }
    }
    upward = !upward
  }
}

/** The eight data masks: a module at row i, column j is inverted where the condition holds. */
const MASKS: ((i: number, j: number) => boolean)[] = [
  (i, j) => (i + j) % 2 === 0,
  (i) => i % 2 === 0,
  (_, j) => j % 3 === 0,
  (i, j) => (i + j) % 3 === 0,
  (i, j) => (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0,
  (i, j) => ((i * j) % 2) + ((i * j) % 3) === 0,
  (i, j) => (((i * j) % 2) + ((i * j) % 3)) % 2 === 0,
  (i, j) => (((i + j) % 2) + ((i * j) % 3)) % 2 === 0,
]

/** Writes the 15 format bits twice: around the upper-left finder, and split between the other two. */
function drawFormat(modules: Uint8Array, size: number, mask: number) {
  const bits = formatBits(mask)
  const set = (x: number, y: number, i: number) => {
    modules[y * size + x] = (bits >>> i) & 1
  }
  // Bit 0 is the lowest. Upper left: down column 8 (skipping the timing row), then left along row 8.
  for (let i = 0; i < 6; i++) set(8, i, i)
  set(8, 7, 6)
  set(8, 8, 7)
  set(7, 8, 8)
  for (let i = 9; i < 15; i++) set(14 - i, 8, i)
  // The copy: bits 0–7 along row 8 at the right, 8–14 down column 8 at the bottom.
  for (let i = 0; i < 8; i++) set(size - 1 - i, 8, i)
  for (let i = 8; i < 15; i++) set(8, size - 15 + i, i)
}

// Dark-light-dark-dark-dark-light-dark (1:1:3:1:1), like a finder, with four light modules after or before it.
const FINDER_LIKE = [
  [1, 0, 1, 1, 1, 0, 1, 0, 0, 0, 0],
  [0, 0, 0, 0, 1, 0, 1, 1, 1, 0, 1],
]

/** The standard's penalty score of a masked symbol: the lower, the easier to read. */
export function penalty(modules: Uint8Array, size: number): number {
  let score = 0
  const at = (x: number, y: number) => modules[y * size + x]
  // Rows, then columns: runs of five or more of one colour (3, +1 for each module past five), and finder-like
  // patterns (40 each).
  for (const line of [(a: number, b: number) => at(b, a), (a: number, b: number) => at(a, b)]) {
    for (let a = 0; a < size; a++) {
      let run = 1
      for (let b = 1; b < size; b++) {
        if (line(a, b) === line(a, b - 1)) run++
        else {
          if (run >= 5) score += run - 2
          run = 1
        }
      }
      if (run >= 5) score += run - 2
      for (let b = 0; b + 11 <= size; b++) {
        for (const pattern of FINDER_LIKE) if (pattern.every((m, k) => line(a, b + k) === m)) score += 40
      }
    }
  }
  // Blocks of 2 × 2 of one colour, overlapping ones too: 3 each.
  for (let y = 0; y + 1 < size; y++) {
    for (let x = 0; x + 1 < size; x++) {
      const c = at(x, y)
      if (c === at(x + 1, y) && c === at(x, y + 1) && c === at(x + 1, y + 1)) score += 3
    }
  }
  // The share of dark modules: 10 for each whole 5% it is away from half.
  let dark = 0
  for (const m of modules) dark += m
  score += Math.floor(Math.abs((dark * 100) / (size * size) - 50) / 5) * 10
  return score
}

/**
 * Encodes `text` (as UTF-8, byte mode, level M) in the smallest version it fits. `mask` forces a data mask;
 * by default the one with the lowest penalty is chosen.
 *
 * @throws QrTooLongError when the text is over 2331 bytes of UTF-8.
 * @example encodeQr('wc:7f6e…@2?relay-protocol=irn&symKey=…').size // 57
 */
export function encodeQr(text: string, { mask }: { mask?: number } = {}): QrMatrix {
  if (mask !== undefined && !(Number.isInteger(mask) && mask >= 0 && mask < 8)) throw new RangeError(`No QR mask ${mask}: 0 to 7`)
  const bytes = new TextEncoder().encode(text)
  let version = 1
  while (capacity(version) < bytes.length) {
    if (version === 40) throw new QrTooLongError(bytes.length)
    version++
  }
  const { size, modules: template, reserved } = layout(version)
  const unmasked = template.slice()
  place(unmasked, reserved, size, codewords(encodeData(bytes, version), version))

  const candidates = mask === undefined ? [0, 1, 2, 3, 4, 5, 6, 7] : [mask]
  let best: QrMatrix | undefined
  let bestScore = Infinity
  for (const m of candidates) {
    const modules = unmasked.slice()
    const condition = MASKS[m]!
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) if (!reserved[y * size + x] && condition(y, x)) modules[y * size + x]! ^= 1
    }
    drawFormat(modules, size, m)
    const score = candidates.length === 1 ? 0 : penalty(modules, size)
    if (score < bestScore) {
      best = { size, version, mask: m, modules }
      bestScore = score
    }
  }
  return best!
}
