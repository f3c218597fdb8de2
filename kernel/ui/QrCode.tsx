import { useEffect, useState } from 'react'
import type { QrMatrix } from './qrMatrix.js'
import { Skeleton } from './Spinner.js'

/**
 * A QR code drawn as SVG. The encoder (`qrMatrix.ts`) loads on first use, so pages that never show a code never
 * download it. `label` names the image for screen readers; show the encoded text beside it too: a text too long
 * for any QR code (over 2331 bytes) shows no image rather than a wrong one.
 */
export function QrCode({ value, label, size = 240 }: { value: string; label: string; size?: number }) {
  const [matrix, setMatrix] = useState<QrMatrix>()
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    let current = true
    setMatrix(undefined)
    setFailed(false)
    import('./qrMatrix.js')
      .then(({ encodeQr }) => {
        const encoded = encodeQr(value)
        if (current) setMatrix(encoded)
      })
      .catch(() => current && setFailed(true))
    return () => {
      current = false
    }
  }, [value])

  if (failed) return null
  if (!matrix) return <Skeleton width={size} height={size} />
  // A quiet zone of 4 modules on each side, as the QR specification asks for. One rectangle per horizontal run of
  // dark modules, not per module, keeps the path string short.
  const extent = matrix.size + 8
  const path: string[] = []
  for (let y = 0; y < matrix.size; y++) {
    const row = matrix.modules.subarray(y * matrix.size, (y + 1) * matrix.size)
    for (let x = 0; x < matrix.size; x++) {
      if (!row[x]) continue
      const start = x
      while (row[x + 1]) x++
      path.push(`M${start + 4} ${y + 4}h${x - start + 1}v1h-${x - start + 1}z`)
    }
  }
  return (
    <svg
      className="f-qr"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${extent} ${extent}`}
      shapeRendering="crispEdges"
    >
      <rect width={extent} height={extent} fill="#fff" />
      <path d={path.join('')} fill="#000" />
    </svg>
  )
}
