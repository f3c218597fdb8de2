import type { StorybookConfig } from '@storybook/react-vite';

// Storybook must work offline: no telemetry, no addons that fetch anything.
// The same config drives `npm run storybook` and the `stories` vitest project
// (via @storybook/addon-vitest), where every story is a test run in Chromium.
const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: [
    '../kernel/**/*.stories.tsx',
    '../chains/**/*.stories.tsx',
    '../plugins/**/*.stories.tsx',
  ],
  addons: [],
  core: { disableTelemetry: true },
};

export default config;
