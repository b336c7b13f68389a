import { useState } from 'react';
import { Button, Popup, SearchBar, Toast } from 'antd-mobile';
import type { AdminUserDetail } from '../../core';
import { admin } from './api';
import { askReason } from './askReason';
import { usePaged } from './usePaged';
import { KV, Pager } from './queues';
import styles from './admin.module.css';

const TYPES = ['', 'legal', 'change', 'lever', 'micro'];

/** User search, then one user's balances and journal, and a manual adjustment with its reason. */
export function Users() {
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
        <SearchBar placeholder="Email, phone or user id" value={q} onChange={setQ} onSearch={() => setTerm(q.trim())} style={{ flex: 1 }} aria-label="Search users" />
        <Button size="small" color="primary" onClick={() => setTerm(q.trim())}>
          Search
        </Button>
      </div>
      <table className={styles.table}>
        <thead>
          <tr>
            <th>ID</th>
            <th>Account</th>
            <th>Level</th>
            <th>Created</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {list.data?.list.map((u) => (
            <tr key={u.id}>
              <td>{u.id}</td>
              <td>{u.account}</td>
              <td>{u.level}</td>
              <td>{u.created_at.slice(0, 10)}</td>
              <td>
                <Button size="mini" onClick={() => void open(u.id)}>
                  Open
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager page={list.page} pages={list.pages} setPage={list.setPage} />
      <Popup visible={!!detail} onMaskClick={() => setDetail(null)} position="right" bodyStyle={{ width: 'min(100vw, 640px)', overflowY: 'auto' }}>
        {detail ? <UserDetail d={detail} onChanged={() => void open(detail.id)} onClose={() => setDetail(null)} /> : null}
      </Popup>
    </div>
  );
}

function UserDetail({ d, onChanged, onClose }: { d: AdminUserDetail; onChanged: () => void; onClose: () => void }) {
  const [currencyId, setCurrencyId] = useState(String(d.balances[0]?.currency_id ?? ''));
  const [type, setType] = useState('2');
  const [amount, setAmount] = useState('');
  const adjust = async () => {
    if (!/^-?\d+(\.\d+)?$/.test(amount.trim()) || Number(amount) === 0) {
      Toast.show({ content: 'Enter a signed amount, e.g. 100 or -25.5' });
      return;
    }
    const reason = await askReason(`Adjust ${amount} (currency ${currencyId}, ${TYPES[Number(type)]})`);
    if (reason === null) return;
    try {
      await admin.adjust({ user_id: d.id, currency_id: Number(currencyId), type: Number(type), amount: amount.trim(), reason });
      Toast.show({ icon: 'success', content: 'Adjusted' });
      setAmount('');
      onChanged();
    } catch (e) {
      Toast.show({ content: (e as Error).message });
    }
  };
  const currencies = [...new Map(d.balances.map((b) => [b.currency_id, b.currency])).entries()];
  return (
    <div className={styles.section} data-testid="user-detail">
      <div className={styles.bar}>
        <strong>
          {d.account} (#{d.id})
        </strong>
        <Button size="mini" onClick={onClose}>
          Close
        </Button>
      </div>
      <KV
        rows={[
          ['Nickname', d.nickname],
          ['Email', d.email ?? '—'],
          ['Phone', d.mobile ?? '—'],
          ['Level', String(d.level)],
        ]}
      />
      <h2>Balances</h2>
      <table className={styles.table}>
        <thead>
          <tr>
            <th>Currency</th>
            <th>Account</th>
            <th>Available</th>
            <th>Frozen</th>
          </tr>
        </thead>
        <tbody>
          {d.balances.map((b) => (
            <tr key={`${b.currency_id}-${b.type}`}>
              <td>{b.currency}</td>
              <td>{TYPES[b.type]}</td>
              <td>{b.available}</td>
              <td>{b.frozen}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Manual adjustment</h2>
      <div className={styles.row}>
        <select value={currencyId} onChange={(e) => setCurrencyId(e.target.value)} aria-label="Currency">
          {currencies.map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </select>
        <select value={type} onChange={(e) => setType(e.target.value)} aria-label="Account type">
          {[1, 2, 3, 4].map((n) => (
            <option key={n} value={n}>
              {TYPES[n]}
            </option>
          ))}
        </select>
        <input value={amount} onChange={(e) => setAmount(e.target.value)} placeholder="+100 or -25" aria-label="Signed amount" inputMode="decimal" />
        <Button size="small" color="warning" onClick={() => void adjust()}>
          Adjust
        </Button>
      </div>
      <h2>Journal</h2>
      <table className={styles.table}>
        <thead>
          <tr>
            <th>Time</th>
            <th>Reason</th>
            <th>Currency</th>
            <th>Δ available</th>
            <th>Δ frozen</th>
            <th>After</th>
          </tr>
        </thead>
        <tbody>
          {d.journal.map((j) => (
            <tr key={j.id}>
              <td>{j.created_at.replace('T', ' ').slice(0, 19)}</td>
              <td>{j.reason}</td>
              <td>
                {j.currency} · {TYPES[j.type]}
              </td>
              <td>{j.delta_available}</td>
              <td>{j.delta_frozen}</td>
              <td>{j.available_after}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
