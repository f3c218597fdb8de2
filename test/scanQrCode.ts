// Reads a QrCode (kernel/ui/QrCode.tsx) back the way a phone would, with an independent decoder (jsQR): the SVG's
// path is painted into RGBA pixels, quiet zone included, and decoded. For stories (in the browser) and e2e tests
// (in Node, with the attributes read through Playwright).
import jsQR from 'jsqr'

const SCALE = 3

/**
 * The text of the QR code drawn by `d` (rectangles `M x y h w v1 h-w z`, one module high) in a square `viewBox` of
 * `extent` modules, or undefined when jsQR finds none.
 */
export function scanQrPath(d: string, extent: number): string | undefined {
  const side = extent * SCALE
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255)
  for (const [, x, y, width] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
    for (let row = Number(y) * SCALE; row < (Number(y) + 1) * SCALE; row++) {
      const from = (row * side + Number(x) * SCALE) * 4
      pixels.fill(0, from, from + Number(width) * SCALE * 4)
    }
  }
  // The fill above blackened the alpha channel too: make every pixel opaque again.
  for (let i = 3; i < pixels.length; i += 4) pixels[i] = 255
  return jsQR(pixels, side, side, { inversionAttempts: 'dontInvert' })?.data
}

/** The text of a QrCode's `<svg>`, or undefined when it holds no readable code yet. */
export function scanQrSvg(svg: Element): string | undefined {
  const d = svg.querySelector('path')?.getAttribute('d')
  const extent = Number(svg.getAttribute('viewBox')?.split(' ')[2])
  return d && extent ? scanQrPath(d, extent) : undefined
}
