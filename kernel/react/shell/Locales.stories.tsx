import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor } from 'storybook/test'
import { ar } from '../../core/locales/ar.js'
import { de } from '../../core/locales/de.js'
import { es } from '../../core/locales/es.js'
import { fr } from '../../core/locales/fr.js'
import { ja } from '../../core/locales/ja.js'
import { ptBR } from '../../core/locales/pt-BR.js'
import { zhCN } from '../../core/locales/zh-CN.js'
import type { Translations } from '../../core/i18n.js'
import { testChain, testConnector } from '../../../test/fixtures.js'
import { iconDataUrl, withinModal } from '../../../test/stories.js'
import { ConnectButton } from '../ConnectButton.js'

const wallets = () => [
  testChain({
    connectors: [
      testConnector({ id: 'amber', name: 'Amber Wallet', imageUrl: iconDataUrl('#d97706', 'A') }),
      testConnector({ id: 'basalt', name: 'Basalt', imageUrl: iconDataUrl('#334155', 'B') }),
    ],
  }),
]

const meta = {
  title: 'Shell/Locales',
  component: ConnectButton,
} satisfies Meta<typeof ConnectButton>

export default meta
type Story = StoryObj<typeof meta>

/** The modal's root inside the shadow root: where `lang` and `dir` are set. */
const modalRoot = () => document.querySelector('[data-foyer]')?.shadowRoot?.querySelector('.f-root')

/** One view (Connect) in `locale`: its chunk loads, the button and the dialog speak it, and the root says which. */
function inLocale(locale: string, texts: Translations, dir: 'ltr' | 'rtl' = 'ltr'): Story {
  return {
    parameters: { foyer: { options: () => ({ plugins: wallets(), locale }) } },
    play: async ({ canvas }) => {
      await userEvent.click(await canvas.findByRole('button', { name: texts['button.connect'] }))
      const modal = await withinModal()
      await modal.findByRole('dialog', { name: texts['connect.title'] })
      await expect(await modal.findByRole('button', { name: texts['modal.close'] })).toBeVisible()
      await waitFor(() => expect(modalRoot()).toHaveAttribute('lang', locale))
      await expect(modalRoot()).toHaveAttribute('dir', dir)
    },
  }
}

export const Spanish = inLocale('es', es)
export const French = inLocale('fr', fr)
export const German = inLocale('de', de)
export const BrazilianPortuguese = inLocale('pt-BR', ptBR)
export const Japanese = inLocale('ja', ja)
export const SimplifiedChinese = inLocale('zh-CN', zhCN)
/** Right to left: the shadow root's modal is mirrored by `dir="rtl"`, back points right. */
export const ArabicRightToLeft = inLocale('ar', ar, 'rtl')
