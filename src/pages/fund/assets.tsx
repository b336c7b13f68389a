import { useState, type ReactNode } from 'react';
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
import { ACCOUNT_FIELDS, ACCOUNT_TYPES, type AccountField, type BalanceRow } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { pathOf } from '../../nav/paths';
import { assets } from '../../api/funds';
import { useLoad } from '../../components/load/useLoad';
import { LoadState } from '../../components/load/LoadState';
import { Amount } from '../../components/funds/Amount';
import { CoinIcon } from '../../components/coin/CoinIcon';
import { visibleBalances } from './balance-filter';
import { accountRows } from './wallet-rows';
import styles from './fund.module.css';

const HIDE_KEY = 'assets.hidden';
const HIDE_SMALL_KEY = 'assets.hideSmall';

/** The Assets tab: total equivalent in the chosen fiat, then each account type's balances. */
export default function AssetsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const load = useLoad(() => assets());
  const [tab, setTab] = useState<string>('change');
  const [hidden, setHidden] = useState(() => localStorage.getItem(HIDE_KEY) === '1');
  const toggle = () => {
    localStorage.setItem(HIDE_KEY, hidden ? '0' : '1');
    setHidden(!hidden);
  };
  const go = (name: string, q = '') => navigate(pathOf(name) + q);
  const [query, setQuery] = useState('');
  const [hideSmall, setHideSmall] = useState(() => localStorage.getItem(HIDE_SMALL_KEY) === '1');
  const toggleSmall = (on: boolean) => {
    localStorage.setItem(HIDE_SMALL_KEY, on ? '1' : '0');
    setHideSmall(on);
  };

  return (
    <PageFrame title={t('route.fund.assets')} back={false}>
      <PullToRefresh onRefresh={load.reload}>
        <LoadState load={load}>
          {(o) => (
            <>
              <section className={styles.hero} aria-label={t('acct.totalAssets')}>
                <div className={styles.heroLabel}>
                  {t('acct.totalAssets')} ({o.fiat.currency_code}){' '}
                  <button type="button" onClick={toggle} aria-label={t('acct.hideAmounts')} className={styles.eye}>
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
              <div className={styles.balTools}>
                <SearchBar
                  className={styles.balSearch}
                  placeholder={t('acct.searchCoin')}
                  aria-label={t('acct.searchCoin')}
                  value={query}
                  onChange={setQuery}
                  data-testid="assets-search"
                />
                <Checkbox
                  checked={hideSmall}
                  onChange={toggleSmall}
                  className={styles.hideSmall}
                  data-testid="assets-hide-small"
                >
                  {t('acct.hideSmall')}
                </Checkbox>
              </div>
              <Tabs activeKey={tab} onChange={setTab}>
                {ACCOUNT_FIELDS.map((f) => {
                  const acc = accountRows(o, f);
                  return (
                    <Tabs.Tab key={f} title={t(`acct.account.${f}`)}>
                      <AccountBalances
                        field={f}
                        totalFiat={acc.total_fiat}
                        rows={visibleBalances(acc.rows, { query, hideSmall })}
                        hidden={hidden}
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
