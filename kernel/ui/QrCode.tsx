import { useEffect, useState } from 'react'
import { Skeleton } from './Spinner.js'

interface Matrix {
  size: number
  dark: (x: number, y: number) => boolean
}

/**
 * A QR code drawn as SVG. The encoder loads on first use, so pages that never show a code never
 * download it. `label` names the image for screen readers; show the encoded text beside it too.
 */
export function QrCode({ value, label, size = 240 }: { value: string; label: string; size?: number }) {
  const [matrix, setMatrix] = useState<Matrix>()
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    let current = true
    setMatrix(undefined)
    import('qrcode').then(
      (module) => {
        const { modules } = (module.default ?? module).create(value, { errorCorrectionLevel: 'M' })
        if (current) setMatrix({ size: modules.size, dark: (x, y) => Boolean(modules.get(x, y)) })
      },
      () => current && setFailed(true),
    )
    return () => {
      current = false
    }
  }, [value])

  if (failed) return null
  if (!matrix) return <Skeleton width={size} height={size} />
  // A quiet zone of 4 modules on each side, as the QR specification asks for.
  const extent = matrix.size + 8
  const path: string[] = []
  for (let y = 0; y < matrix.size; y++) {
    for (let x = 0; x < matrix.size; x++) if (matrix.dark(x, y)) path.push(`M${x + 4} ${y + 4}h1v1h-1z`)
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
