import type { Decorator, Preview } from '@storybook/react-vite';

export type Theme = 'light' | 'dark';

// Placeholder: the lead replaces the body with the Foyer provider, e.g.
//   <FoyerProvider config={...} theme={theme}><Story /></FoyerProvider>
// `theme` comes from the toolbar global below (vitest projects can pin it with
// storybookTest({ initialGlobals: { theme: 'dark' } })).
const withFoyer: Decorator = (Story, context) => {
  const theme = context.globals['theme'] as Theme;
  void theme; // TODO(lead): pass to the Foyer provider.
  return <Story />;
};

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
};

export default preview;
