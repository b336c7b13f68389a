import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Switch, Toast } from 'antd-mobile';
import type { AdminSettings } from '../../core';
import { admin } from './api';
import { askReason } from './askReason';
import { tr, useT, type AdminKey, useFmt } from './i18n';
import { usePaged } from './usePaged';
import { Pager } from './queues';
import styles from './admin.module.css';

const ServiceForms = lazy(() => import('./serviceForms').then((m) => ({ default: m.ServiceForms })));

async function run(fn: () => Promise<unknown>, after: () => Promise<void>) {
  try {
    await fn();
    Toast.show({ icon: 'success', content: tr('admin.common.saved') });
    await after();
  } catch (e) {
    Toast.show({ content: (e as Error).message });
  }
}

type Reload = () => Promise<void>;
type FlagKey = 'recharge_enabled' | 'invite_required' | 'wallet_gate';

/** The site settings, loaded once; `load` reloads them after a change. */
function useSettings() {
  const [s, setS] = useState<AdminSettings | null>(null);
  const load = async () => {
    try {
      setS(await admin.settings());
    } catch (e) {
      Toast.show({ content: (e as Error).message });
    }
  };
  useEffect(() => {
    void load();
  }, []);
  return { s, load };
}

/** Site settings; every change asks for the reason that goes into the action log. */
export function Settings() {
  const t = useT();
  const { s, load } = useSettings();
  if (!s) return null;
  return (
    <div className={styles.section} data-testid="admin-settings">
      <h2>{t('admin.settings.switches')}</h2>
      <Flag s={s} load={load} flagKey="recharge_enabled" labelKey="admin.settings.rechargeEnabled" />
      <Flag s={s} load={load} flagKey="invite_required" labelKey="admin.settings.inviteRequired" />
      <Flag s={s} load={load} flagKey="wallet_gate" labelKey="admin.settings.walletGate" />
      <h2>{t('admin.settings.exchangeFee')}</h2>
      <Editable
        fields={{ exchange_fee_rate: s.exchange_fee_rate }}
        onSave={async (v, reason) =>
          run(() => admin.setSetting('exchange_fee_rate', v.exchange_fee_rate, reason), load)
        }
      />
      <h2>{t('admin.settings.currencies')}</h2>
      <CurrencySettings s={s} load={load} />
      <h2>{t('admin.settings.depositAddresses')}</h2>
      <DepositNetworks s={s} load={load} />
      <h2>{t('admin.settings.levelLimits')}</h2>
      <LevelLimits s={s} load={load} />
      <h2>{t('admin.settings.fiatRates')}</h2>
      {s.fiats.map((f) => (
        <div key={f.currency_code}>
          <strong>{f.currency_code}</strong>
          <Editable
            fields={{ rate: f.rate }}
            onSave={(v, reason) =>
              run(() => admin.setFiat({ currency_code: f.currency_code, rate: v.rate, reason }), load)
            }
          />
        </div>
      ))}
      <Suspense fallback={null}>
        <ServiceForms />
      </Suspense>
    </div>
  );
}

/** One on/off switch, turned with a reason. */
function Flag({
  s,
  load,
  flagKey,
  labelKey,
}: {
  s: AdminSettings;
  load: Reload;
  flagKey: FlagKey;
  labelKey: AdminKey;
}) {
  const t = useT();
  const label = t(labelKey);
  return (
    <div className={styles.row}>
      <Switch
        checked={s[flagKey]}
        aria-label={label}
        onChange={async (on) => {
          const reason = await askReason(
            t('admin.settings.flagTitle', { label, state: on ? t('admin.settings.on') : t('admin.settings.off') }),
          );
          if (reason !== null) await run(() => admin.setSetting(flagKey, on ? '1' : '0', reason), load);
        }}
      />
      <span>{label}</span>
    </div>
  );
}

/** Each currency's withdrawal minimum and fee. */
function CurrencySettings({ s, load }: { s: AdminSettings; load: Reload }) {
  return (
    <>
      {s.currencies.map((c) => (
        <div key={c.currency_id}>
          <strong>{c.currency}</strong>
          <Editable
            fields={{ withdraw_min: c.withdraw_min, withdraw_fee: c.withdraw_fee }}
            onSave={(v, reason) =>
              run(
                () =>
                  admin.setCurrency({
                    currency_id: c.currency_id,
                    withdraw_min: v.withdraw_min,
                    withdraw_fee: v.withdraw_fee,
                    reason,
                  }),
                load,
              )
            }
          />
        </div>
      ))}
    </>
  );
}

/** Each network's deposit address and minimum. */
function DepositNetworks({ s, load }: { s: AdminSettings; load: Reload }) {
  return (
    <>
      {s.deposit_networks.map((n) => (
        <div key={`${n.currency_id}:${n.network}`} data-testid={`deposit-network-${n.currency}-${n.network}`}>
          <strong>
            {n.currency} · {n.network}
          </strong>
          <Editable
            fields={{ address: n.address, min_deposit: n.min_deposit }}
            onSave={(v, reason) =>
              run(
                () =>
                  admin.setDepositNetwork({
                    currency_id: n.currency_id,
                    network: n.network,
                    address: v.address,
                    min_deposit: v.min_deposit,
                    reason,
                  }),
                load,
              )
            }
          />
        </div>
      ))}
    </>
  );
}

/** Each user level's withdrawal and fiat order limits. */
function LevelLimits({ s, load }: { s: AdminSettings; load: Reload }) {
  const t = useT();
  return (
    <>
      {s.limits.map((l) => (
        <div key={l.level}>
          <strong>{t('admin.settings.level', { level: l.level })}</strong>
          <Editable
            fields={{ withdraw_24h_btc: l.withdraw_24h_btc, fiat_order_usdt: l.fiat_order_usdt }}
            onSave={(v, reason) =>
              run(
                () =>
                  admin.setLimit({
                    level: l.level,
                    withdraw_24h_btc: v.withdraw_24h_btc,
                    fiat_order_usdt: v.fiat_order_usdt,
                    reason,
                  }),
                load,
              )
            }
          />
        </div>
      ))}
    </>
  );
}

export function Editable<K extends string>({
  fields,
  onSave,
}: {
  fields: Record<K, string>;
  onSave: (v: Record<K, string>, reason: string) => Promise<void>;
}) {
  const t = useT();
  const [v, setV] = useState(fields);
  const dirty = (Object.keys(fields) as K[]).some((k) => fields[k] !== v[k]);
  return (
    <div className={styles.row}>
      {(Object.keys(fields) as K[]).map((k) => (
        <label key={k}>
          <span className={styles.muted}>{t.or(`admin.settings.field.${k}`, k)} </span>
          <input
            value={v[k]}
            onChange={(e) => setV({ ...v, [k]: e.target.value })}
            aria-label={t.or(`admin.settings.field.${k}`, k)}
          />
        </label>
      ))}
      <Button
        size="mini"
        color="primary"
        disabled={!dirty}
        onClick={async () => {
          const reason = await askReason(t('admin.settings.changeReason'));
          if (reason !== null) await onSave(v, reason);
        }}
      >
        {t('admin.common.save')}
      </Button>
    </div>
  );
}

/** The operators' action log: everything, or one area's actions (`prefix` such as chat_ or game_). */
export function ActionLog({ prefix, testId }: { prefix?: string; testId?: string }) {
  const t = useT();
  const f = useFmt();
  const q = usePaged((p) => admin.log(p, prefix), [prefix]);
  return (
    <div className={styles.section} data-testid={testId}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th>{t('admin.field.time')}</th>
            <th>{t('admin.log.operator')}</th>
            <th>{t('admin.log.action')}</th>
            <th>{t('admin.log.target')}</th>
            <th>{t('admin.field.reason')}</th>
          </tr>
        </thead>
        <tbody>
          {q.data?.list.map((a) => (
            <tr key={a.id}>
              <td>{f.dateTimeSec(a.created_at)}</td>
              <td>{a.operator}</td>
              <td>{a.action}</td>
              <td>{a.target}</td>
              <td>{a.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {q.error ? <p className={styles.reject}>{q.error}</p> : null}
      {q.data && !q.data.list.length ? <p className={styles.muted}>{t('admin.log.none')}</p> : null}
      <Pager page={q.page} pages={q.pages} setPage={q.setPage} />
    </div>
  );
}
