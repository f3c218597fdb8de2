// walletFeaturesOrder (rules §9) orders the Account view's wallet actions by their `wallet-features` ids. This test keeps
// the list the README documents equal to the ids the plugins really contribute, so an order a host writes from the
// README reaches every action.
import { describe, expect, it } from 'vitest'

import { testChain, testKernel } from './fixtures.js'
import { names } from '../plugins/names/index.js'
import { onramp } from '../plugins/onramp/index.js'
import { receive } from '../plugins/receive/index.js'
import { send } from '../plugins/send/index.js'
import { swaps } from '../plugins/swaps/index.js'
import { wallets } from '../plugins/wallets/index.js'

describe('walletFeaturesOrder', () => {
  it('the wallet actions of every plugin are onramp, swaps, receive, send, names and wallets', () => {
    const kernel = testKernel({ plugins: [testChain(), wallets(), names(), send(), receive(), swaps(), onramp()] })
    const ids = kernel.views.slot('wallet-features').map((entry) => entry.id)
    expect([...ids].sort()).toEqual(['names', 'onramp', 'receive', 'send', 'swaps', 'wallets'])
    // rules §9: the default order names the four that the rules list; the others follow in slot order.
    expect(kernel.store.getState().features.flags.walletFeaturesOrder).toEqual(['onramp', 'swaps', 'receive', 'send'])
  })
})
