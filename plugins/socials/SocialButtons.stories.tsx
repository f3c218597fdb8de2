import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { ConnectButton } from 'foyer/react'
import { socialStoryParameters } from '../../test/socialStories.js'
import { withinModal } from '../../test/stories.js'

/** The social connect method on Connect (rules §2: after email, before the wallets). */
const meta = {
  title: 'Plugins/Socials/SocialButtons',
  component: ConnectButton,
  parameters: socialStoryParameters({ view: 'Connect' }),
} satisfies Meta<typeof ConnectButton>

export default meta
type Story = StoryObj<typeof meta>

const continueButtons = async () => {
  const modal = await withinModal()
  const group = await modal.findByRole('group', { name: 'Social login' })
  return within(group)
    .getAllByRole('button')
    .map((button) => button.getAttribute('aria-label') ?? button.querySelector('.f-list-item-label')?.textContent)
}

/** rules §9's default list in its order: Google first as a row, then X, Farcaster, Discord, Apple, GitHub, Facebook. */
export const Default: Story = {
  play: async () => {
    const modal = await withinModal()
    await expect(await continueButtons()).toEqual([
      'Continue with Google',
      'Continue with X',
      'Continue with Farcaster',
      'Continue with Discord',
      'Continue with Apple',
      'Continue with GitHub',
      'Continue with Facebook',
    ])
    // rules §2: email first, then social, then the wallets. Each method's code loads on its own, so the email field may
    // come a moment after the social buttons.
    const order = [
      await modal.findByRole('textbox', { name: 'Email address' }),
      modal.getByRole('group', { name: 'Social login' }),
      modal.getByRole('list', { name: 'Wallets' }),
    ]
    for (const [before, after] of [
      [order[0]!, order[1]!],
      [order[1]!, order[2]!],
    ] as const) {
      await expect(before.compareDocumentPosition(after) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    }
  },
}
export const DefaultDark: Story = { ...Default, globals: { theme: 'dark' } }

/** The host's own list and order. */
export const HostList: Story = {
  parameters: socialStoryParameters({ view: 'Connect' }, { socials: ['github', 'discord'] }),
  play: async () => {
    await expect(await continueButtons()).toEqual(['Continue with GitHub', 'Continue with Discord'])
  },
}

/** An empty list: no social method, the email field stays. */
export const Off: Story = {
  parameters: socialStoryParameters({ view: 'Connect' }, { socials: [] }),
  play: async () => {
    const modal = await withinModal()
    await modal.findByRole('textbox', { name: 'Email address' })
    await expect(modal.queryByRole('group', { name: 'Social login' })).toBeNull()
  },
}

/**
 * Each provider shows its brand mark (simple-icons), hidden from assistive technology, so a button's name is its text
 * alone ('Continue with GitHub', never 'Gi'); X, Apple and GitHub, black brands, take the text colour.
 */
export const BrandMarks: Story = {
  play: async () => {
    const modal = await withinModal()
    const group = await modal.findByRole('group', { name: 'Social login' })
    const buttons = within(group).getAllByRole('button')
    for (const button of buttons) {
      const mark = button.querySelector('[data-provider]')
      await expect(mark?.getAttribute('aria-hidden')).toBe('true')
      await expect(mark?.querySelector('svg path')?.getAttribute('d')?.length).toBeGreaterThan(50)
      await expect(mark?.textContent).toBe('')
    }
    const fill = (provider: string) => group.querySelector(`[data-provider="${provider}"] path`)?.getAttribute('fill')
    await expect(fill('discord')).toMatch(/^#[0-9A-F]{6}$/i)
    await expect(fill('github')).toBe('currentColor')
    await expect(fill('x')).toBe('currentColor')
    await expect(within(group).getByRole('button', { name: 'Continue with GitHub' }).textContent).toBe('')
  },
}

export const BrandMarksDark: Story = { ...BrandMarks, globals: { theme: 'dark' } }
