import { useCallback, useEffect, useState } from 'react';
import { Button, Empty, Selector, Tag, Toast } from 'antd-mobile';
import type { AdminGameRound, AdminGameRules, GameRound } from '../../core';
import { admin } from './api';
import { ActionLog, Editable } from './settings';
import { KV } from './queues';
import { useT, type AdminKey, type AdminT, useFmt } from './i18n';
import styles from './admin.module.css';

const VIEWS: { key: AdminKey; value: string }[] = [
  { key: 'admin.game.allRounds', value: 'all' },
  { key: 'admin.game.refunded', value: 'refund' },
];
/** A settled round's result in words: up, down, or refund with its reason (core GameRefundReason). */
const result = (r: GameRound, t: AdminT) =>
  r.outcome === 'refund'
    ? t('admin.game.refundWhy', { why: t.or(`admin.game.refund.${r.refund_reason ?? ''}`, r.refund_reason ?? '') })
    : t.or(`admin.game.result.${r.outcome ?? r.status}`, r.outcome ?? r.status);

/** The rounds and the settings, loaded together; `save` changes one setting with its reason and renews the action log. */
function useGameDesk() {
  const t = useT();
  const [rounds, setRounds] = useState<GameRound[] | null>(null);
  const [rules, setRules] = useState<AdminGameRules | null>(null);
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
      Toast.show({ icon: 'success', content: t('admin.game.saved') });
      await load();
      setLogKey((n) => n + 1);
    } catch (e) {
      Toast.show({ content: (e as Error).message });
    }
  };
  return { rounds, rules, load, save, logKey };
}

type SaveSetting = (key: string, value: string, reason: string) => Promise<void>;

/** The game's desk: the rounds in play now, the settings (each change logged with its reason), the rounds with their stakes and refunds. */
export function GameDesk() {
  const t = useT();
  const { rounds, rules, load, save, logKey } = useGameDesk();
  const current = rounds?.filter((r) => r.status !== 'settled') ?? [];
  return (
    <div data-testid="game-desk">
      <div className={styles.bar}>
        <Button size="small" onClick={() => void load()}>
          {t('admin.common.refresh')}
        </Button>
      </div>
      <h2 className={styles.subhead}>{t('admin.game.inPlay')}</h2>
      {rounds && !current.length ? (
        <p className={`${styles.section} ${styles.muted}`}>{t('admin.game.noneOpen')}</p>
      ) : null}
      {current.map((r) => (
        <CurrentRound key={r.id} r={r} />
      ))}

      <h2 className={styles.subhead}>{t('admin.game.settings')}</h2>
      {rules ? <GameSettings rules={rules} save={save} /> : null}

      <h2 className={styles.subhead}>{t('admin.game.settled')}</h2>
      <SettledRounds rounds={rounds} />

      <h2 className={styles.subhead}>{t('admin.game.actions')}</h2>
      <ActionLog key={logKey} prefix="game_" />
    </div>
  );
}

/** A round taking stakes or locked: its pools, times, lock price and fee rate. */
function CurrentRound({ r }: { r: GameRound }) {
  const t = useT();
  const f = useFmt();
  const time = f.time;
  return (
    <article className={styles.item} data-testid="game-admin-current">
      <div className={styles.itemHead}>
        <strong>
          {t('admin.game.round', { id: r.id })} · {r.symbol}
        </strong>
        <Tag color={r.status === 'open' ? 'success' : 'warning'}>
          {r.status === 'open' ? t('admin.game.taking') : t('admin.game.locked')}
        </Tag>
      </div>
      <KV
        rows={[
          [t('admin.game.upPool'), f.num(r.up_total)],
          [t('admin.game.downPool'), f.num(r.down_total)],
          [t('admin.game.locksCloses'), `${time(r.lock_at)} / ${time(r.close_at)}`],
          [
            t('admin.game.lockPrice'),
            r.lock_tick ? t('admin.game.priceSeq', { price: f.num(r.lock_tick.price), seq: r.lock_tick.seq }) : '—',
          ],
          [t('admin.game.feeRate'), r.fee_rate],
        ]}
      />
    </article>
  );
}

/** The settings, each saved with the operator's reason. */
function GameSettings({ rules, save }: { rules: AdminGameRules; save: SaveSetting }) {
  return (
    <div className={styles.section} data-testid="game-admin-settings">
      <Editable fields={{ game_symbol: rules.symbol }} onSave={(v, r) => save('game_symbol', v.game_symbol, r)} />
      <Editable
        fields={{ game_round_seconds: String(rules.roundMs / 1000) }}
        onSave={(v, r) => save('game_round_seconds', v.game_round_seconds, r)}
      />
      <Editable
        fields={{ game_fee_rate: rules.feeRate }}
        onSave={(v, r) => save('game_fee_rate', v.game_fee_rate, r)}
      />
      <Editable
        fields={{ game_min_stake: rules.minStake, game_max_stake: rules.maxStake }}
        onSave={async (v, r) => {
          if (v.game_min_stake !== rules.minStake) await save('game_min_stake', v.game_min_stake, r);
          if (v.game_max_stake !== rules.maxStake) await save('game_max_stake', v.game_max_stake, r);
        }}
      />
    </div>
  );
}

/** The settled rounds (all, or the refunded ones); a round's number opens its stakes. */
function SettledRounds({ rounds }: { rounds: GameRound[] | null }) {
  const t = useT();
  const f = useFmt();
  const [view, setView] = useState('all');
  const [open, setOpen] = useState<number | null>(null);
  const shown = rounds?.filter((r) => r.status === 'settled' && (view === 'all' || r.outcome === 'refund')) ?? [];
  return (
    <>
      <div className={styles.bar}>
        <Selector
          options={VIEWS.map((o) => ({ label: t(o.key), value: o.value }))}
          value={[view]}
          onChange={(v) => v[0] && setView(v[0])}
        />
      </div>
      {rounds && !shown.length ? <Empty description={t('admin.game.none')} /> : null}
      <div className={styles.section}>
        <table className={styles.table} data-testid="game-admin-rounds">
          <thead>
            <tr>
              <th>{t('admin.game.roundCol')}</th>
              <th>{t('admin.game.closed')}</th>
              <th>{t('admin.game.upDown')}</th>
              <th>{t('admin.game.resultCol')}</th>
              <th>{t('admin.game.fee')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => (
              <tr key={r.id}>
                <td>
                  <button
                    type="button"
                    className={styles.rowButton}
                    onClick={() => setOpen(open === r.id ? null : r.id)}
                    aria-expanded={open === r.id}
                  >
                    #{r.id}
                  </button>
                </td>
                <td>{f.time(r.close_at)}</td>
                <td>
                  {f.num(r.up_total)} / {f.num(r.down_total)}
                </td>
                <td>{result(r, t)}</td>
                <td>{f.num(r.fee)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {open ? <RoundStakes key={open} id={open} /> : null}
    </>
  );
}

/** One round's stakes with their players: what each was paid back or won. */
function RoundStakes({ id }: { id: number }) {
  const t = useT();
  const f = useFmt();
  const time = f.time;
  const [d, setD] = useState<AdminGameRound | null>(null);
  useEffect(() => {
    let current = true; // another round opened before the answer came drops that answer
    admin
      .gameRound(id)
      .then((round) => current && setD(round))
      .catch((e: Error) => current && Toast.show({ content: e.message }));
    return () => {
      current = false;
    };
  }, [id]);
  if (!d) return null;
  const r = d.round;
  return (
    <article className={styles.item} data-testid="game-admin-round">
      <div className={styles.itemHead}>
        <strong>{t('admin.game.round', { id: r.id })}</strong>
        <Tag color={r.outcome === 'refund' ? 'warning' : 'success'}>{result(r, t)}</Tag>
      </div>
      <KV
        rows={[
          [
            t('admin.game.lock'),
            r.lock_tick
              ? t('admin.game.tick', {
                  price: f.num(r.lock_tick.price),
                  seq: r.lock_tick.seq,
                  time: time(r.lock_tick.ts),
                })
              : '—',
          ],
          [
            t('admin.game.close'),
            r.close_tick
              ? t('admin.game.tick', {
                  price: f.num(r.close_tick.price),
                  seq: r.close_tick.seq,
                  time: time(r.close_tick.ts),
                })
              : '—',
          ],
          [t('admin.game.poolFee'), `${f.num(r.pool)} / ${f.num(r.fee)}`],
        ]}
      />
      {d.stakes.length ? (
        <table className={`${styles.table} ${styles.breakCells}`}>
          <thead>
            <tr>
              <th>{t('admin.game.player')}</th>
              <th>{t('admin.game.side')}</th>
              <th>{t('admin.game.stake')}</th>
              <th>{r.outcome === 'refund' ? t('admin.game.refundedCol') : t('admin.game.paid')}</th>
            </tr>
          </thead>
          <tbody>
            {d.stakes.map((s) => (
              <tr key={s.id}>
                <td>
                  {s.account} (#{s.user_id})
                </td>
                <td>{t.or(`admin.game.result.${s.side}`, s.side)}</td>
                <td>{f.num(s.amount)}</td>
                <td>{f.num(s.payout)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className={styles.muted}>{t('admin.game.nobody')}</p>
      )}
    </article>
  );
}
