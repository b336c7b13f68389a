import { useState } from 'react';
import { Button, Empty, Popup, SearchBar, Toast } from 'antd-mobile';
import type { AdminUserDetail } from '../../core';
import { admin } from './api';
import { askReason } from './askReason';
import { useT, useFmt } from './i18n';
import { usePaged } from './usePaged';
import { KV, Pager } from './queues';
import styles from './admin.module.css';

// account types by number (1 legal … 4 micro): their names are admin.users.account.<name>
const TYPES = ['', 'legal', 'change', 'lever', 'micro'];

/** User search, then one user's balances and journal, and a manual adjustment with its reason. */
export function Users() {
  const t = useT();
  const f = useFmt();
  const [q, setQ] = useState('');
  const [term, setTerm] = useState('');
  const list = usePaged((p) => admin.users(term, p), [term]);
  const [detail, setDetail] = useState<AdminUserDetail | null>(null);
  const open = async (id: number) => {
    try {
      setDetail(await admin.user(id));
    } catch (e) {
      Toast.show({ content: (e as Error).message });
    }
  };
  return (
    <div>
      <div className={styles.bar}>
        <SearchBar
          placeholder={t('admin.users.searchHint')}
          value={q}
          onChange={setQ}
          onSearch={() => setTerm(q.trim())}
          style={{ flex: 1 }}
          aria-label={t('admin.users.searchLabel')}
        />
        <Button size="small" color="primary" onClick={() => setTerm(q.trim())}>
          {t('admin.users.search')}
        </Button>
      </div>
      <table className={styles.table}>
        <thead>
          <tr>
            <th>{t('admin.users.id')}</th>
            <th>{t('admin.users.account')}</th>
            <th>{t('admin.field.level')}</th>
            <th>{t('admin.users.created')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {list.data?.list.map((u) => (
            <tr key={u.id}>
              <td>{u.id}</td>
              <td>{u.account}</td>
              <td>{u.level}</td>
              <td>{f.date(u.created_at)}</td>
              <td>
                <Button size="mini" onClick={() => void open(u.id)}>
                  {t('admin.users.open')}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {list.error ? <p className={styles.reject}>{list.error}</p> : null}
      {list.data && !list.data.list.length ? <Empty description={t('admin.users.none')} /> : null}
      <Pager page={list.page} pages={list.pages} setPage={list.setPage} />
      <Popup
        visible={!!detail}
        onMaskClick={() => setDetail(null)}
        position="right"
        bodyStyle={{ width: 'min(100vw, 640px)', overflowY: 'auto' }}
      >
        {detail ? (
          <UserDetail d={detail} onChanged={() => void open(detail.id)} onClose={() => setDetail(null)} />
        ) : null}
      </Popup>
    </div>
  );
}

/** An account type's name by its number. */
function useTypeName(): (n: number) => string {
  const t = useT();
  return (n) => t.or(`admin.users.type.${TYPES[n]}`, String(n));
}

function UserDetail({ d, onChanged, onClose }: { d: AdminUserDetail; onChanged: () => void; onClose: () => void }) {
  const t = useT();
  return (
    <div className={styles.section} data-testid="user-detail">
      <div className={styles.bar}>
        <strong>
          {d.account} (#{d.id})
        </strong>
        <Button size="mini" onClick={onClose}>
          {t('admin.common.close')}
        </Button>
      </div>
      <KV
        rows={[
          [t('admin.field.nickname'), d.nickname],
          [t('admin.users.email'), d.email ?? '—'],
          [t('admin.users.phone'), d.mobile ?? '—'],
          [t('admin.field.level'), String(d.level)],
        ]}
      />
      <h2>{t('admin.users.balances')}</h2>
      <Balances d={d} />
      <h2>{t('admin.users.adjustment')}</h2>
      <Adjustment d={d} onChanged={onChanged} />
      <h2>{t('admin.users.journal')}</h2>
      <Journal d={d} />
    </div>
  );
}

function Balances({ d }: { d: AdminUserDetail }) {
  const t = useT();
  const f = useFmt();
  const typeName = useTypeName();
  return (
    <>
      <table className={styles.table}>
        <thead>
          <tr>
            <th>{t('admin.users.currency')}</th>
            <th>{t('admin.users.accountType')}</th>
            <th>{t('admin.users.available')}</th>
            <th>{t('admin.users.frozen')}</th>
          </tr>
        </thead>
        <tbody>
          {d.balances.map((b) => (
            <tr key={`${b.currency_id}-${b.type}`}>
              <td>{b.currency}</td>
              <td>{typeName(b.type)}</td>
              <td>{f.num(b.available)}</td>
              <td>{f.num(b.frozen)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {!d.balances.length ? <p className={styles.muted}>{t('admin.users.noBalances')}</p> : null}
    </>
  );
}

/** A manual adjustment of one balance: checked, then confirmed with the operator's reason. */
function useAdjust(d: AdminUserDetail, onChanged: () => void) {
  const t = useT();
  const typeName = useTypeName();
  const [currencyId, setCurrencyId] = useState(String(d.balances[0]?.currency_id ?? ''));
  const [type, setType] = useState('2');
  const [amount, setAmount] = useState('');
  const adjust = async () => {
    if (!/^-?\d+(\.\d+)?$/.test(amount.trim()) || Number(amount) === 0) {
      Toast.show({ content: t('admin.users.amountRule') });
      return;
    }
    const currency = d.balances.find((b) => String(b.currency_id) === currencyId)?.currency ?? currencyId;
    const reason = await askReason(
      t('admin.users.adjustTitle', { amount: amount.trim(), currency, account: typeName(Number(type)) }),
    );
    if (reason === null) return;
    try {
      await admin.adjust({
        user_id: d.id,
        currency_id: Number(currencyId),
        type: Number(type),
        amount: amount.trim(),
        reason,
      });
      Toast.show({ icon: 'success', content: t('admin.users.adjusted') });
      setAmount('');
      onChanged();
    } catch (e) {
      Toast.show({ content: (e as Error).message });
    }
  };
  return { currencyId, setCurrencyId, type, setType, amount, setAmount, adjust };
}

function Adjustment({ d, onChanged }: { d: AdminUserDetail; onChanged: () => void }) {
  const t = useT();
  const typeName = useTypeName();
  const { currencyId, setCurrencyId, type, setType, amount, setAmount, adjust } = useAdjust(d, onChanged);
  const currencies = [...new Map(d.balances.map((b) => [b.currency_id, b.currency])).entries()];
  return (
    <div className={styles.row}>
      <select value={currencyId} onChange={(e) => setCurrencyId(e.target.value)} aria-label={t('admin.users.currency')}>
        {currencies.map(([id, name]) => (
          <option key={id} value={id}>
            {name}
          </option>
        ))}
      </select>
      <select value={type} onChange={(e) => setType(e.target.value)} aria-label={t('admin.users.accountType')}>
        {[1, 2, 3, 4].map((n) => (
          <option key={n} value={n}>
            {typeName(n)}
          </option>
        ))}
      </select>
      <input
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        placeholder={t('admin.users.amountHint')}
        aria-label={t('admin.users.amountLabel')}
        inputMode="decimal"
      />
      <Button size="small" color="warning" onClick={() => void adjust()}>
        {t('admin.users.adjust')}
      </Button>
    </div>
  );
}

function Journal({ d }: { d: AdminUserDetail }) {
  const t = useT();
  const f = useFmt();
  const typeName = useTypeName();
  return (
    <>
      <table className={styles.table}>
        <thead>
          <tr>
            <th>{t('admin.field.time')}</th>
            <th>{t('admin.field.reason')}</th>
            <th>{t('admin.users.currency')}</th>
            <th>{t('admin.users.deltaAvailable')}</th>
            <th>{t('admin.users.deltaFrozen')}</th>
            <th>{t('admin.users.after')}</th>
          </tr>
        </thead>
        <tbody>
          {d.journal.map((j) => (
            <tr key={j.id}>
              <td>{f.dateTimeSec(j.created_at)}</td>
              <td>{j.reason}</td>
              <td>
                {j.currency} · {typeName(j.type)}
              </td>
              <td>{f.num(j.delta_available)}</td>
              <td>{f.num(j.delta_frozen)}</td>
              <td>{f.num(j.available_after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {!d.journal.length ? <p className={styles.muted}>{t('admin.users.noJournal')}</p> : null}
    </>
  );
}
