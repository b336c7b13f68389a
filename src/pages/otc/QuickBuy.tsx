import { Button, Selector } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { OTC_RULES, type OtcQuote } from '../../../core';
import { DecimalInput } from '../../components/form';
import { Facts } from '../../components/product/Facts';
import { Money } from '../../components/Money';
import { Num } from '../../components/Num';
import type { OtcConfig } from '../../api/otc';
import { Filters } from './Filters';
import { useQuickBuy } from './useQuickBuy';
import s from './otc.module.css';

/** Quick buy in two taps: a quote from the best ad (held ~10 s, counting down), then the order on that ad. */
export function QuickBuy({ cfg, onOrder }: { cfg: OtcConfig; onOrder: (id: number) => void }) {
  const { t } = useTranslation();
  const q = useQuickBuy(cfg, onOrder);
  return (
    <div className={s.page} data-testid="quick-buy">
      <div role="group" aria-label={t('otc.side')}>
        <Selector
          columns={2}
          value={[q.side]}
          onChange={(v) => q.pickSide(v[0])}
          options={[
            { label: t('otc.buy'), value: 'buy' as const },
            { label: t('otc.sell'), value: 'sell' as const },
          ]}
        />
      </div>
      <Filters cfg={cfg} coin={q.coin} fiat={q.fiat} onCoin={q.setCoin} onFiat={q.setFiat} />
      <DecimalInput
        label={t(q.side === 'buy' ? 'otc.spend' : 'otc.receive')}
        value={q.amount}
        onChange={q.setAmount}
        decimals={OTC_RULES.fiatDecimals}
        unit={q.fiat}
        data-testid="quick-amount"
      />
      {q.quote && q.left > 0 ? (
        <QuoteCard quote={q.quote} side={q.side} left={q.left} pending={q.pending} onTake={() => void q.take()} />
      ) : (
        <Button
          block
          color="primary"
          loading={q.pending}
          disabled={!q.valid}
          onClick={() => void q.ask()}
          data-testid="quick-quote-btn"
        >
          {q.quote ? t('otc.requote') : t('otc.getQuote')}
        </Button>
      )}
      <p className={s.muted}>{t('otc.quickNote', { s: OTC_RULES.quoteTtlMs / 1000 })}</p>
    </div>
  );
}

interface QuoteCardProps {
  quote: OtcQuote;
  side: 'buy' | 'sell';
  /** seconds the quote is still held */
  left: number;
  pending: boolean;
  onTake: () => void;
}

function QuoteCard({ quote, side, left, pending, onTake }: QuoteCardProps) {
  const { t } = useTranslation();
  return (
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
            <Num value={quote.coin_amount} decimals={OTC_RULES.coinDecimals} tint={false} suffix={` ${quote.coin}`} />,
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
      <Button block color="primary" loading={pending} onClick={onTake} data-testid="quick-execute">
        {t(side === 'buy' ? 'otc.buyCoin' : 'otc.sellCoin', { coin: quote.coin })}
      </Button>
    </section>
  );
}
