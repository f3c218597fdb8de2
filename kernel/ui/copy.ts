import type { Kernel } from '../core/createKernel.js'
import { showToast } from '../core/toast.js'

/** What the toast says after a copy: that the text is on the clipboard, or that the browser refused it. */
export interface CopyMessages {
  copied: string
  failed: string
}

/**
 * Copies `text` to the clipboard and says in a toast whether it worked. A browser refuses a copy without the page's
 * focus or permission, and a visitor who pastes an address must never paste the last one believing it is this one.
 *
 * @example
 * copyWithToast(kernel, address, { copied: t('receive.copied'), failed: t('receive.copyFailed') })
 */
export async function copyWithToast(kernel: Kernel, text: string, messages: CopyMessages): Promise<void> {
  try {
    await navigator.clipboard.writeText(text)
    showToast(kernel, { message: messages.copied, variant: 'success' })
  } catch {
    showToast(kernel, { message: messages.failed, variant: 'error' })
  }
}
