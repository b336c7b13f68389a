import { Button, Steps } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { earlyRedemption, miningYield } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { Amount, Rate } from '../../components/product/Figures';
import { lockmingPath } from '../../nav/paths';
import card from '../../components/product/card.module.css';
import { usePageParam } from '../../components/product/usePageParam';
import { asKind } from './kinds';

// Spec §9's examples, computed by the core functions the server uses.
const YIELD_LO = miningYield('10000', '0.003', 5);
const YIELD_HI = miningYield('10000', '0.004', 5);
const PENALTY = earlyRedemption({ amount: '1000', penaltyRatio: '0.004', remainingDays: 3 });

/** How lock-up (and DeFi / cloud) mining works, before the user picks a product. */
export default function LockWelcomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const kind = asKind(usePageParam('kind'));
  return (
    <PageFrame title={t(`prod.lock.kind.${kind}`)}>
      <div className={card.wrap}>
        <section className={card.card}>
          <h2 className={card.title}>{t('prod.lock.welcome.title')}</h2>
          <p className={card.sub}>{t(`prod.lock.kindHint.${kind}`)}</p>
        </section>
        <section className={card.card}>
          <Steps direction="vertical">
            <Steps.Step
              status="process"
              title={t('prod.lock.welcome.step1')}
              description={t('prod.lock.welcome.step1d')}
            />
            <Steps.Step
              status="process"
              title={t('prod.lock.welcome.step2')}
              description={t('prod.lock.welcome.step2d')}
            />
            <Steps.Step
              status="process"
              title={t('prod.lock.welcome.step3')}
              description={t('prod.lock.welcome.step3d')}
            />
          </Steps>
        </section>
        <section className={card.card}>
          <h2 className={card.title}>{t('prod.lock.welcome.yieldTitle')}</h2>
          <p className={card.formula}>
            {t('prod.lock.welcome.yieldExample')} <Amount value={YIELD_LO} /> – <Amount value={YIELD_HI} unit="USDT" />
          </p>
        </section>
        <section className={card.card}>
          <h2 className={card.title}>{t('prod.lock.welcome.penaltyTitle')}</h2>
          <p className={card.sub}>{t('prod.lock.penaltyRule')}</p>
          <p className={card.formula}>
            <Rate rate="0.004" /> × 3 × <Amount value="1000" /> = <Amount value={PENALTY.penalty} unit="USDT" /> ·{' '}
            {t('prod.lock.returned')} <Amount value={PENALTY.returned} unit="USDT" />
          </p>
        </section>
        <Button block color="primary" size="large" className={card.footer} onClick={() => navigate(lockmingPath(kind))}>
          {t('prod.lock.welcome.start')}
        </Button>
      </div>
    </PageFrame>
  );
}
