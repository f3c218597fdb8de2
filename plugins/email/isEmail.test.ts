import { describe, expect, it } from 'vitest'
import { isEmail } from './isEmail.js'

describe('isEmail (rules §5)', () => {
  it('addresses a mail can go to', () => {
    for (const value of ['ada@example.com', ' ada.lovelace+foyer@mail.example.org ']) expect(isEmail(value)).toBe(true)
    for (const value of ['', 'ada', 'ada@', '@example.com', 'ada@example', 'a b@example.com', `${'a'.repeat(250)}@example.com`])
      expect(isEmail(value)).toBe(false)
  })
})
