import { useState } from 'react';
import { Button, Empty } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { OtcAd } from '../../../core';
import { LoadState } from '../../components/load/LoadState';
import { useLoad } from '../../components/product/shared';
import { otcAds, type OtcConfig } from '../../api/otc';
import { Filters } from './Filters';
import { AdCard } from './AdCard';
import { TakeSheet } from './TakeSheet';
import s from './otc.module.css';

/** The ads a user can take: "buy" lists the merchants' sell ads (cheapest first), "sell" their buy ads. */
export function AdMarket({
  cfg,
  userSide,
  onOrder,
}: {
  cfg: OtcConfig;
  userSide: 'buy' | 'sell';
  onOrder: (id: number) => void;
}) {
  const { t } = useTranslation();
  const [coin, setCoin] = useState(cfg.coins.find((c) => c.name === 'USDT')?.id ?? cfg.coins[0]?.id ?? 0);
  const [fiat, setFiat] = useState(cfg.fiats[0]?.currency_code ?? 'USD');
  const [taking, setTaking] = useState<OtcAd | null>(null);
  const ads = useLoad(() => otcAds(coin, fiat, userSide === 'buy' ? 'sell' : 'buy'), [coin, fiat, userSide]);
  return (
    <div className={s.page}>
      <Filters cfg={cfg} coin={coin} fiat={fiat} onCoin={setCoin} onFiat={setFiat} />
      <LoadState load={ads}>
        {(list: OtcAd[]) =>
          list.length ? (
            <>
              {list.map((ad) => (
                <AdCard
                  key={ad.id}
                  ad={ad}
                  action={
                    <Button size="small" color="primary" onClick={() => setTaking(ad)} data-testid="otc-take">
                      {t(userSide === 'buy' ? 'otc.buy' : 'otc.sell')}
                    </Button>
                  }
                />
              ))}
            </>
          ) : (
            <Empty description={t('otc.noAds')} />
          )
        }
      </LoadState>
      <TakeSheet
        ad={taking}
        onClose={() => setTaking(null)}
        onOpened={(id) => {
          setTaking(null);
          onOrder(id);
        }}
      />
    </div>
  );
}
