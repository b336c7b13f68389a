import { useMemo, useState } from 'react';
import { SearchBar } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { pathOf } from '../../nav/paths';
import { coinChoices } from '../../api/coins';
import { useLoad } from '../../components/load/useLoad';
import { LoadState } from '../../components/load/LoadState';
import { CoinIcon } from '../../components/coin/CoinIcon';
import styles from './fund.module.css';
import lists from '../../components/list/list.module.css';

const TARGETS = ['receive', 'withdraw'] as const;

/** Select currency: then on to deposit or withdraw (`?to=`). */
export default function SelectPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const to = (TARGETS as readonly string[]).includes(params.get('to') ?? '')
    ? (params.get('to') as (typeof TARGETS)[number])
    : 'receive';
  const load = useLoad(coinChoices);
  const [q, setQ] = useState('');
  const list = useMemo(
    () => (load.data ?? []).filter((c) => c.name.toLowerCase().includes(q.trim().toLowerCase())),
    [load.data, q],
  );
  return (
    <PageFrame title={`${t('route.fund.select')} · ${t(`route.fund.${to}`)}`}>
      <div className={styles.search}>
        <SearchBar placeholder={t('acct.searchCoin')} value={q} onChange={setQ} aria-label={t('acct.searchCoin')} />
      </div>
      <LoadState load={load}>
        {() => (
          <ul className={lists.rows}>
            {list.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className={`${styles.pick} ${styles.coinRow}`}
                  style={{ width: '100%', border: 0 }}
                  onClick={() => navigate(`${pathOf(`fund/${to}`)}?currency=${c.id}`)}
                >
                  <CoinIcon symbol={c.name} size={32} />
                  <span>
                    <strong>{c.name}</strong>
                    <small>{c.networks.join(' · ')}</small>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </LoadState>
    </PageFrame>
  );
}
