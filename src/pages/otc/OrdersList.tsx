import { useState } from 'react';
import { Empty, List, Selector, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { OTC_RULES, type OtcOrder } from '../../../core';
import { useMoneyText, useQuantityText } from '../../components/Money';
import { LoadState } from '../../components/load/LoadState';
import { useLoad } from '../../components/product/shared';
import { useUserEvents } from '../../market';
import { myOrders } from '../../api/otc';
import { STATUS_COLOR } from './useOtcConfig';
import s from './otc.module.css';

/** The user's orders, unfinished or finished; one opens the order page. */
export function OrdersList({ onOrder }: { onOrder: (id: number) => void }) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const qty = useQuantityText();
  const [which, setWhich] = useState<'open' | 'done'>('open');
  const load = useLoad(() => myOrders(which), [which]);
  useUserEvents((e) => {
    if (e.kind === 'otc' && e.otc.what === 'order') void load.reload();
  });
  return (
    <div className={s.page}>
      <div role="group" aria-label={t('otc.orders')}>
        <Selector
          columns={2}
          value={[which]}
          onChange={(v) => v[0] && setWhich(v[0])}
          options={[
            { label: t('otc.ongoing'), value: 'open' as const },
            { label: t('otc.finishedTab'), value: 'done' as const },
          ]}
        />
      </div>
      <LoadState load={load}>
        {(list: OtcOrder[]) =>
          list.length ? (
            <List>
              {list.map((o) => (
                <List.Item
                  key={o.id}
                  onClick={() => onOrder(o.id)}
                  data-testid="otc-order-row"
                  description={
                    <>
                      <div>
                        {money(o.fiat_amount, o.fiat)} {o.fiat} · {qty(o.coin_amount, OTC_RULES.coinDecimals)} {o.coin}
                      </div>
                      <div>{o.counterparty}</div>
                    </>
                  }
                  extra={
                    <Tag color={STATUS_COLOR[o.status]} fill="outline">
                      {t(`otc.status.${o.status}`)}
                    </Tag>
                  }
                >
                  {t(o.role === 'buyer' ? 'otc.buyCoin' : 'otc.sellCoin', { coin: o.coin })} · #{o.id}
                </List.Item>
              ))}
            </List>
          ) : (
            <Empty description={t('otc.noOrders')} />
          )
        }
      </LoadState>
    </div>
  );
}
