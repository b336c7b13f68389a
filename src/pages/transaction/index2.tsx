import { useCallback, useEffect, useMemo, useState } from 'react';
import { Dialog, Tabs } from 'antd-mobile';
import { FileOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import {
  ExactDecimal,
  LEVER_STATUS,
  assetFormat,
  leverSideOf,
  marginRatio,
  netRealisedPnl,
  type LeverAccountSummary,
  type LeverBatchType,
  type LeverPosition,
} from '../../../core';
import { PATHS, pathOf } from '../../nav/paths';
import { leverBatchClose, leverClose, leverDeal, leverDealAll } from '../../api/trade';
import { Num } from '../../components/Num';
import { PageFrame } from '../../components/PageFrame';
import { toastSuccess } from '../../lib/toast';
import { usePositions, useUserEvents } from '../../market';
import type { LeverAccountInput, PositionInput } from '../../market/types';
import { pairs } from '../../market/pairs';
import { session } from '../../stores/session';
import { ChartPanel } from './components/ChartPanel';
import { LeverForm } from './components/LeverForm';
import { OrderBook } from '../../components/book/OrderBook';
import type { PickedPrice } from './components/picked';
import { PairHeader } from './components/PairHeader';
import { PositionCard } from './components/PositionCard';
import { TpSlEditor } from './components/TpSlEditor';
import { TradeTabs } from './components/TradeTabs';
import { claimNotice } from './components/noticeClaims';
import { rememberSettings, usePair, usePairSymbol } from './components/usePair';
import cs from './components/components.module.css';
import styles from './transaction.module.css';

/** Positions beyond this many pages are not priced live; a user with more sees them in contract_order. */
const MAX_PAGES = 10;

async function allOpenPositions(): Promise<{ account: LeverAccountSummary; list: LeverPosition[] }> {
  const first = await leverDealAll(1);
  const list = [...first.positions.list];
  let more = first.positions.has_more;
  for (let page = 2; more && page <= MAX_PAGES; page++) {
    const next = await leverDealAll(page);
    list.push(...next.positions.list);
    more = next.positions.has_more;
  }
  return { account: first.account, list };
}

const toInput = (p: LeverPosition): PositionInput => ({
  id: p.id,
  symbol: p.symbol,
  side: leverSideOf(p.type),
  lots: p.share,
  lotSize: p.lot_size,
  multiple: String(p.multiple),
  openPrice: p.price ?? '0',
  price: p.update_price ?? undefined,
});

/** Futures: open long/short with a multiple, positions with live P&L and risk rate, TP/SL, closes. */
export default function ContractTradePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = useSnapshot(session);
  const { bySymbol } = useSnapshot(pairs);
  const symbol = usePairSymbol();
  const pair = usePair(symbol);
  const ids = pair.settings ?? pair.quote;
  const [account, setAccount] = useState<LeverAccountSummary | null>(null);
  const [positions, setPositions] = useState<LeverPosition[]>([]);
  const [entrusted, setEntrusted] = useState<LeverPosition[]>([]);
  const [tab, setTab] = useState<'positions' | 'entrusted'>('positions');
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState<number | 'batch' | null>(null);
  const [editing, setEditing] = useState<LeverPosition | null>(null);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const [picked, setPicked] = useState<PickedPrice | null>(null);
  const pick = useCallback((price: string) => setPicked({ price }), []);

  useEffect(() => {
    if (!token || !ids) return;
    let live = true;
    leverDeal(ids.currency_id, ids.legal_id)
      .then((d) => {
        if (!live) return;
        rememberSettings(d.settings);
        setAccount(d.account);
        setEntrusted(d.my_transaction.filter((p) => p.status === LEVER_STATUS.entrusted));
      })
      .catch(() => {});
    allOpenPositions()
      .then((r) => {
        if (!live) return;
        setAccount(r.account);
        setPositions(r.list.filter((p) => p.status === LEVER_STATUS.position));
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [token, ids, version]);

  // Opens, closes, TP/SL hits and liquidations (from any device or the server's jobs) reload.
  useUserEvents((e) => {
    if (e.kind === 'position') reload();
  });

  const inputs = useMemo(() => positions.map(toInput), [positions]);
  const riskAccount = useMemo<LeverAccountInput | undefined>(
    () =>
      account
        ? // core's `balance` includes the margin locked in the positions: equity minus unrealised P&L.
          {
            balance: new ExactDecimal(account.equity).minus(account.unrealised_profit).toFixed(),
            liquidationLine: account.liquidation_line,
          }
        : undefined,
    [account],
  );
  const live = usePositions(inputs, riskAccount);
  const liveById = useMemo(() => new Map((live?.rows ?? []).map((r) => [r.id, r])), [live]);
  const unrealised =
    live && live.equity && riskAccount
      ? new ExactDecimal(live.equity).minus(riskAccount.balance).toFixed()
      : account?.unrealised_profit;
  const riskRate = live ? live.riskRate : account?.risk_rate;
  const ratio = live ? live.marginRatio : account ? marginRatio(account.risk_rate, account.liquidation_line) : null;

  const closeOne = async (p: LeverPosition) => {
    const isEntrust = p.status === LEVER_STATUS.entrusted;
    const ok = await Dialog.confirm({
      content: isEntrust ? t('trade.cancelConfirm') : t('trade.lever.closeConfirm'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    setBusy(p.id);
    try {
      const done = await leverClose(p.id);
      claimNotice('lever_closed', done.id);
      const quote = done.symbol.split('/')[1];
      if (isEntrust) toastSuccess(t('trade.cancelled'));
      else
        void Dialog.alert({
          title: t('trade.lever.resultTitle'),
          confirmText: t('common.gotIt'),
          content: (
            <div className={cs.sheetRows} data-testid="close-result">
              <div className={cs.sheetRow}>
                <dt>{t('trade.lever.closePrice')}</dt>
                <dd>
                  {done.close_price ? (
                    <Num value={done.close_price} format="price" decimals={pair.priceDecimals} tint={false} />
                  ) : (
                    '--'
                  )}
                </dd>
              </div>
              <div className={`${cs.sheetRow} ${cs.sheetStrong}`}>
                <dt>{t('trade.lever.realised')}</dt>
                <dd data-testid="close-pnl" data-value={done.profits ?? ''}>
                  {/* the exact journaled value stays in data-value; shown at the quote's precision (cents for USDT) */}
                  <Num value={done.profits} signed tint={false} {...assetFormat(quote)} suffix={` ${quote}`} />
                </dd>
              </div>
              <div className={cs.sheetRow}>
                <dt>{t('trade.lever.fees')}</dt>
                <dd>
                  <Num
                    value={new ExactDecimal(done.trade_fee).plus(done.overnight_money).toFixed()}
                    tint={false}
                    suffix={` ${quote}`}
                  />
                </dd>
              </div>
              {done.profits !== null ? (
                <div className={`${cs.sheetRow} ${cs.sheetStrong}`}>
                  <dt>{t('trade.lever.netPnl')}</dt>
                  <dd data-testid="close-net-pnl">
                    <Num
                      value={netRealisedPnl(done.profits, done.trade_fee, done.overnight_money)}
                      signed
                      tint={false}
                      {...assetFormat(quote)}
                      suffix={` ${quote}`}
                    />
                  </dd>
                </div>
              ) : null}
            </div>
          ),
        });
      reload();
    } catch {
      /* shown by the client */
    } finally {
      setBusy(null);
    }
  };

  const batch = async (type: LeverBatchType) => {
    const key = type === 'all' ? 'batchConfirmAll' : type === 'long' ? 'batchConfirmLong' : 'batchConfirmShort';
    const ok = await Dialog.confirm({
      content: t(`trade.lever.${key}`),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    setBusy('batch');
    try {
      const r = await leverBatchClose(type);
      toastSuccess(t('trade.lever.batchDone', { n: r.closed }));
      reload();
    } catch {
      /* shown by the client */
    } finally {
      setBusy(null);
    }
  };

  const list = tab === 'positions' ? positions : entrusted;

  return (
    <PageFrame title={t('trade.title.contracts')} back={false}>
      <TradeTabs active="contract" symbol={symbol} />
      <PairHeader
        pair={pair}
        back="transaction/index2"
        right={
          <button
            type="button"
            className={styles.iconBtn}
            aria-label={t('trade.title.contractOrders')}
            onClick={() => navigate(pathOf('transaction/contract_order'))}
          >
            <FileOutline aria-hidden />
          </button>
        }
      />
      {token && account ? (
        <div className={styles.account} data-testid="lever-account">
          <div>
            <span>{t('trade.lever.equity')}</span>
            <span>
              <Num value={live?.equity ?? account.equity} />
            </span>
          </div>
          <div>
            <span>{t('trade.lever.unrealised')}</span>
            <span>
              <Num value={unrealised} signed />
            </span>
          </div>
          <div>
            <span>{t('trade.lever.marginRatio')}</span>
            <span data-testid="margin-ratio">
              {ratio ? <Num value={ratio} suffix="%" tint={false} format="price" decimals={2} /> : '--'}
            </span>
          </div>
          <div>
            <span>{t('trade.lever.riskRate')}</span>
            <span data-testid="risk-rate">
              {riskRate ? <Num value={riskRate} suffix="%" tint={false} format="price" decimals={2} /> : '--'}
            </span>
          </div>
        </div>
      ) : null}
      <ChartPanel symbol={symbol} precision={pair.priceDecimals} />
      <div className={styles.split}>
        <LeverForm
          settings={pair.settings}
          account={account}
          priceDecimals={pair.priceDecimals}
          onOpened={reload}
          picked={picked}
        />
        <OrderBook symbol={symbol} priceDecimals={pair.priceDecimals} rows={9} onPick={pick} />
      </div>

      <section className={styles.section} aria-label={t('trade.lever.positions')}>
        <Tabs activeKey={tab} onChange={(k) => setTab(k as 'positions' | 'entrusted')} className={styles.tabs}>
          <Tabs.Tab key="positions" title={`${t('trade.tabs.positions')} (${positions.length})`} />
          <Tabs.Tab key="entrusted" title={`${t('trade.tabs.entrusted')} (${entrusted.length})`} />
        </Tabs>
        {!token ? (
          <div className={styles.empty}>
            <button type="button" className={styles.sectionLink} onClick={() => navigate(PATHS.login)}>
              {t('trade.loginToSeeOrders')}
            </button>
          </div>
        ) : (
          <>
            {tab === 'positions' && positions.length > 0 ? (
              <div className={styles.batch}>
                {(['all', 'long', 'short'] as const).map((b) => (
                  <button
                    key={b}
                    type="button"
                    className={cs.smallBtn}
                    disabled={busy !== null}
                    onClick={() => void batch(b)}
                    data-testid={`batch-${b}`}
                  >
                    {t(
                      b === 'all'
                        ? 'trade.lever.closeAll'
                        : b === 'long'
                          ? 'trade.lever.closeLongs'
                          : 'trade.lever.closeShorts',
                    )}
                  </button>
                ))}
              </div>
            ) : null}
            {list.length === 0 ? (
              <div className={styles.empty}>
                {tab === 'positions' ? t('trade.lever.noPositions') : t('trade.noOpenOrders')}
              </div>
            ) : (
              <ul className={cs.list} aria-label={t('trade.lever.positions')} data-testid="positions">
                {list.map((p) => (
                  <li key={p.id}>
                    <PositionCard
                      p={p}
                      live={liveById.get(p.id)}
                      priceDecimals={
                        p.symbol === symbol ? pair.priceDecimals : (bySymbol[p.symbol]?.price_decimals ?? 2)
                      }
                      busy={busy !== null}
                      onClose={(x) => void closeOne(x)}
                      onTpSl={setEditing}
                    />
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </section>
      {editing ? (
        <TpSlEditor
          p={editing}
          priceDecimals={pair.priceDecimals}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
    </PageFrame>
  );
}
