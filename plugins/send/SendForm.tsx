// The Send view's first step: the token, the amount with Max and the receiver, with the receiver's name once known.
import { useId } from 'react'
import { formatBalance, formatFiat, formatUnits, shortenAddress } from 'foyer'
import type { CaipNetworkId, Kernel } from 'foyer'
import { useKernel, useNetwork, useTranslate } from 'foyer/react'
import { AmountField, Avatar, Button, Skeleton, TokenPicker, WalletImage, type TokenOption } from 'foyer/ui'
import type { SendOption } from './loadSendOptions.js'
import type { SendState } from './sendState.js'
import { optionKey, type SendOptions } from './useSendData.js'
import { parseAmount, type SendAsset } from './validateSend.js'

interface SendFormProps {
  form: SendState
  options: SendOptions
  selected?: SendOption
  /** Where the account is: Max asks the chain for the fee there. */
  account: { namespace: string; address: string; networkId: CaipNetworkId }
  onEdit(patch: Partial<SendState>): void
  onPreview(): void
}

/** The form; what the visitor types lives in the store's `send` slice. */
export function SendForm({ form, options, selected, account, onEdit: edit, onPreview }: SendFormProps) {
  const kernel = useKernel()
  const { locale } = kernel.i18n
  const t = useTranslate()
  const receiverId = useId()
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
          onClick: async () => selected && edit({ sendTokenAmount: await maxAmount(kernel, selected, account) }),
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
      {form.error && (
        <p className="f-error-text" role="alert">
          {form.error}
        </p>
      )}
      <Button onClick={onPreview}>{t('send.preview')}</Button>
    </div>
  )
}

function SendTokenPicker({
  options,
  selected,
  onChoose,
}: {
  options: SendOptions
  selected?: SendOption
  onChoose(token?: SendAsset): void
}) {
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
