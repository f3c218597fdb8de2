// THROWAWAY: proves that stories run as tests in Chromium (vitest `stories` project).
// Delete this file once real view stories exist.
import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

function RigProofCounter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((c) => c + 1)}>
      {label}: {count}
    </button>
  );
}

const meta = {
  title: 'RigProof/Counter',
  component: RigProofCounter,
  args: { label: 'Clicked' },
} satisfies Meta<typeof RigProofCounter>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ClickIncrements: Story = {
  play: async ({ canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Clicked: 0' });
    await userEvent.click(button);
    await expect(button).toHaveTextContent('Clicked: 1');
  },
};
