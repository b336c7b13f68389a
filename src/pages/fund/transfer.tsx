import { useTranslation } from 'react-i18next';
import { pathOf } from '../../nav/paths';
import { FormPage } from '../../components/form/FormPage';
import { VerticalForm } from '../../components/form/VerticalForm';
import { AmountItem } from '../../components/form/fields';
import { amountRules } from './parts/amountRules';
import { PctShortcuts } from './parts/PctShortcuts';
import { RecordsButton } from './parts/RecordsButton';
import { CoinPicker, ExchangePair, ExchangeRows } from './parts/exchange';
import { gte } from '../../components/funds/format';
import { Amount } from '../../components/funds/Amount';
import { useExchange } from './useExchange';

/** Coin exchange at the feed's prices: what you give, the rate, the fee and what you get. */
export default function TransferPage() {
  const { t } = useTranslation();
  const { lists, from, to, picker, setPicker, pick, swap, fee, form, pending, quote, onFinish } = useExchange();

  return (
    <FormPage
      title={t('route.fund.transfer')}
      right={<RecordsButton to={`${pathOf('fund/transfer_history')}?tab=exchange`} />}
      load={lists}
      overlays={
        <CoinPicker
          side={picker}
          coins={(picker === 'to' ? lists.data?.to : lists.data?.from) ?? []}
          current={(picker === 'to' ? to : from)?.currency_id}
          onClose={() => setPicker(null)}
          onPick={pick}
        />
      }
    >
      {() => (
        <>
          <ExchangePair from={from?.currency} to={to?.currency} onPick={setPicker} onSwap={swap} />
          <VerticalForm
            form={form}
            onFinish={onFinish}
            pending={pending}
            disabled={!quote || from?.currency_id === to?.currency_id}
            submit={t('acct.exchangeNow')}
          >
            <AmountItem
              label={`${t('acct.amount')} (${from?.currency ?? ''})`}
              rules={amountRules(t, (v) => (from && gte(from.available, v) ? null : t('common.insufficientBalance')))}
              description={
                <span>
                  {t('acct.available')} <Amount value={from?.available} suffix={from?.currency} />
                </span>
              }
            />
            {from ? <PctShortcuts available={from.available} onPick={(v) => form.setFieldValue('amount', v)} /> : null}
            <ExchangeRows from={from?.currency} to={to?.currency} quote={quote} priced={!!fee.data} />
          </VerticalForm>
        </>
      )}
    </FormPage>
  );
}
