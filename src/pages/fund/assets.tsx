import type { ReactNode } from 'react';
import { Checkbox, PullToRefresh, SearchBar, Tabs } from 'antd-mobile';
import {
  AddCircleOutline,
  MinusCircleOutline,
  LoopOutline,
  SendOutline,
  UnorderedListOutline,
  EyeInvisibleOutline,
  EyeOutline,
  CheckShieldOutline,
  RightOutline,
} from 'antd-mobile-icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_FIELDS, ACCOUNT_TYPES, type AccountField, type AssetsOverview, type BalanceRow } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { pathOf } from '../../nav/paths';
import { LoadState } from '../../components/load/LoadState';
import { Amount } from '../../components/funds/Amount';
import { CoinIcon } from '../../components/coin/CoinIcon';
import { visibleBalances } from './balance-filter';
import { accountRows } from './wallet-rows';
import { useAssetsView } from './useAssetsView';
import styles from './fund.module.css';

/** The Assets tab: total equivalent in the chosen fiat, then each account type's balances. */
export default function AssetsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const v = useAssetsView();
  const go = (name: string, q = '') => navigate(pathOf(name) + q);

  return (
    <PageFrame title={t('route.fund.assets')} back={false}>
      <PullToRefresh onRefresh={v.load.reload}>
        <LoadState load={v.load}>
          {(o) => (
            <>
              <TotalHero o={o} hidden={v.hidden} onToggle={v.toggleHidden} />
              <AssetActions go={go} />
              <div className={styles.balTools}>
                <SearchBar
                  className={styles.balSearch}
                  placeholder={t('acct.searchCoin')}
                  aria-label={t('acct.searchCoin')}
                  value={v.query}
                  onChange={v.setQuery}
                  data-testid="assets-search"
                />
                <Checkbox
                  checked={v.hideSmall}
                  onChange={v.toggleSmall}
                  className={styles.hideSmall}
                  data-testid="assets-hide-small"
                >
                  {t('acct.hideSmall')}
                </Checkbox>
              </div>
              <Tabs activeKey={v.tab} onChange={v.setTab}>
                {ACCOUNT_FIELDS.map((f) => {
                  const acc = accountRows(o, f);
                  return (
                    <Tabs.Tab key={f} title={t(`acct.account.${f}`)}>
                      <AccountBalances
                        field={f}
                        totalFiat={acc.total_fiat}
                        rows={visibleBalances(acc.rows, { query: v.query, hideSmall: v.hideSmall })}
                        hidden={v.hidden}
                        fiat={o.fiat.currency_code}
                        onOpen={(c) => go('fund/assets_record', `?currency=${c}&type=${ACCOUNT_TYPES[f]}`)}
                      />
                    </Tabs.Tab>
                  );
                })}
              </Tabs>
            </>
          )}
        </LoadState>
      </PullToRefresh>
    </PageFrame>
  );
}

/** The total in the chosen fiat and in USDT, with the eye that hides amounts. */
function TotalHero({ o, hidden, onToggle }: { o: AssetsOverview; hidden: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <section className={styles.hero} aria-label={t('acct.totalAssets')}>
      <div className={styles.heroLabel}>
        {t('acct.totalAssets')} ({o.fiat.currency_code}){' '}
        <button type="button" onClick={onToggle} aria-label={t('acct.hideAmounts')} className={styles.eye}>
          {hidden ? <EyeInvisibleOutline /> : <EyeOutline />}
        </button>
      </div>
      <div className={styles.heroValue} data-testid="assets-total">
        {hidden ? '******' : <Amount value={o.total_fiat} fiat suffix={o.fiat.currency_code} />}
      </div>
      <div className={styles.heroSub}>
        {hidden ? (
          ''
        ) : (
          <>
            ≈ <Amount value={o.total_usdt} fiat suffix="USDT" />
          </>
        )}
      </div>
    </section>
  );
}

/** Deposit, withdraw, transfer, exchange, records; then the way to verify the platform's balances. */
function AssetActions({ go }: { go: (name: string, q?: string) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <div className={styles.actions}>
        <button type="button" className={styles.action} onClick={() => go('fund/select', '?to=receive')}>
          <AddCircleOutline aria-hidden />
          {t('route.fund.receive')}
        </button>
        <button type="button" className={styles.action} onClick={() => go('fund/select', '?to=withdraw')}>
          <MinusCircleOutline aria-hidden />
          {t('route.fund.withdraw')}
        </button>
        <button type="button" className={styles.action} onClick={() => go('fund/fundTransfer')}>
          <LoopOutline aria-hidden />
          {t('route.fund.fundTransfer')}
        </button>
        <button type="button" className={styles.action} onClick={() => go('fund/transfer')}>
          <SendOutline aria-hidden />
          {t('route.fund.transfer')}
        </button>
        <button type="button" className={styles.action} onClick={() => go('fund/assets_all_record')}>
          <UnorderedListOutline aria-hidden />
          {t('acct.records')}
        </button>
      </div>
      <button
        type="button"
        className={styles.polLink}
        onClick={() => go('fund/liabilities')}
        data-testid="assets-verify-balance"
      >
        <CheckShieldOutline aria-hidden />
        <span>{t('route.fund.liabilities')}</span>
        <RightOutline aria-hidden />
      </button>
    </>
  );
}

function AccountBalances({
  field,
  totalFiat,
  rows,
  hidden,
  fiat,
  onOpen,
}: {
  field: AccountField;
  totalFiat: string;
  rows: readonly BalanceRow[];
  hidden: boolean;
  fiat: string;
  onOpen: (currencyId: number) => void;
}) {
  const { t } = useTranslation();
  const mask = (v: ReactNode) => (hidden ? '****' : v);
  return (
    <div data-testid={`account-${field}`}>
      <div className={styles.sum}>
        <span>{t('acct.accountTotal')}</span>
        <span>{mask(<Amount value={totalFiat} fiat suffix={fiat} />)}</span>
      </div>
      {rows.length === 0 ? <p className={styles.balNone}>{t('acct.noCoinMatch')}</p> : null}
      <ul className={styles.balList}>
        {rows.map((b) => (
          <li key={b.currency_id} className={styles.balItem}>
            <button
              type="button"
              className={styles.bal}
              onClick={() => onOpen(b.currency_id)}
              data-testid={`bal-${field}-${b.currency}`}
            >
              <span className={styles.balHead}>
                <CoinIcon symbol={b.currency} size={22} />
                <span>{b.currency}</span>
              </span>
              <span className={styles.k}>{t('acct.available')}</span>
              <span className={styles.k}>{t('acct.frozen')}</span>
              <span className={styles.k}>
                {t('acct.equivalent')} ({fiat})
              </span>
              <span data-testid="available">{mask(<Amount value={b.available} />)}</span>
              <span>{mask(<Amount value={b.frozen} />)}</span>
              <span>{mask(<Amount value={b.fiat_value} fiat />)}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
