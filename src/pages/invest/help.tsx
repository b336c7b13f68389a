import { useTranslation } from 'react-i18next';
import { settleDualInvest } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { Amount } from '../../components/product/Figures';
import { useQuantityText } from '../../components/Money';
import card from '../../components/product/card.module.css';

// A worked example of spec §9, computed by the same core function the server settles with.
const EXAMPLE = { amount: '1', linkedPrice: '60000', apr: '0.365', days: 10 };
const BELOW = settleDualInvest({ ...EXAMPLE, settlePrice: '59000' });
const ABOVE = settleDualInvest({ ...EXAMPLE, settlePrice: '61000' });

/** How dual invest works: the two outcomes, the formula, and a worked example. */
export default function InvestHelpPage() {
  const { t } = useTranslation();
  const qty = useQuantityText();
  return (
    <PageFrame title={t('route.invest.help')}>
      <div className={card.wrap}>
        <section className={card.card}>
          <h2 className={card.title}>{t('prod.help.whatTitle')}</h2>
          <p className={card.sub}>{t('prod.help.what')}</p>
        </section>
        <section className={card.card}>
          <h2 className={card.title}>{t('prod.help.outcomesTitle')}</h2>
          <ul className={card.sub}>
            <li>{t('prod.help.below')}</li>
            <li>{t('prod.help.above')}</li>
          </ul>
          <p className={card.formula}>{t('prod.help.formula')}</p>
        </section>
        <section className={card.card} data-testid="help-example">
          <h2 className={card.title}>{t('prod.help.exampleTitle')}</h2>
          <p className={card.sub}>
            {t('prod.help.example', { ...EXAMPLE, amount: qty(EXAMPLE.amount), linkedPrice: qty(EXAMPLE.linkedPrice) })}
          </p>
          <p className={card.formula}>
            {t('prod.help.exampleBelow')} <Amount value={BELOW.amount} unit="BTC" />
          </p>
          <p className={card.formula}>
            {t('prod.help.exampleAbove')} <Amount value={ABOVE.amount} unit="USDT" />
          </p>
        </section>
        <section className={card.card}>
          <h2 className={card.title}>{t('prod.help.typesTitle')}</h2>
          <p className={card.sub}>{t('prod.dual.typeHint.call')}</p>
          <p className={card.sub}>{t('prod.dual.typeHint.put')}</p>
        </section>
        <section className={card.card}>
          <h2 className={card.title}>{t('prod.help.statesTitle')}</h2>
          <p className={card.sub}>{t('prod.help.states')}</p>
        </section>
      </div>
    </PageFrame>
  );
}
