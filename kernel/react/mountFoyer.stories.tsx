import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor } from 'storybook/test'
import { closeModal, openModal } from '../core/modal.js'
import { testChain, testKernel } from '../../test/fixtures.js'
import { withinModal } from '../../test/stories.js'
import { mountFoyer } from './mountFoyer.js'

// A page without React of its own: the host calls mountFoyer once, then drives the modal with the
// kernel's plain functions and follows the state with store.select.
function VanillaHost() {
  return <p>This page has no React components of its own.</p>
}

const meta = { title: 'Shell/Vanilla page', component: VanillaHost } satisfies Meta<typeof VanillaHost>
export default meta

export const OpenAndCloseWithoutReact: StoryObj<typeof meta> = {
  play: async () => {
    const kernel = testKernel({ plugins: [testChain()] })
    const seen: boolean[] = []
    const unsubscribe = kernel.store.select(
      (state) => state.modal.open,
      (open) => seen.push(open),
    )
    const unmount = mountFoyer(kernel)
    try {
      openModal(kernel)
      const modal = await withinModal()
      await expect(await modal.findByRole('dialog', { name: 'Connect a wallet' })).toBeVisible()
      closeModal(kernel)
      await waitFor(() => expect(modal.queryByRole('dialog')).toBeNull())
      await expect(seen).toEqual([true, false])
    } finally {
      unsubscribe()
      unmount()
      await kernel.destroy()
    }
  },
}
