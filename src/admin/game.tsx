import { useCallback, useEffect, useState } from 'react';
import { Button, Empty, Selector, Tag, Toast } from 'antd-mobile';
import type { AdminGameRound, AdminGameRules, GameRound } from '../../core';
import { admin } from './api';
import { ActionLog, Editable } from './settings';
import { KV } from './queues';
import styles from './admin.module.css';

const VIEWS = [
  { label: 'All rounds', value: 'all' },
  { label: 'Refunded', value: 'refund' },
];
const REFUND: Record<string, string> = { one_sided: 'one side empty', tie: 'lock = close', no_price: 'no price at an instant', no_stakes: 'no stakes' };
const time = (ms: number) => new Date(ms).toLocaleTimeString();
const result = (r: GameRound) => (r.outcome === 'refund' ? `refund · ${REFUND[r.refund_reason ?? ''] ?? r.refund_reason}` : (r.outcome ?? r.status));

/** The game's desk: the rounds in play now, the settings (each change logged with its reason), the rounds with their stakes and refunds. */
export function GameDesk() {
  const [rounds, setRounds] = useState<GameRound[] | null>(null);
  const [rules, setRules] = useState<AdminGameRules | null>(null);
  const [view, setView] = useState('all');
  const [open, setOpen] = useState<number | null>(null);
  const [logKey, setLogKey] = useState(0);
  const load = useCallback(async () => {
    try {
      const [r, s] = await Promise.all([admin.gameRounds(), admin.gameRules()]);
      setRounds(r);
      setRules(s);
    } catch (e) {
      Toast.show({ content: (e as Error).message });
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  const save = async (key: string, value: string, reason: string) => {
    try {
      await admin.setGameSetting(key, value, reason);
      Toast.show({ icon: 'success', content: 'Saved: applies from the next round' });
      await load();
      setLogKey((n) => n + 1);
    } catch (e) {
      Toast.show({ content: (e as Error).message });
    }
  };
  const current = rounds?.filter((r) => r.status !== 'settled') ?? [];
  const shown = rounds?.filter((r) => r.status === 'settled' && (view === 'all' || r.outcome === 'refund')) ?? [];

  return (
    <div data-testid="game-desk">
      <div className={styles.bar}>
        <Button size="small" onClick={() => void load()}>
          Refresh
        </Button>
      </div>
      <h2 className={styles.subhead}>In play now</h2>
      {rounds && !current.length ? <p className={`${styles.section} ${styles.muted}`}>No round is open.</p> : null}
      {current.map((r) => (
        <article key={r.id} className={styles.item} data-testid="game-admin-current">
          <div className={styles.itemHead}>
            <strong>
              Round #{r.id} · {r.symbol}
            </strong>
            <Tag color={r.status === 'open' ? 'success' : 'warning'}>{r.status === 'open' ? 'taking stakes' : 'locked'}</Tag>
          </div>
          <KV
            rows={[
              ['Up pool', r.up_total],
              ['Down pool', r.down_total],
              ['Locks / closes', `${time(r.lock_at)} / ${time(r.close_at)}`],
              ['Lock price', r.lock_tick ? `${r.lock_tick.price} (seq ${r.lock_tick.seq})` : '—'],
              ['Fee rate', r.fee_rate],
            ]}
          />
        </article>
      ))}

      <h2 className={styles.subhead}>Settings (the next round on)</h2>
      {rules ? (
        <div className={styles.section} data-testid="game-admin-settings">
          <Editable fields={{ game_symbol: rules.symbol }} onSave={(v, r) => save('game_symbol', v.game_symbol, r)} />
          <Editable fields={{ game_round_seconds: String(rules.roundMs / 1000) }} onSave={(v, r) => save('game_round_seconds', v.game_round_seconds, r)} />
          <Editable fields={{ game_fee_rate: rules.feeRate }} onSave={(v, r) => save('game_fee_rate', v.game_fee_rate, r)} />
          <Editable fields={{ game_min_stake: rules.minStake, game_max_stake: rules.maxStake }} onSave={async (v, r) => {
            if (v.game_min_stake !== rules.minStake) await save('game_min_stake', v.game_min_stake, r);
            if (v.game_max_stake !== rules.maxStake) await save('game_max_stake', v.game_max_stake, r);
          }} />
        </div>
      ) : null}

      <h2 className={styles.subhead}>Settled rounds</h2>
      <div className={styles.bar}>
        <Selector options={VIEWS} value={[view]} onChange={(v) => v[0] && setView(v[0])} />
      </div>
      {rounds && !shown.length ? <Empty description="No rounds here" /> : null}
      <div className={styles.section}>
        <table className={styles.table} data-testid="game-admin-rounds">
          <thead>
            <tr>
              <th>Round</th>
              <th>Closed</th>
              <th>Up / down</th>
              <th>Result</th>
              <th>Fee</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => (
              <tr key={r.id}>
                <td>
                  <button type="button" className={styles.rowButton} onClick={() => setOpen(open === r.id ? null : r.id)} aria-expanded={open === r.id}>
                    #{r.id}
                  </button>
                </td>
                <td>{time(r.close_at)}</td>
                <td>
                  {r.up_total} / {r.down_total}
                </td>
                <td>{result(r)}</td>
                <td>{r.fee ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {open ? <RoundStakes key={open} id={open} /> : null}

      <h2 className={styles.subhead}>Game actions</h2>
      <ActionLog key={logKey} prefix="game_" />
    </div>
  );
}

/** One round's stakes with their players: what each was paid back or won. */
function RoundStakes({ id }: { id: number }) {
  const [d, setD] = useState<AdminGameRound | null>(null);
  useEffect(() => {
    admin
      .gameRound(id)
      .then(setD)
      .catch((e: Error) => Toast.show({ content: e.message }));
  }, [id]);
  if (!d) return null;
  const r = d.round;
  return (
    <article className={styles.item} data-testid="game-admin-round">
      <div className={styles.itemHead}>
        <strong>Round #{r.id}</strong>
        <Tag color={r.outcome === 'refund' ? 'warning' : 'success'}>{result(r)}</Tag>
      </div>
      <KV
        rows={[
          ['Lock', r.lock_tick ? `${r.lock_tick.price} · seq ${r.lock_tick.seq} · ${time(r.lock_tick.ts)}` : '—'],
          ['Close', r.close_tick ? `${r.close_tick.price} · seq ${r.close_tick.seq} · ${time(r.close_tick.ts)}` : '—'],
          ['Pool / fee', `${r.pool ?? '—'} / ${r.fee ?? '—'}`],
        ]}
      />
      {d.stakes.length ? (
        <table className={`${styles.table} ${styles.breakCells}`}>
          <thead>
            <tr>
              <th>Player</th>
              <th>Side</th>
              <th>Stake</th>
              <th>{r.outcome === 'refund' ? 'Refunded' : 'Paid'}</th>
            </tr>
          </thead>
          <tbody>
            {d.stakes.map((s) => (
              <tr key={s.id}>
                <td>
                  {s.account} (#{s.user_id})
                </td>
                <td>{s.side}</td>
                <td>{s.amount}</td>
                <td>{s.payout ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className={styles.muted}>Nobody staked.</p>
      )}
    </article>
  );
}
