import type { Decorator, Preview } from '@storybook/react-vite'
import { configure } from 'storybook/test'
import type { ThemeName } from '../kernel/core/theme.js'
import { FoyerStory, type FoyerStoryParameters } from '../test/stories.js'

// Views load their code on first use; on a busy 2-core machine that can take more than a second.
configure({ asyncUtilTimeout: 5000 })

// Stories that set `parameters.foyer` run inside a fresh kernel and the real provider; the theme
// comes from the toolbar (or a story's `globals`).
const withFoyer: Decorator = (Story, context) => {
  const foyer = context.parameters['foyer'] as FoyerStoryParameters | undefined
  if (!foyer) return <Story />
  const theme = (context.globals['theme'] as ThemeName | undefined) ?? 'light'
  return (
    <FoyerStory key={context.id} parameters={foyer} theme={theme}>
      <Story />
    </FoyerStory>
  )
}

const preview: Preview = {
  parameters: {
    layout: 'centered',
    controls: { expanded: true },
  },
  globalTypes: {
    theme: {
      description: 'Foyer theme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light' },
          { value: 'dark', title: 'Dark' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light' },
  decorators: [withFoyer],
}

export default preview
