import { randomBytes } from 'node:crypto'

import jsQR from 'jsqr'
import QRCode from 'qrcode'
import { describe, expect, it } from 'vitest'

import { capacity, encodeQr, formatBits, penalty, type QrMatrix, QrTooLongError, reedSolomon, versionBits } from './qrMatrix.js'

/** The symbol as a scanner sees it: RGBA pixels, `scale` per module, with the 4-module light quiet zone. */
function pixels({ size, modules }: QrMatrix, scale = 2) {
  const side = (size + 8) * scale
  const data = new Uint8ClampedArray(side * side * 4).fill(255)
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const mx = Math.floor(x / scale) - 4
      const my = Math.floor(y / scale) - 4
      const dark = mx >= 0 && my >= 0 && mx < size && my < size && modules[my * size + mx] === 1
      if (dark) data.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3)
    }
  }
  return { data, side }
}

/** What an independent decoder (jsQR) reads from our symbol, as text and as the raw bytes. */
function scan(matrix: QrMatrix) {
  const { data, side } = pixels(matrix)
  const result = jsQR(data, side, side, { inversionAttempts: 'dontInvert' })
  if (!result) throw new Error(`jsQR found no code in version ${matrix.version}, mask ${matrix.mask}`)
  return { text: result.data, bytes: Uint8Array.from(result.binaryData), version: result.version }
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex')
const walletConnectUri = () => `wc:${hex(32)}@2?relay-protocol=irn&symKey=${hex(32)}&expiryTimestamp=${Math.floor(Date.now() / 1000) + 300}`

/** A string of exactly `bytes` UTF-8 bytes mixing one-, two-, three- and four-byte characters. */
function utf8Text(bytes: number) {
  const pieces = ['a', 'é', '€', '😀', 'Z', 'ß', '中']
  let text = ''
  let length = 0
  for (let i = 0; length < bytes; i++) {
    const piece = pieces[i % pieces.length]
    const size = new TextEncoder().encode(piece).length
    const next = length + size <= bytes ? piece : 'x'
    text += next
    length += next === piece ? size : 1
  }
  return text
}

describe('Reed–Solomon', () => {
  it('gives the error correction codewords of the standard’s worked example (01234567, 1-M)', () => {
    const data = Uint8Array.of(0x10, 0x20, 0x0c, 0x56, 0x61, 0x80, 0xec, 0x11, 0xec, 0x11, 0xec, 0x11, 0xec, 0x11, 0xec, 0x11)
    expect([...reedSolomon(data, 10)]).toEqual([0xa5, 0x24, 0xd4, 0xc1, 0xed, 0x36, 0xc7, 0x87, 0x2c, 0x55])
  })

  it('data and its codewords form a codeword: zero at α^0 … α^(n−1)', () => {
    // Evaluate the whole block as a polynomial over GF(256) at each root of the generator.
    const exp = [1]
    for (let i = 1, x = 1; i < 255; i++) {
      x = x & 0x80 ? ((x << 1) ^ 0x11d) & 0xff : x << 1
      exp.push(x)
    }
    const multiply = (a: number, b: number) => (a === 0 || b === 0 ? 0 : exp[(exp.indexOf(a) + exp.indexOf(b)) % 255]!)
    for (const [length, degree] of [
      [19, 7],
      [16, 10],
      [122, 30],
      [1, 28],
    ] as const) {
      const data = randomBytes(length)
      const block = [...data, ...reedSolomon(data, degree)]
      for (let i = 0; i < degree; i++) {
        expect(block.reduce((sum, c) => multiply(sum, exp[i]!) ^ c, 0)).toBe(0)
      }
    }
  })
})

describe('format and version information', () => {
  it('matches the standard’s values', () => {
    expect(formatBits(0)).toBe(0b101010000010010) // M, mask 0: all-zero data, so the XOR mask itself
    expect(formatBits(5)).toBe(0b100000011001110) // M, mask 101: the standard's worked example
    expect(versionBits(7)).toBe(0b000111110010010100) // version 7: the standard's worked example
    expect(versionBits(40)).toBe(0b101000110001101001)
  })

  it('the eight format words differ pairwise in at least 7 bits', () => {
    const words = [0, 1, 2, 3, 4, 5, 6, 7].map(formatBits)
    for (const a of words)
      for (const b of words) if (a !== b) expect((a ^ b).toString(2).replace(/0/g, '').length).toBeGreaterThanOrEqual(7)
  })
})

describe('penalty', () => {
  it('scores runs, 2×2 blocks and balance by hand-counted figures', () => {
    // All light, 21×21: each of the 42 lines is one run of 21 (3 + 16), 400 blocks of 2×2 (3 each), 0% dark (10 × 10).
    expect(penalty(new Uint8Array(21 * 21), 21)).toBe(42 * 19 + 400 * 3 + 100)
    // A checkerboard has no run, no block, no finder-like pattern, and is half dark.
    expect(
      penalty(
        Uint8Array.from({ length: 21 * 21 }, (_, i) => ((i % 21) + Math.floor(i / 21)) % 2),
        21,
      ),
    ).toBe(0)
  })

  it('the mask chosen is the one with the lowest penalty', () => {
    const text = walletConnectUri()
    const chosen = encodeQr(text)
    for (let mask = 0; mask < 8; mask++) {
      const forced = encodeQr(text, { mask })
      expect(penalty(chosen.modules, chosen.size)).toBeLessThanOrEqual(penalty(forced.modules, forced.size))
    }
  })
})

describe('encodeQr', () => {
  // 110 encodings, each twice, on the CPU alone: about 1 s on a quiet machine, past vitest's 5 s at load 20 (the unit
  // tier's budget is 30 s for that reason; speed is the bench's to measure).
  it('the same modules as the qrcode package for every version and mask', () => {
    for (let version = 1; version <= 40; version++) {
      const text = utf8Text(capacity(version))
      for (const mask of version <= 10 ? [0, 1, 2, 3, 4, 5, 6, 7] : [version % 8]) {
        const ours = encodeQr(text, { mask })
        const theirs = QRCode.create(text, { errorCorrectionLevel: 'M', maskPattern: mask as QRCode.QRCodeMaskPattern })
        expect({ version: ours.version, size: ours.size }).toEqual({ version, size: theirs.modules.size })
        expect(Buffer.from(ours.modules).equals(Buffer.from(theirs.modules.data))).toBe(true)
      }
    }
  })

  it('an independent decoder reads back WalletConnect URIs, addresses and UTF-8 text', () => {
    const inputs = [
      walletConnectUri(),
      `${walletConnectUri()}&methods=[wc_sessionPropose],[wc_authRequest,wc_authBatchRequest]`,
      '0x52908400098527886E0F7030069857D2E4169EE7',
      '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
      'https://farcaster.xyz/~/siwf?channelToken=5b1c9a2e-6a0e-4c5f-9b61-d4a1b7e2c3f0',
      'Grüße, 世界 — 👋🏽 Foyer',
      '',
    ]
    for (const text of inputs) {
      const matrix = encodeQr(text)
      expect(scan(matrix).text).toBe(text)
    }
    // A WalletConnect pairing URI (≈190 bytes) is a version 10 symbol, 57 modules a side.
    expect(encodeQr(walletConnectUri()).version).toBe(10)
  })

  it('the longest input of each version fits it and one byte more takes the next version', () => {
    for (let version = 1; version <= 40; version++) {
      const text = utf8Text(capacity(version))
      const matrix = encodeQr(text)
      expect(matrix.version).toBe(version)
      const read = scan(matrix)
      expect(read.version).toBe(version)
      expect(read.text).toBe(text)
      // Any mask will do to see the version: a forced one skips the penalty of eight.
      if (version < 40) expect(encodeQr(`${text}x`, { mask: 0 }).version).toBe(version + 1)
    }
    // Level M's capacities in byte mode (the standard's table 7) at a few versions.
    expect([1, 9, 10, 40].map(capacity)).toEqual([14, 180, 213, 2331])
  }, 120_000) // 40 decodes, on a shared and slow machine

  it('an input too long for version 40 is refused with its size, never drawn', () => {
    expect(() => encodeQr('x'.repeat(2332))).toThrowError(new QrTooLongError(2332))
    expect(() => encodeQr('€'.repeat(778))).toThrowError('Too long for a QR code: 2334 bytes of UTF-8, at most 2331 fit')
    expect(() => encodeQr('x', { mask: 8 })).toThrowError(RangeError)
  })
})
