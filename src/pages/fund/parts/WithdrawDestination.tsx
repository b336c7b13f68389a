import { Button, Picker, Selector } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { WalletAddress, WithdrawInput } from '../../../../core';
import { pathOf } from '../../../nav/paths';
import styles from '../fund.module.css';

export type WithdrawMethod = NonNullable<WithdrawInput['type']>;

/** Where the money goes: the method (address, bank card, international card), then the saved address or the card it needs. */
export function WithdrawDestination(props: {
  currency: number;
  method: WithdrawMethod;
  onMethod: (m: WithdrawMethod) => void;
  addresses: WalletAddress[] | undefined;
  address: WalletAddress | undefined;
  needCard: boolean;
  onPickAddress: () => void;
}) {
  const { t } = useTranslation();
  const { method, needCard } = props;
  return (
    <>
      <Selector
        className={styles.methods}
        columns={3}
        options={(['address', 'bank', 'bank_international'] as const).map((m) => ({
          label: t(`acct.method.${m}`),
          value: m,
        }))}
        value={[method]}
        onChange={(v) => v[0] && props.onMethod(v[0])}
      />
      {method === 'address' ? <AddressCard {...props} /> : needCard ? <AddCardCard bank={method === 'bank'} /> : null}
    </>
  );
}

function AddressCard({
  currency,
  addresses,
  address,
  onPickAddress,
}: {
  currency: number;
  addresses: WalletAddress[] | undefined;
  address: WalletAddress | undefined;
  onPickAddress: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className={styles.card}>
      {addresses && addresses.length > 0 ? (
        <button
          type="button"
          className={styles.pick}
          style={{ width: '100%' }}
          onClick={onPickAddress}
          data-testid="withdraw-address"
        >
          <small>{t('acct.withdrawAddress')}</small>
          <strong>{address?.name}</strong>
          <small>{address?.address}</small>
          {address?.network ? (
            <small data-testid="withdraw-network">
              {t('acct.network')}: {address.network}
            </small>
          ) : null}
        </button>
      ) : (
        <>
          <p className={styles.hint}>{t('acct.noAddress')}</p>
          <Button
            size="small"
            color="primary"
            onClick={() => navigate(`${pathOf('setting/addWallet')}?currency=${currency}`)}
          >
            {t('route.setting.addWallet')}
          </Button>
        </>
      )}
    </section>
  );
}

function AddCardCard({ bank }: { bank: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className={styles.card}>
      <p className={styles.hint}>{t('acct.addCardFirst')}</p>
      <Button
        size="small"
        color="primary"
        onClick={() => navigate(pathOf(bank ? 'setting/bank' : 'setting/bank_international'))}
      >
        {t('acct.addCard')}
      </Button>
    </section>
  );
}

/** The saved addresses of this coin, to pick the destination from. */
export function AddressPicker({
  open,
  onClose,
  addresses,
  address,
  onPick,
}: {
  open: boolean;
  onClose: () => void;
  addresses: WalletAddress[] | undefined;
  address: WalletAddress | undefined;
  onPick: (id: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Picker
      visible={open}
      onClose={onClose}
      columns={[
        (addresses ?? []).map((a) => ({
          label: `${a.name} · ${a.address.slice(0, 10)}…`,
          value: String(a.id),
        })),
      ]}
      value={address ? [String(address.id)] : []}
      onConfirm={(v) => v[0] && onPick(Number(v[0]))}
      confirmText={t('common.confirm')}
      cancelText={t('common.cancel')}
    />
  );
}
