import { createContext, useContext } from 'react'

/** False while the dialog is rendered closed, hidden, ahead of its opening (Modal). */
export const DialogShownContext = createContext(true)

/**
 * True once the visitor can see the dialog. A view rendered ahead of the click keeps back what would read the network
 * for a visitor who may never open the modal, until it shows.
 */
export function useDialogShown(): boolean {
  return useContext(DialogShownContext)
}
