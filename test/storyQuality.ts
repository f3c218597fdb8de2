// After each story's play: the modal it left open passes the UI quality check at 360 px (test/uiQuality.ts). A setup
// file of the stories project, so every view's every state is checked on the page the story already rendered. A dark
// story is checked for contrast only: the rest is its light twin's.
import { afterEach } from 'vitest'
import { page } from 'vitest/browser'
import { contrastProblems, NARROW_WIDTH, uiProblems } from './uiQuality.js'

/** The stories project's own viewport, restored after the check. */
const WIDE = { width: 1024, height: 768 }

afterEach(async (context) => {
  if (context.task.result?.state === 'fail') return
  // The newest modal: a story's host element may outlive it until the next story has rendered.
  const root = [...document.querySelectorAll('[data-foyer]')].at(-1)?.shadowRoot?.querySelector<HTMLElement>('.f-root')
  if (!root?.querySelector('[role=dialog]')) return
  if (root.dataset['theme'] === 'dark') return report(await contrastProblems(root))
  await page.viewport(NARROW_WIDTH, 740)
  try {
    await settle()
    report(await uiProblems(root))
  } finally {
    await page.viewport(WIDE.width, WIDE.height)
  }
})

function report(problems: string[]): void {
  if (problems.length > 0) throw new Error(`At ${NARROW_WIDTH} px:\n- ${[...new Set(problems)].join('\n- ')}`)
}

/** Two frames: the layout at the new width, then whatever it set off. */
function settle(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())))
}
