// After each story's play: the modal it left open passes the UI quality check (test/uiQuality.ts) at the width of a
// desktop, where the stories run, and at 360 px, the narrowest the modal is made for. A setup file of the stories
// project, so every view's every state is checked on the page the story already rendered. A dark story is checked for
// contrast only: the rest is its light twin's.
import { afterEach } from 'vitest'
import { page } from 'vitest/browser'
import { contrastProblems, NARROW_WIDTH, uiProblems } from './uiQuality.js'

/** The stories project's own viewport (vitest.config.ts), a desktop's: checked first, then restored after 360 px. */
export const WIDE = { width: 1280, height: 800 }

afterEach(async (context) => {
  if (context.task.result?.state === 'fail') return
  // The newest modal: a story's host element may outlive it until the next story has rendered.
  const root = [...document.querySelectorAll('[data-foyer]')].at(-1)?.shadowRoot?.querySelector<HTMLElement>('.f-root')
  if (!root?.querySelector('[role=dialog]')) return
  const check = root.dataset['theme'] === 'dark' ? contrastProblems : uiProblems
  const problems = (await check(root)).map((problem) => `at ${WIDE.width} px: ${problem}`)
  await page.viewport(NARROW_WIDTH, 740)
  try {
    await settle()
    problems.push(...(await check(root)).map((problem) => `at ${NARROW_WIDTH} px: ${problem}`))
  } finally {
    await page.viewport(WIDE.width, WIDE.height)
  }
  if (problems.length > 0) throw new Error(`The open dialog:\n- ${[...new Set(problems)].join('\n- ')}`)
})

/** Two frames: the layout at the new width, then whatever it set off. */
function settle(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())))
}
