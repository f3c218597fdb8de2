import type { Kernel } from '../core/createKernel.js'

export interface DownloadLogsParameters {
  /** @default 'foyer-logs.txt' */
  fileName?: string
}

/**
 * Saves the kernel's log buffer (rules §9: about 1 MB of the newest lines, every level) as a text file, for a visitor
 * to attach to a support request. In a browser only; elsewhere read `kernel.logger.read()`.
 *
 * @example
 * supportButton.onclick = () => downloadLogs(kernel)
 */
export function downloadLogs(kernel: Kernel, { fileName = 'foyer-logs.txt' }: DownloadLogsParameters = {}): void {
  const url = URL.createObjectURL(new Blob([kernel.logger.read()], { type: 'text/plain' }))
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName })
  link.click()
  // The click has started the download; the URL is not needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
