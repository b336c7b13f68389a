import { useState } from 'react';
import { Button, Empty, Tabs, Tag } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { NftBox, NftBoxSeries, NftMine, NftOrder } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { LoadState } from '../../components/load/LoadState';
import { useLoad, when } from '../../components/product/shared';
import { Amount } from '../../components/product/Figures';
import { useNow } from '../../components/product/useNow';
import { usePageParam } from '../../components/product/usePageParam';
import { AskAbout } from '../../components/service/AskAbout';
import { myNfts, nftDetail, openBox } from '../../api/nft';
import { ProofPanel } from '../../components/proof/ProofPanel';
import { ReviewState, Tile } from './parts';
import s from './nft.module.css';
import { itemPath } from './media';
import { orderState, usePayOrder } from './orders';
import { useMoneyText } from '../../components/Money';

/**
 * My NFTs (/bind_box/getMyNFTs): my collection, boxes to open, and orders — a won auction shows
 * its payment deadline and what is forfeited if it passes, with the pay button.
 */
export default function MyNfts() {
  const { t } = useTranslation();
  const load = useLoad(() => myNfts(), []);
  const now = useNow();
  // a hub's link may open a tab directly (myNft's "boxes to open")
  const [tab, setTab] = useState(usePageParam('tab') ?? 'items');

  const { pending, pay, run: act } = usePayOrder(load.reload);

  return (
    <PageFrame title={t('route.nft.mine')}>
      <Tabs activeKey={tab} onChange={setTab}>
        <Tabs.Tab key="items" title={t('nft.myItems')} />
        <Tabs.Tab key="boxes" title={t('nft.myBoxes')} />
        <Tabs.Tab key="orders" title={t('nft.myOrders')} />
      </Tabs>
      <LoadState load={load}>
        {(m: NftMine) =>
          tab === 'items' ? (
            <ItemsTab m={m} now={now} />
          ) : tab === 'boxes' ? (
            <BoxesTab
              boxes={m.boxes}
              pending={pending}
              onOpen={(b) => void act(() => openBox(b.code), t('nft.openedToast'))}
            />
          ) : (
            <OrdersTab orders={m.orders} now={now} pending={pending} onPay={(o) => void pay(o)} />
          )
        }
      </LoadState>
    </PageFrame>
  );
}

/** My collection, under my latest listing submissions. */
function ItemsTab({ m, now }: { m: NftMine; now: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (!m.items.length && !m.reviews.length) return <Empty description={t('nft.noItems')} />;
  return (
    <>
      {m.reviews.length ? (
        <div className={s.reviews}>
          {m.reviews.slice(0, 5).map((r) => (
            <ReviewState key={r.id} review={r} />
          ))}
        </div>
      ) : null}
      <div className={s.grid}>
        {m.items.map((i) => (
          <Tile key={i.id} item={i} now={now} onOpen={() => navigate(itemPath(i))} />
        ))}
      </div>
    </>
  );
}

/** My blind boxes: open one, or check an opened one's draw. */
function BoxesTab({ boxes, pending, onOpen }: { boxes: NftBox[]; pending: boolean; onOpen: (b: NftBox) => void }) {
  const { t } = useTranslation();
  return (
    <div className={s.detail}>
      {boxes.length === 0 ? <Empty description={t('nft.noBoxes')} /> : null}
      {boxes.map((b) => (
        <div key={b.id} className={s.box} data-testid={`nft-box-${b.code}`}>
          <div className={s.row}>
            <span>
              {b.code} · {b.prize ?? t('nft.notOpened')}
            </span>
            {b.status === 'opened' ? (
              <Tag>{t('nft.opened')}</Tag>
            ) : (
              <Button size="small" color="primary" disabled={pending} onClick={() => onOpen(b)}>
                {t('nft.open')}
              </Button>
            )}
          </div>
          {b.status === 'opened' ? <BoxProof box={b} /> : null}
        </div>
      ))}
    </div>
  );
}

interface OrdersTabProps {
  orders: NftOrder[];
  now: number;
  pending: boolean;
  onPay: (o: NftOrder) => void;
}

/** My orders; a won auction not yet paid shows what is forfeited and the pay button. */
function OrdersTab({ orders, now, pending, onPay }: OrdersTabProps) {
  const { t } = useTranslation();
  const money = useMoneyText();
  return (
    <div className={s.detail}>
      {orders.length === 0 ? <Empty description={t('nft.noOrders')} /> : null}
      {orders.map((o) => (
        <div key={o.id} className={s.box} data-testid={`nft-order-${o.id}`}>
          <div className={s.row}>
            <span className={s.name} data-may-truncate>
              {o.name}
            </span>
            <Amount value={o.total} unit={o.currency_name} />
          </div>
          <div className={s.muted}>{o.kind === 'auction' ? orderState(o, now, t).text : when(o.created_at)}</div>
          {o.kind === 'auction' && !o.is_pay && !o.is_expired ? (
            <>
              <p className={s.muted}>
                {t('nft.forfeitRule', { margin: money(o.margin, o.currency_name), unit: o.currency_name })}
              </p>
              <Button block color="primary" disabled={pending} onClick={() => onPay(o)}>
                {t('nft.pay')}
              </Button>
            </>
          ) : null}
          <AskAbout type="nft_order" id={o.id} />
        </div>
      ))}
    </div>
  );
}

/** An opened box's draw, recomputed from its series' commitment, seed and purchase list (fetched when opened). */
function BoxProof({ box }: { box: NftBox }) {
  const { t } = useTranslation();
  const [series, setSeries] = useState<NftBoxSeries | null>(null);
  return (
    <ProofPanel
      build={(v) => v.boxProofView(box, series, t)}
      onOpen={() => void nftDetail(box.series_code).then((d) => setSeries(d.series))}
      testId="box-proof"
    >
      <span className={s.muted}>…</span>
    </ProofPanel>
  );
}
