import { useState } from 'react';
import { Button, Selector } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { OTC_RULES, parseOtcAmount, type OtcQuote } from '../../../core';
import { DecimalInput } from '../../components/form';
import { Facts } from '../../components/product/Facts';
import { Money } from '../../components/Money';
import { Num } from '../../components/Num';
import { useNow } from '../../components/product/useNow';
import { executeQuote, getQuote, type OtcConfig } from '../../api/otc';
import { Filters } from './Filters';
import s from './otc.module.css';

/** Quick buy in two taps: a quote from the best ad (held ~10 s, counting down), then the order on that ad. */
export function QuickBuy({ cfg, onOrder }: { cfg: OtcConfig; onOrder: (id: number) => void }) {
  const { t } = useTranslation();
  const [side, setSide] = useState<'buy' | 'sell'>('buy');
  const [coin, setCoin] = useState(cfg.coins.find((c) => c.name === 'USDT')?.id ?? cfg.coins[0]?.id ?? 0);
  const [fiat, setFiat] = useState(cfg.fiats[0]?.currency_code ?? 'USD');
  const [amount, setAmount] = useState('');
  const [quote, setQuote] = useState<OtcQuote | null>(null);
  const [pending, setPending] = useState(false);
  /** when the quote arrived (this device's clock): the countdown never starts above the quote's hold */
  const [quotedAt, setQuotedAt] = useState(0);
  const now = useNow(!!quote, 250);
  const left = quote
    ? Math.max(
        0,
        Math.ceil((Math.min(quote.expires_at, quotedAt + OTC_RULES.quoteTtlMs) - Math.max(now, quotedAt)) / 1000),
      )
    : 0;
  const valid = parseOtcAmount(amount, OTC_RULES.fiatDecimals);
  const ask = async () => {
    if (!valid) return;
    setPending(true);
    try {
      const q = await getQuote(side, coin, fiat, valid);
      setQuotedAt(Date.now());
      setQuote(q);
    } catch {
      setQuote(null);
    } finally {
      setPending(false);
    }
  };
  const take = async () => {
    if (!quote) return;
    setPending(true);
    try {
      const o = await executeQuote(quote.id);
      setQuote(null);
      onOrder(o.id);
    } catch {
      setQuote(null);
    } finally {
      setPending(false);
    }
  };
  const reset = () => setQuote(null);
  return (
    <div className={s.page} data-testid="quick-buy">
      <div role="group" aria-label={t('otc.side')}>
        <Selector
          columns={2}
          value={[side]}
          onChange={(v) => {
            if (v[0]) setSide(v[0]);
            reset();
          }}
          options={[
            { label: t('otc.buy'), value: 'buy' as const },
            { label: t('otc.sell'), value: 'sell' as const },
          ]}
        />
      </div>
      <Filters
        cfg={cfg}
        coin={coin}
        fiat={fiat}
        onCoin={(c) => {
          setCoin(c);
          reset();
        }}
        onFiat={(f) => {
          setFiat(f);
          reset();
        }}
      />
      <DecimalInput
        label={t(side === 'buy' ? 'otc.spend' : 'otc.receive')}
        value={amount}
        onChange={(v) => {
          setAmount(v);
          reset();
        }}
        decimals={OTC_RULES.fiatDecimals}
        unit={fiat}
        data-testid="quick-amount"
      />
      {quote && left > 0 ? (
        <section className={`${s.card} ${s.quote}`} data-testid="quick-quote">
          <div className={s.head}>
            <strong>{t('otc.quote')}</strong>
            <span className={s.countdown} data-testid="quick-countdown">
              {t('otc.quoteLeft', { n: left })}
            </span>
          </div>
          <Facts
            items={[
              [t('otc.price'), <Money value={quote.price} asset={quote.fiat} unit />, 'quick-price'],
              [
                t(side === 'buy' ? 'otc.youGet' : 'otc.youSend'),
                <Num
                  value={quote.coin_amount}
                  decimals={OTC_RULES.coinDecimals}
                  tint={false}
                  suffix={` ${quote.coin}`}
                />,
                'quick-coin',
              ],
              [
                t(side === 'buy' ? 'otc.youPay' : 'otc.youGet'),
                <Money value={quote.fiat_amount} asset={quote.fiat} unit />,
                'quick-fiat',
              ],
              [t('otc.fee'), <Money value={quote.fee} asset={quote.fiat} unit />],
              [t('otc.merchant'), quote.merchant],
            ]}
          />
          <Button block color="primary" loading={pending} onClick={() => void take()} data-testid="quick-execute">
            {t(side === 'buy' ? 'otc.buyCoin' : 'otc.sellCoin', { coin: quote.coin })}
          </Button>
        </section>
      ) : (
        <Button
          block
          color="primary"
          loading={pending}
          disabled={!valid}
          onClick={() => void ask()}
          data-testid="quick-quote-btn"
        >
          {quote ? t('otc.requote') : t('otc.getQuote')}
        </Button>
      )}
      <p className={s.muted}>{t('otc.quickNote', { s: OTC_RULES.quoteTtlMs / 1000 })}</p>
    </div>
  );
}
