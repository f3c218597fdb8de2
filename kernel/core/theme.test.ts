import { describe, expect, it } from 'vitest'

import { cssVariableName, resolveTheme, THEMES, themeToCss, type ThemeTokens } from './theme.js'

describe('cssVariableName', () => {
  it('camelCase tokens become --foyer-kebab-case', () => {
    expect(cssVariableName('accent')).toBe('--foyer-accent')
    expect(cssVariableName('accentForeground')).toBe('--foyer-accent-foreground')
    expect(cssVariableName('zIndex')).toBe('--foyer-z-index')
  })
})

describe('themeToCss', () => {
  it('one declaration per token, with the prefixed names', () => {
    const css = themeToCss(THEMES.light)
    expect(css).toContain('--foyer-accent:#3856d8;')
    expect(css).toContain('--foyer-muted-foreground:#596070;')
    expect(css).toContain('--foyer-z-index:2147483000;')
    expect(css.match(/--foyer-[a-z-]+:/g)).toHaveLength(Object.keys(THEMES.light).length)
  })

  it('a value cannot close the rule or start another one', () => {
    const tokens: ThemeTokens = { ...THEMES.dark, accent: 'red;} body{display:none', font: 'x</style><script>' }
    const css = themeToCss(tokens)
    expect(css).not.toMatch(/[{}<>]/)
    expect(css).toContain('--foyer-accent:red bodydisplay:none;')
    // Exactly one `;` per token: a value's own semicolons are gone.
    expect(css.split(';').length - 1).toBe(Object.keys(tokens).length)
  })
})

describe('resolveTheme', () => {
  it('shared changes apply to both themes; per-theme changes to one', () => {
    const variables = { radius: '4px', dark: { accent: '#ff0000' } }
    expect(resolveTheme('light', variables)).toMatchObject({ radius: '4px', accent: THEMES.light.accent })
    expect(resolveTheme('dark', variables)).toMatchObject({ radius: '4px', accent: '#ff0000' })
    expect(resolveTheme('dark')).toEqual(THEMES.dark)
  })
})
