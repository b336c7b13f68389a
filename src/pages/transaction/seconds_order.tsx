import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Selector } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import {
  ACCOUNT_TYPES,
  ratioFraction,
  secondsPayout,
  type SecondsConfig,
  type SecondsOrder,
  type SecondsPayableCurrency,
  type SecondsType,
} from '../../../core';
import { PATHS } from '../../nav/paths';
import { secondsConfigs, secondsList, secondsPayable, secondsSubmit } from '../../api/trade';
import { AmountField } from '../../components/form';
import { Num } from '../../components/Num';
import { PageFrame } from '../../components/PageFrame';
import { useTicker, useUserEvents } from '../../market';
import { pairs } from '../../market/pairs';
import { session } from '../../stores/session';
import { ChartPanel } from './components/ChartPanel';
import { ConfirmSheet } from './components/ConfirmSheet';
import { PagedList } from '../../components/trade/PagedList';
import { PairHeader } from './components/PairHeader';
import { SecondsOrderCard } from './components/SecondsOrderCard';
import { SecondsRun } from './components/SecondsRun';
import { TradeTabs } from './components/TradeTabs';
import { useBalance } from './components/useBalance';
import { usePair, usePairSymbol } from './components/usePair';
import { gt, minus } from './components/preview';
import fs from './components/trade-form.module.css';
import ss from './components/seconds.module.css';
import styles from './transaction.module.css';

/** profit_ratio arrives in percent (WIRE.md) */
const pct = (percent: string) => `${percent}%`;

/** What a win pays in profit, by core's settlement rule (a winning close one step past the open). */
function winProfit(type: SecondsType, stake: string, percent: string): string | null {
  if (!stake || !gt(stake, '0')) return null;
  return secondsPayout({
    direction: type,
    stake,
    profitRatio: ratioFraction(percent),
    openPrice: '1',
    closePrice: type === 'up' ? '2' : '0',
  }).profit;
}

/** Options (seconds) trading: direction, duration with its profit ratio, stake, countdown and result. */
export default function SecondsTradePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = useSnapshot(session);
  const { bySymbol } = useSnapshot(pairs);
  const symbol = usePairSymbol();
  const pair = usePair(symbol);
  const matchId = pair.settings?.currency_id ?? pair.quote?.currency_id;
  const [configs, setConfigs] = useState<SecondsConfig[]>([]);
  const [payable, setPayable] = useState<SecondsPayableCurrency[]>([]);
  const [configId, setConfigId] = useState<number | null>(null);
  const [currencyId, setCurrencyId] = useState<number | null>(null);
  const [stake, setStake] = useState('');
  const [touched, setTouched] = useState(false);
  const [confirm, setConfirm] = useState<SecondsType | null>(null);
  const [pending, setPending] = useState(false);
  const [running, setRunning] = useState<SecondsOrder | null>(null);
  const [version, setVersion] = useState(0);
  const bump = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    secondsConfigs()
      .then((c) => {
        setConfigs(c);
        setConfigId((cur) => cur ?? c[0]?.id ?? null);
      })
      .catch(() => {});
  }, []);
  useEffect(() => {
    if (!token) return;
    secondsPayable()
      .then((p) => {
        setPayable(p);
        setCurrencyId((cur) => cur ?? p[0]?.id ?? null);
      })
      .catch(() => {});
  }, [token]);

  useUserEvents((e) => {
    if (e.kind === 'seconds') bump();
  });

  const cfg = configs.find((c) => c.id === configId) ?? null;
  const cur = payable.find((p) => p.id === currencyId) ?? null;
  const bal = useBalance(currencyId ?? undefined, ACCOUNT_TYPES.micro);
  const available = bal.balance?.available ?? cur?.user_wallet.micro_with_insurance ?? null;
  const stakeDecimals = cur ? (bySymbol[`${cur.name}/USDT`]?.qty_decimals ?? 2) : 2;
  const maxStake = useMemo(() => {
    if (!available || !cfg) return null;
    return gt(available, cfg.max_amount) ? cfg.max_amount : available;
  }, [available, cfg]);
  const live = useTicker(symbol)?.last ?? pair.quote?.last;

  const stakeError = (() => {
    if (!touched || !cfg) return null;
    if (!stake || !gt(stake, '0')) return t('trade.err.stake');
    if (gt(cfg.min_amount, stake) || gt(stake, cfg.max_amount))
      return t('trade.err.stakeRange', { min: cfg.min_amount, max: cfg.max_amount });
    if (available !== null && gt(stake, available)) return t('common.insufficientBalance');
    return null;
  })();

  const start = (type: SecondsType) => {
    if (!token) {
      navigate(PATHS.login);
      return;
    }
    setTouched(true);
    if (!cfg || !cur || !stake || !gt(stake, '0') || gt(cfg.min_amount, stake) || gt(stake, cfg.max_amount)) return;
    if (available !== null && gt(stake, available)) return;
    setConfirm(type);
  };

  const place = async () => {
    if (!confirm || !cfg || !cur || !matchId) return;
    setPending(true);
    try {
      const o = await secondsSubmit({
        match_id: matchId,
        currency_id: cur.id,
        type: confirm,
        seconds: cfg.seconds,
        number: stake,
      });
      setConfirm(null);
      setRunning(o);
      setTouched(false);
      bump();
    } catch {
      /* shown by the client; stake kept */
    } finally {
      setPending(false);
    }
  };

  const unit = cur?.name ?? 'USDT';
  const profit = confirm && cfg ? winProfit(confirm, stake, cfg.profit_ratio) : null;
  const onSettled = useCallback(() => bump(), [bump]);

  return (
    <PageFrame title={t('trade.title.seconds')} back={false}>
      <TradeTabs active="seconds" symbol={symbol} />
      <PairHeader pair={pair} back="transaction/seconds_order" />
      <ChartPanel symbol={symbol} precision={pair.priceDecimals} />
      <form className={fs.form} aria-label={t('trade.seconds.form')} onSubmit={(e) => e.preventDefault()} noValidate>
        <div className={fs.fieldLabel} id="dur-label">
          {t('trade.seconds.duration')}
        </div>
        <div className={ss.configs} role="radiogroup" aria-labelledby="dur-label">
          {configs.map((c) => (
            <button
              key={c.id}
              type="button"
              role="radio"
              aria-checked={c.id === configId}
              className={`${ss.config} ${c.id === configId ? ss.configOn : ''}`}
              data-testid={`seconds-${c.seconds}`}
              onClick={() => setConfigId(c.id)}
            >
              <span className={ss.configSec}>{c.seconds}s</span>
              <span className={ss.configPct}>{t('trade.seconds.profitRatio', { pct: pct(c.profit_ratio) })}</span>
            </button>
          ))}
        </div>
        {payable.length > 1 ? (
          <>
            <div className={fs.fieldLabel}>{t('trade.seconds.stakeCurrency')}</div>
            <Selector
              className={ss.selector}
              columns={4}
              value={currencyId ? [currencyId] : []}
              onChange={(v) => v[0] && setCurrencyId(v[0])}
              options={payable.map((p) => ({ label: p.name, value: p.id }))}
            />
          </>
        ) : null}
        <AmountField
          label={t('trade.seconds.stake')}
          value={stake}
          onChange={setStake}
          decimals={stakeDecimals}
          unit={unit}
          maxAmount={token ? maxStake : undefined}
          available={token ? available : undefined}
          availableUnit={unit}
          error={stakeError}
          onBlur={() => stake && setTouched(true)}
          data-testid="stake-input"
        />
        {cfg ? (
          <div className={ss.range}>{t('trade.seconds.range', { min: cfg.min_amount, max: cfg.max_amount })}</div>
        ) : null}
        <div className={fs.twoBtns}>
          <Button
            block
            className={fs.buyBtn}
            disabled={pending || (!!token && !cfg)}
            onClick={() => start('up')}
            data-testid="seconds-up"
          >
            {token ? t('trade.seconds.buyUp') : t('trade.loginToTrade')}
          </Button>
          <Button
            block
            className={fs.sellBtn}
            disabled={pending || (!!token && !cfg)}
            onClick={() => start('down')}
            data-testid="seconds-down"
          >
            {token ? t('trade.seconds.buyDown') : t('trade.loginToTrade')}
          </Button>
        </div>
      </form>

      <section className={styles.section} aria-labelledby="my-options">
        <div className={styles.sectionHead}>
          <h2 id="my-options" className={styles.sectionTitle}>
            {t('trade.seconds.orders')}
          </h2>
        </div>
        {token && matchId ? (
          <PagedList<SecondsOrder>
            fetchPage={(page) => secondsList({ match_id: matchId, page })}
            version={`${matchId}|${version}`}
            keyOf={(o) => o.id}
            pull={false}
            label={t('trade.seconds.orders')}
            data-testid="seconds-orders"
            empty={t('trade.seconds.noOrders')}
            renderItem={(o) => <SecondsOrderCard o={o} priceDecimals={pair.priceDecimals} />}
          />
        ) : !token ? (
          <div className={styles.empty}>
            <button type="button" className={styles.sectionLink} onClick={() => navigate(PATHS.login)}>
              {t('trade.loginToSeeOrders')}
            </button>
          </div>
        ) : null}
      </section>

      <ConfirmSheet
        visible={confirm !== null}
        title={confirm === 'down' ? t('trade.seconds.buyDown') : t('trade.seconds.buyUp')}
        pending={pending}
        onClose={() => setConfirm(null)}
        onConfirm={() => void place()}
        confirmText={t('common.confirm')}
        confirmColor={confirm === 'down' ? 'danger' : 'success'}
        rows={[
          { label: t('trade.pair'), value: symbol },
          { label: t('trade.seconds.duration'), value: cfg ? `${cfg.seconds}s` : '--' },
          {
            label: t('trade.seconds.buyPrice'),
            value: live ? <Num value={live} format="price" decimals={pair.priceDecimals} tint={false} /> : '--',
          },
          { label: t('trade.seconds.stake'), value: `${stake} ${unit}` },
          {
            label: t('trade.seconds.expectedProfit'),
            value: profit ? `${profit} ${unit} (${pct(cfg?.profit_ratio ?? '0')})` : '--',
            strong: true,
          },
          { label: t('trade.balanceAfter'), value: `${minus(available, stake) ?? '--'} ${unit}` },
        ]}
        note={t('trade.seconds.rule')}
      />
      {running ? (
        <SecondsRun
          order={running}
          priceDecimals={pair.priceDecimals}
          onClose={() => setRunning(null)}
          onSettled={onSettled}
        />
      ) : null}
    </PageFrame>
  );
}
