import { useEffect, useState } from 'react';
import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import {
  LEVER_STATUS,
  openingLiquidationPrice,
  type LeverAccountSummary,
  type LeverEntry,
  type LeverPosition,
  type LeverSide,
  type PairTradeSettings,
} from '../../../../core';
import { PATHS } from '../../../nav/paths';
import { leverSubmit } from '../../../api/trade';
import { AmountField } from '../../../components/form';
import { Num } from '../../../components/Num';
import { toastSuccess } from '../../../lib/toast';
import { useTicker } from '../../../market';
import { session } from '../../../stores/session';
import { ConfirmSheet } from './ConfirmSheet';
import { claimNotice } from './noticeClaims';
import { expectedFill, gt, leverPreview, maxLots, minus } from './preview';
import { TpSlFields } from './TpSlFields';
import { OrderPriceFields } from './OrderPriceFields';
import { usePickedPrice, type PickedPrice } from './picked';
import styles from './trade-form.module.css';

export interface LeverFormProps {
  settings: PairTradeSettings | null;
  account: LeverAccountSummary | null;
  priceDecimals: number;
  /** a price tapped in the book beside the form */
  picked?: PickedPrice | null;
  onOpened: (p: LeverPosition) => void;
}

/**
 * Open a contract position: long/short, market/limit, lots, a multiple from the pair's allowed
 * set, optional TP/SL; margin and opening fee previewed with core's formulas before confirming.
 */
export function LeverForm({ settings: s, account, priceDecimals, onOpened, picked }: LeverFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = useSnapshot(session);
  const [side, setSide] = useState<LeverSide>('long');
  const [entry, setEntry] = useState<LeverEntry>('market');
  const [price, setPrice] = useState('');
  const [lots, setLots] = useState('');
  const [multiple, setMultiple] = useState<number | null>(null);
  const [tp, setTp] = useState('');
  const [sl, setSl] = useState('');
  const [withTpSl, setWithTpSl] = useState(false);
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  usePickedPrice(picked, (p) => {
    setEntry('limit');
    setPrice(p);
  });

  const symbol = s?.symbol ?? '';
  const live = useTicker(symbol)?.last ?? null;
  useEffect(() => {
    if (s && (multiple === null || !s.multiples.includes(multiple)))
      setMultiple(s.multiples.includes(10) ? 10 : (s.multiples[0] ?? null));
  }, [s, multiple]);

  const quote = s?.quote ?? 'USDT';
  // a limit entry that crosses the market opens at once at the market price: preview and confirm say so
  const fill = expectedFill(entry, side, price, live);
  const usePrice = fill.price;
  const mult = multiple ?? 0;
  const preview = s ? leverPreview(side, usePrice, lots, s.lot_size, mult, s.lever_fee_rate) : null;
  const available = account?.balance ?? null;
  // where this position would be liquidated once open (cross margin: the whole lever account backs it)
  const liqEstimate =
    s && account && preview && usePrice && lots && gt(lots, '0') && gt(usePrice, '0') && mult > 0
      ? openingLiquidationPrice(
          { equity: account.equity, usedMargin: account.total_margin, fee: preview.fee },
          { side, lots, lotSize: s.lot_size, multiple: String(mult), openPrice: usePrice },
          account.liquidation_line,
        )
      : null;
  const max = s ? maxLots(available, usePrice, s.lot_size, mult, s.lever_fee_rate, s.lots_decimals, s.max_lots) : null;

  const lotsError = (() => {
    if (!touched || !s) return null;
    if (!lots || !gt(lots, '0')) return t('trade.err.lots');
    if (gt(s.min_lots, lots) || gt(lots, s.max_lots))
      return t('trade.err.lotsRange', { min: s.min_lots, max: s.max_lots });
    if (preview && available !== null && gt(preview.cost, available)) return t('common.insufficientBalance');
    return null;
  })();
  const priceError = touched && entry === 'limit' && (!price || !gt(price, '0')) ? t('trade.err.price') : null;
  const ref = usePrice || '0';
  const long = side === 'long';
  const tpErr =
    tp && gt(ref, '0') && (long ? !gt(tp, ref) : !gt(ref, tp))
      ? t(long ? 'trade.err.tpLong' : 'trade.err.tpShort')
      : null;
  const slErr =
    sl && gt(ref, '0') && (long ? !gt(ref, sl) : !gt(sl, ref))
      ? t(long ? 'trade.err.slLong' : 'trade.err.slShort')
      : null;

  const submit = (sd: LeverSide) => {
    if (!token) {
      navigate(PATHS.login);
      return;
    }
    setSide(sd);
    setTouched(true);
    if (!s || !lots || !gt(lots, '0') || gt(s.min_lots, lots) || gt(lots, s.max_lots)) return;
    if (entry === 'limit' && (!price || !gt(price, '0'))) return;
    if (tpErr || slErr) return;
    const pv = leverPreview(sd, usePrice, lots, s.lot_size, mult, s.lever_fee_rate);
    if (pv && available !== null && gt(pv.cost, available)) return;
    setConfirming(true);
  };

  const place = async () => {
    if (!s || multiple === null) return;
    setPending(true);
    try {
      const p = await leverSubmit({
        currency_id: s.currency_id,
        legal_id: s.legal_id,
        type: side,
        status: entry,
        target_price: entry === 'limit' ? price : undefined,
        share: lots,
        multiple,
        target_profit_price: tp || undefined,
        stop_loss_price: sl || undefined,
      });
      if (p.status === LEVER_STATUS.entrusted) toastSuccess(t('trade.lever.entrusted'));
      else if (claimNotice('lever_opened', p.id))
        toastSuccess(t('trade.notice.lever_opened', { symbol: p.symbol, price: p.price ?? '' }));
      setConfirming(false);
      setLots('');
      setTp('');
      setSl('');
      setWithTpSl(false);
      setTouched(false);
      onOpened(p);
    } catch {
      /* shown by the client; input kept */
    } finally {
      setPending(false);
    }
  };

  // exact figures: this is what will be locked and charged
  const amt = (v: string | null | undefined, unit = quote) => (v ? `${v} ${unit}` : '--');
  const title = side === 'long' ? t('trade.lever.openLong') : t('trade.lever.openShort');

  return (
    <form className={styles.form} aria-label={t('trade.lever.form')} onSubmit={(e) => e.preventDefault()} noValidate>
      <OrderPriceFields
        kind={entry}
        onKind={(k) => {
          setEntry(k);
          if (k === 'limit' && !price && live) setPrice(live);
        }}
        price={price}
        onPrice={setPrice}
        decimals={priceDecimals}
        unit={quote}
        error={priceError}
      />

      <div className={styles.fieldLabel} id="multiple-label">
        {t('trade.lever.multiple')}
      </div>
      <div className={styles.chips} role="radiogroup" aria-labelledby="multiple-label">
        {(s?.multiples ?? []).map((m) => (
          <button
            key={m}
            type="button"
            role="radio"
            aria-checked={m === multiple}
            className={`${styles.chip} ${m === multiple ? styles.chipOn : ''}`}
            data-testid={`multiple-${m}`}
            onClick={() => setMultiple(m)}
          >
            {m}×
          </button>
        ))}
      </div>

      <AmountField
        label={t('trade.lever.lots')}
        value={lots}
        onChange={setLots}
        decimals={s?.lots_decimals ?? 0}
        unit={s ? t('trade.lever.lotSize', { size: s.lot_size, base: s.base }) : undefined}
        maxAmount={token ? max : undefined}
        available={token ? available : undefined}
        availableUnit={quote}
        error={lotsError}
        onBlur={() => lots && setTouched(true)}
        data-testid="lots-input"
      />

      {/* a native checkbox: the kit's would add its weight to the trade screen's first load (bundle budget) */}
      <label className={styles.tpslToggle}>
        <input
          type="checkbox"
          checked={withTpSl}
          onChange={(e) => {
            setWithTpSl(e.target.checked);
            if (!e.target.checked) {
              setTp('');
              setSl('');
            }
          }}
          data-testid="tpsl-toggle"
        />
        {t('trade.lever.tpsl')}
      </label>
      {withTpSl ? (
        <TpSlFields
          side={side}
          entry={usePrice}
          lots={lots}
          lotSize={s?.lot_size ?? ''}
          multiple={mult}
          quote={quote}
          priceDecimals={priceDecimals}
          tp={tp}
          sl={sl}
          onTp={setTp}
          onSl={setSl}
          tpError={tpErr}
          slError={slErr}
        />
      ) : null}

      <div className={styles.summary}>
        <div>
          <span>{t('trade.lever.margin')}</span>
          <span data-testid="margin-preview">{amt(preview?.margin)}</span>
        </div>
        <div>
          <span>{t('trade.lever.openingFee')}</span>
          <span data-testid="fee-preview">{amt(preview?.fee)}</span>
        </div>
      </div>

      <div className={styles.twoBtns}>
        <Button
          block
          className={styles.buyBtn}
          disabled={pending || (!!token && !s)}
          onClick={() => submit('long')}
          data-testid="open-long"
        >
          {token ? t('trade.lever.openLong') : t('trade.loginToTrade')}
        </Button>
        <Button
          block
          className={styles.sellBtn}
          disabled={pending || (!!token && !s)}
          onClick={() => submit('short')}
          data-testid="open-short"
        >
          {token ? t('trade.lever.openShort') : t('trade.loginToTrade')}
        </Button>
      </div>

      <ConfirmSheet
        visible={confirming}
        title={title}
        pending={pending}
        onClose={() => setConfirming(false)}
        onConfirm={() => void place()}
        confirmText={t('common.confirm')}
        confirmColor={side === 'long' ? 'success' : 'danger'}
        rows={[
          { label: t('trade.pair'), value: `${symbol} · ${t(`trade.lever.${side}`)} ${mult}×` },
          { label: t('trade.orderType'), value: t(`trade.${entry}`) },
          {
            label: entry === 'market' || fill.crosses ? t('trade.estPrice') : t('trade.price'),
            value: usePrice ? <Num value={usePrice} format="price" decimals={priceDecimals} tint={false} /> : '--',
          },
          { label: t('trade.lever.lots'), value: s ? `${lots} × ${s.lot_size} ${s.base}` : lots },
          { label: t('trade.lever.margin'), value: amt(preview?.margin) },
          { label: t('trade.lever.openingFee'), value: amt(preview?.fee) },
          { label: t('trade.lever.cost'), value: amt(preview?.cost), strong: true },
          {
            label: t('trade.lever.estLiqPrice'),
            value: liqEstimate ? (
              <Num value={liqEstimate} format="price" decimals={priceDecimals} tint={false} data-testid="confirm-liq" />
            ) : (
              '--'
            ),
          },
          { label: t('trade.balanceAfter'), value: amt(minus(available, preview?.cost)) },
          ...(tp ? [{ label: t('trade.lever.tp'), value: tp }] : []),
          ...(sl ? [{ label: t('trade.lever.sl'), value: sl }] : []),
        ]}
        note={
          entry === 'market' ? t('trade.marketNote') : fill.crosses ? t('trade.limitCrossNote') : t('trade.limitNote')
        }
      />
    </form>
  );
}
