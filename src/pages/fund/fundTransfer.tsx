import { Picker } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_FIELDS, type AccountField, type UserCurrency } from '../../../core';
import { pathOf } from '../../nav/paths';
import { FormPage } from '../../components/form/FormPage';
import { VerticalForm } from '../../components/form/VerticalForm';
import { AmountItem } from '../../components/form/fields';
import { amountRules } from './parts/amountRules';
import { PctShortcuts } from './parts/PctShortcuts';
import { RecordsButton } from './parts/RecordsButton';
import { gte } from '../../components/funds/format';
import { Amount } from '../../components/funds/Amount';
import { useFundTransfer, type TransferPicker } from './useFundTransfer';
import styles from './fund.module.css';

/** Move a balance between account types (spec §3: legal, change, lever, micro). */
export default function FundTransferPage() {
  const { t } = useTranslation();
  const x = useFundTransfer();
  const { cur, available, from, to, form } = x;

  return (
    <FormPage
      title={t('route.fund.fundTransfer')}
      right={<RecordsButton to={pathOf('fund/transfer_history')} />}
      load={x.load}
      overlays={
        <TransferPickers
          picker={x.picker}
          onClose={() => x.setPicker(null)}
          currencies={x.load.data ?? []}
          cur={cur}
          from={from}
          to={to}
          onCurrency={x.setCurrencyId}
          onField={x.pickField}
        />
      }
    >
      {() => (
        <>
          <AccountPair currency={cur?.currency} from={from} to={to} onPick={x.setPicker} onSwap={x.swap} />
          <VerticalForm
            form={form}
            onFinish={x.onFinish}
            pending={x.pending}
            disabled={from === to}
            submit={t('acct.transferNow')}
          >
            <AmountItem
              label={`${t('acct.amount')} (${cur?.currency ?? ''})`}
              rules={amountRules(t, (v) => (gte(available, v) ? null : t('common.insufficientBalance')))}
              description={
                <span>
                  {t('acct.available')} <Amount value={available} suffix={cur?.currency} testId="transfer-available" />
                </span>
              }
            />
            <PctShortcuts available={available} onPick={(v) => form.setFieldValue('amount', v)} />
          </VerticalForm>
          {from === to ? <p className={styles.hint}>{t('acct.sameAccount')}</p> : null}
        </>
      )}
    </FormPage>
  );
}

interface PairProps {
  currency: string | undefined;
  from: AccountField;
  to: AccountField;
  onPick: (p: TransferPicker) => void;
  onSwap: () => void;
}

/** The currency, then from ⇄ to: each opens its picker; the middle button swaps the accounts. */
function AccountPair({ currency, from, to, onPick, onSwap }: PairProps) {
  const { t } = useTranslation();
  return (
    <>
      <button
        type="button"
        className={styles.pick}
        style={{ width: '100%' }}
        onClick={() => onPick('currency')}
        data-testid="transfer-currency"
      >
        <small>{t('acct.currency')}</small>
        <strong>{currency}</strong>
      </button>
      <div className={styles.pair}>
        <button type="button" className={styles.pick} onClick={() => onPick('from')} data-testid="transfer-from">
          <small>{t('acct.from')}</small>
          <strong>{t(`acct.account.${from}`)}</strong>
        </button>
        <button type="button" className={styles.swap} aria-label={t('acct.swap')} onClick={onSwap}>
          ⇄
        </button>
        <button type="button" className={styles.pick} onClick={() => onPick('to')} data-testid="transfer-to">
          <small>{t('acct.to')}</small>
          <strong>{t(`acct.account.${to}`)}</strong>
        </button>
      </div>
    </>
  );
}

interface PickersProps {
  picker: TransferPicker;
  onClose: () => void;
  currencies: UserCurrency[];
  cur: UserCurrency | undefined;
  from: AccountField;
  to: AccountField;
  onCurrency: (id: number) => void;
  onField: (f: AccountField) => void;
}

/** The currency wheel and the account wheel (for whichever side is being picked). */
function TransferPickers({ picker, onClose, currencies, cur, from, to, onCurrency, onField }: PickersProps) {
  const { t } = useTranslation();
  const fieldOptions = [ACCOUNT_FIELDS.map((f) => ({ label: t(`acct.account.${f}`), value: f }))];
  return (
    <>
      <Picker
        visible={picker === 'currency'}
        onClose={onClose}
        columns={[currencies.map((c) => ({ label: c.currency, value: String(c.currency_id) }))]}
        value={cur ? [String(cur.currency_id)] : []}
        onConfirm={(v) => v[0] && onCurrency(Number(v[0]))}
        confirmText={t('common.confirm')}
        cancelText={t('common.cancel')}
      />
      <Picker
        visible={picker === 'from' || picker === 'to'}
        onClose={onClose}
        columns={fieldOptions}
        value={[picker === 'to' ? to : from]}
        onConfirm={(v) => {
          const f = v[0] as AccountField | undefined;
          if (!f) return;
          onField(f);
        }}
        confirmText={t('common.confirm')}
        cancelText={t('common.cancel')}
      />
    </>
  );
}
