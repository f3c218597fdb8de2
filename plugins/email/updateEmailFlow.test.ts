import { describe, expect, it } from 'vitest'
import { initialUpdateEmail, updateEmailFlow, type UpdateEmailEvent, type UpdateEmailState } from './updateEmailFlow.js'

const run = (events: UpdateEmailEvent[], from: UpdateEmailState = initialUpdateEmail) => events.reduce(updateEmailFlow, from)

describe('the UpdateEmailWallet flow', () => {
  it('a new address: a code to the current one, then one to the new one, each a fresh code form', () => {
    const first = run([
      { type: 'typed', newEmail: 'new@example.com' },
      { type: 'sending' },
      { type: 'mailed', action: 'VERIFY_PRIMARY_OTP' },
    ])
    expect(first).toEqual({ step: 'primary', newEmail: 'new@example.com', verifying: false, codes: 1 })
    const second = run([{ type: 'verifying' }, { type: 'primaryVerified', action: 'VERIFY_SECONDARY_OTP' }], first)
    expect(second).toEqual({ step: 'secondary', newEmail: 'new@example.com', verifying: false, codes: 2 })
  })

  it('a refused address stays in the form with its error, which typing clears', () => {
    const refused = run([
      { type: 'typed', newEmail: 'not an email' },
      { type: 'failed', error: 'Invalid email' },
    ])
    expect(refused).toMatchObject({ step: 'form', error: 'Invalid email' })
    expect(run([{ type: 'typed', newEmail: 'a@example.com' }], refused).error).toBeUndefined()
  })

  it('a mailing that fails goes back to the form with the reason', () => {
    expect(
      run([{ type: 'typed', newEmail: 'a@example.com' }, { type: 'sending' }, { type: 'failed', error: 'Rate limited' }]),
    ).toMatchObject({
      step: 'form',
      error: 'Rate limited',
    })
  })

  it('a wrong code keeps its step and says why; editing the code clears it; asking again makes a new code form', () => {
    const asked = run([{ type: 'typed', newEmail: 'a@example.com' }, { type: 'sending' }, { type: 'mailed', action: 'VERIFY_PRIMARY_OTP' }])
    const wrong = run([{ type: 'verifying' }, { type: 'failed', error: 'Invalid code' }], asked)
    expect(wrong).toMatchObject({ step: 'primary', error: 'Invalid code', verifying: false })
    expect(run([{ type: 'typed' }], wrong)).toMatchObject({ step: 'primary', error: undefined, newEmail: 'a@example.com' })
    expect(run([{ type: 'sending' }], wrong)).toMatchObject({ step: 'sending', error: undefined, codes: 2 })
  })
})
