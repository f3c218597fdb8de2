import { useEffect, useId } from 'react'
import {
  isValidAddress,
  formatBalance,
  formatFiat,
  formatUnits,
  identityQuery,
  isUserRejection,
  showToast,
  shortenAddress,
  visibleMessage,
} from 'foyer'
import type { CaipNetworkId, Kernel } from 'foyer'
import { transactionUrl } from 'foyer/query'
import { useAccount, useFoyerState, useKernel, useKernelQuery, useNetwork, useTranslate } from 'foyer/react'
import {
  AmountField,
  Avatar,
  Button,
  SimulationSummary,
  Skeleton,
  TokenPicker,
  TransactionDone,
  WalletImage,
  simulationTexts,
  type TokenOption,
} from 'foyer/ui'
import { sendOptionsQuery, type SendOption } from './loadSendOptions.js'
import { updateSendState, type SendState } from './sendState.js'
import { sendToken } from './sendToken.js'
import { useTransferSimulation } from './sendSimulation.js'
import { parseAmount, validateSend, type SendAsset } from './validateSend.js'

type Options = SendOption[] | 'loading' | 'error'

/**
 * The Send view (rules §3, §4): token, amount with Max and receiver (with the receiver's name and avatar
 * when known); a preview (from, to, amount, network); the wallet's signature; the hash. The form
 * lives in the store's `send` slice. A refused signature or a failed transfer shows the error and
 * keeps the form. After a token send, or any Solana send, the view returns to Account (rules §2).
 */
export default function SendView() {
  const kernel = useKernel()
  const { locale } = kernel.i18n
  const t = useTranslate()
  const receiverId = useId()
  const { address, namespace } = useAccount()
  const { networkId } = useNetwork()
  const form = useFoyerState((state) => state.send)
  const options = useSendOptions(kernel, { address, namespace, networkId })
  useReceiverProfile(kernel, namespace, form.receiverAddress)
  const { step, error, hash } = form
  const setStep = (next: SendState['step']) => updateSendState(kernel, { step: next })
  const setError = (message: string | undefined) => updateSendState(kernel, { error: message })

  if (!address || !namespace || !networkId) return <p className="f-muted">{t('send.notConnected')}</p>
  // The same rule as sendToken's, said before the visitor fills anything in (rules §4).
  const transfer = kernel.chains.get(namespace)?.capabilities?.transfer
  if (!transfer) return <p className="f-muted">{t('send.unsupported')}</p>
  const list = Array.isArray(options) ? options : []
  const selected = selectedOption(list, form.token)
  const edit = (patch: Partial<SendState>) => {
    updateSendState(kernel, patch)
    setError(undefined)
  }

  const preview = () => {
    const checked = validateSend(
      { token: selected?.asset, sendTokenAmount: form.sendTokenAmount, receiverAddress: form.receiverAddress },
      { isAddress: (address) => isValidAddress(kernel, namespace, address), balance: selected?.balance },
    )
    if ('error' in checked) setError(t(checked.error))
    else setStep('preview')
  }
  const confirm = async () => {
    setError(undefined)
    const isToken = Boolean(selected?.asset.address)
    try {
      const result = await sendToken(kernel, {
        token: selected?.asset,
        amount: form.sendTokenAmount,
        to: form.receiverAddress,
        balance: selected?.balance,
      })
      showToast(kernel, { message: t('send.sent'), variant: 'success' })
      // rules §2: after an ERC20 or Solana token send the view returns to Account.
      if (isToken || transfer?.returnToAccount === 'all') return kernel.router.reset({ view: 'Account', params: undefined })
      updateSendState(kernel, { step: 'done', hash: result.hash })
    } catch (reason) {
      // The form stays as it was; the visitor may edit it or try again.
      setError(isUserRejection(reason) ? t('send.error.rejected') : visibleMessage(reason, t('send.error.failed')))
    }
  }

  if (step === 'done') return <SendDone hash={hash} onAgain={() => setStep('form')} />
  if (step === 'preview' && selected) {
    return <SendPreview form={form} asset={selected.asset} error={error} onConfirm={confirm} onEdit={() => setStep('form')} />
  }
  return (
    <div className="f-center">
      <SendTokenPicker options={options} selected={selected} onChoose={(token) => edit({ token })} />
      {form.networkBalanceInUSD !== undefined && (
        <p className="f-muted" data-testid="send-network-balance">
          {t('send.networkBalance', { amount: form.networkBalanceInUSD })}
        </p>
      )}
      <AmountField
        label={t('send.amount')}
        value={form.sendTokenAmount}
        onChange={(sendTokenAmount) => edit({ sendTokenAmount })}
        max={{
          label: t('send.max'),
          disabled: !selected,
          onClick: async () => selected && edit({ sendTokenAmount: await maxAmount(kernel, selected, { namespace, address, networkId }) }),
        }}
        balance={
          selected &&
          t('send.balance', {
            amount: formatBalance(formatUnits(selected.balance, selected.asset.decimals), locale),
            symbol: selected.asset.symbol,
          })
        }
        fiat={amountWorth(selected, form.sendTokenAmount, locale)}
        balanceTestId="send-balance"
        fiatTestId="send-amount-value"
      />
      {/* A field like the amount's: its label above it on the left, the input the view's full width. */}
      <div className="f-field">
        <label className="f-label" htmlFor={receiverId}>
          {t('send.receiver')}
        </label>
        <input
          id={receiverId}
          className="f-input"
          autoComplete="off"
          spellCheck={false}
          value={form.receiverAddress}
          onChange={(event) =>
            edit({ receiverAddress: event.target.value, receiverProfileName: undefined, receiverProfileImageUrl: undefined })
          }
        />
      </div>
      <ReceiverProfile form={form} />
      {error && (
        <p className="f-error-text" role="alert">
          {error}
        </p>
      )}
      <Button onClick={preview}>{t('send.preview')}</Button>
    </div>
  )
}

function SendTokenPicker({ options, selected, onChoose }: { options: Options; selected?: SendOption; onChoose(token?: SendAsset): void }) {
  const t = useTranslate()
  const { locale } = useKernel().i18n
  const { network } = useNetwork()
  const list = Array.isArray(options) ? options : []
  const asOption = (option: SendOption): TokenOption => ({
    key: optionKey(option.asset),
    symbol: option.asset.symbol,
    name: option.name,
    network: network?.name,
    icon: <WalletImage src={option.iconUrl} name={option.asset.symbol} size={28} />,
    balance: formatBalance(formatUnits(option.balance, option.asset.decimals), locale),
    fiat:
      option.price === undefined
        ? undefined
        : formatFiat(Number(formatUnits(option.balance, option.asset.decimals)) * option.price, 'USD', locale),
  })
  return (
    <>
      {options === 'loading' ? (
        <Skeleton height={44} />
      ) : (
        <TokenPicker
          label={t('send.token')}
          placeholder={t('send.chooseToken')}
          searchLabel={t('send.search')}
          noMatch={t('send.noMatch')}
          options={list.map(asOption)}
          value={selected && asOption(selected)}
          onChange={(token) => onChoose(list.find((option) => optionKey(option.asset) === token.key)?.asset)}
        />
      )}
      {options === 'error' && (
        <p className="f-error-text" role="alert">
          {t('send.error.balances')}
        </p>
      )}
      {Array.isArray(options) && options.length === 0 && <p className="f-muted">{t('send.empty')}</p>}
    </>
  )
}

/** What the typed amount is worth in USD, where the token has a price and the amount is a number. */
function amountWorth(selected: SendOption | undefined, typed: string, locale: string): string | undefined {
  if (!selected || selected.price === undefined || typed.trim() === '') return undefined
  const amount = parseAmount(typed, selected.asset.decimals)
  return amount === undefined ? undefined : formatFiat(Number(formatUnits(amount, selected.asset.decimals)) * selected.price, 'USD', locale)
}

/** The receiver's name and avatar, once the data service has named the address. */
function ReceiverProfile({ form }: { form: SendState }) {
  if (!form.receiverProfileName && !form.receiverProfileImageUrl) return null
  const receiver = form.receiverAddress.trim()
  return (
    <p className="f-row f-receiver" data-testid="send-receiver-profile">
      <Avatar address={receiver} src={form.receiverProfileImageUrl} size={24} />
      <span>{form.receiverProfileName ?? shortenAddress(receiver)}</span>
    </p>
  )
}

function SendPreview(props: { form: SendState; asset: SendAsset; error?: string; onConfirm(): void; onEdit(): void }) {
  const { form, asset, error } = props
  const t = useTranslate()
  const kernel = useKernel()
  const { address } = useAccount()
  const { networkId, network } = useNetwork()
  const simulation = useTransferSimulation(kernel, {
    token: asset,
    amount: form.sendTokenAmount,
    to: form.receiverAddress,
    ...(networkId ? { networkId } : {}),
    ...(address ? { from: address } : {}),
  })
  const reverts = typeof simulation === 'object' && simulation.status === 'reverts'
  return (
    <div className="f-center">
      <dl className="f-list" aria-label={t('send.preview')}>
        <dt className="f-muted">{t('send.from')}</dt>
        <dd className="f-address-text">{shortenAddress(address ?? '')}</dd>
        <dt className="f-muted">{t('send.to')}</dt>
        {form.receiverProfileName && <dd data-testid="send-to-name">{form.receiverProfileName}</dd>}
        <dd className="f-address-text" data-testid="send-to">
          {form.receiverAddress.trim()}
        </dd>
        <dt className="f-muted">{t('send.amount')}</dt>
        <dd data-testid="send-amount">
          {form.sendTokenAmount.trim()} {asset.symbol}
        </dd>
        <dt className="f-muted">{t('send.network')}</dt>
        <dd>{network?.name ?? networkId}</dd>
      </dl>
      <SimulationSummary simulation={simulation} texts={simulationTexts(t, 'send')} />
      {form.loading && <p className="f-muted">{t('send.sending')}</p>}
      {error && (
        <p className="f-error-text" role="alert">
          {error}
        </p>
      )}
      <Button onClick={props.onConfirm} loading={form.loading} disabled={reverts}>
        {t('send.confirm')}
      </Button>
      <Button variant="secondary" onClick={props.onEdit} disabled={form.loading}>
        {t('send.back')}
      </Button>
    </div>
  )
}

function SendDone({ hash, onAgain }: { hash?: string; onAgain(): void }) {
  const t = useTranslate()
  const { network } = useNetwork()
  const link = transactionUrl(network, hash)
  return (
    <TransactionDone
      title={t('send.sent')}
      hashLabel={t('send.hash')}
      hash={hash}
      hashTestId="send-hash"
      explorer={link ? { href: link, label: t('send.explorer', { explorer: network?.blockExplorers?.default.name ?? '' }) } : undefined}
      again={{ label: t('send.again'), onClick: onAgain }}
    />
  )
}

/** The account's balances to send from, read again when the account or network changes, or after a send. */
function useSendOptions(
  kernel: Kernel,
  { address, namespace, networkId }: { address?: string; namespace?: string; networkId?: CaipNetworkId },
): Options {
  const loaded = useKernelQuery(address && namespace && networkId ? sendOptionsQuery(kernel, { address, namespace, networkId }) : undefined)
  const ready = loaded?.status === 'ready' ? loaded.data : undefined
  // The form keeps the last total while the balances are read again.
  useEffect(() => {
    if (ready) updateSendState(kernel, { networkBalanceInUSD: ready.networkBalanceInUSD })
  }, [kernel, ready])
  if (ready) return ready.options
  return loaded?.status === 'error' ? 'error' : 'loading'
}

/**
 * Looks up the name and avatar of a valid receiver, where the chain has identities (EVM, rules §6), and
 * keeps them in the form while the receiver stays the same.
 */
function useReceiverProfile(kernel: Kernel, namespace: string | undefined, receiverAddress: string) {
  const receiver = receiverAddress.trim()
  const hasIdentity = namespace !== undefined && kernel.chains.get(namespace)?.capabilities?.identity !== undefined
  const wanted = hasIdentity && isValidAddress(kernel, namespace, receiver) ? receiver : undefined
  const identity = useKernelQuery(wanted ? identityQuery(kernel, { address: wanted }) : undefined)
  const known = identity?.status === 'ready' ? identity.data : undefined
  useEffect(() => {
    if (known) updateSendState(kernel, { receiverProfileName: known.name, receiverProfileImageUrl: known.avatar })
  }, [kernel, known])
}

/**
 * The whole balance as decimal text; for the native coin less what the transfer's fee may cost,
 * when the chain can tell.
 */
async function maxAmount(
  kernel: Kernel,
  { asset, balance }: SendOption,
  where: { namespace: string; address: string; networkId: CaipNetworkId },
) {
  const estimateFee = kernel.chains.get(where.namespace)?.capabilities?.transfer?.estimateFee
  let amount = balance
  if (!asset.address && estimateFee) {
    const fee = await estimateFee(kernel, { from: where.address, networkId: where.networkId }).catch((reason: unknown) => {
      kernel.logger.warn('The network fee could not be estimated; Max holds nothing back.', reason)
      return 0n
    })
    amount = fee < balance ? balance - fee : 0n
  }
  return formatUnits(amount, asset.decimals)
}

/** The chosen option; until the visitor chooses, the native coin (what most send), else a single token. */
function selectedOption(list: SendOption[], token?: SendAsset): SendOption | undefined {
  if (!token) return list.find((option) => !option.asset.address) ?? (list.length === 1 ? list[0] : undefined)
  return list.find((option) => optionKey(option.asset) === optionKey(token))
}

function optionKey(asset: SendAsset): string {
  return asset.address ?? `native:${asset.symbol}`
}
