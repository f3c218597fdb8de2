import { createContext, useContext, useEffect } from 'react'

export const ViewTitleContext = createContext<(title: string | undefined) => void>(() => {})

/**
 * Lets a view name the dialog with text known only at run time (a wallet's name), instead of its
 * registered title key. The override ends with the view.
 */
export function useViewTitle(title: string | undefined): void {
  const setTitle = useContext(ViewTitleContext)
  useEffect(() => {
    setTitle(title)
    return () => setTitle(undefined)
  }, [title, setTitle])
}
