import { useState } from 'react';
import { Badge, Button, Empty, List, Tabs } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { NftBid, NftOrder } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { LoadState } from '../../components/load/LoadState';
import type { Loaded } from '../../components/load/useLoad';
import { useLoad, when } from '../../components/product/shared';
import { Amount } from '../../components/product/Figures';
import { useNow } from '../../components/product/useNow';
import { myNftBids, myNfts, needPay, nftFavourites } from '../../api/nft';
import { TileGrid } from './parts';
import { OrderRow } from './orders';
import { PublishWork } from './PublishWork';
import s from './nft.module.css';

/**
 * My NFTs, the hub (spec: my collection, purchase record, bid record, blind box opening, messages):
 * counts on top, links to the purchase record and the boxes to open, and tabs for the collection,
 * the bid record, favourites and the won-auction messages (unread ones marked).
 */
export default function MyNftHub() {
  const { t } = useTranslation();
  const mine = useLoad(() => myNfts(), []);
  const messages = useLoad(() => needPay(), []);
  const [tab, setTab] = useState('items');
  const now = useNow();
  const toOpen = mine.data?.boxes.filter((b) => b.status === 'not_opened').length ?? 0;
  const unread = messages.data?.filter((m) => !m.is_read).length ?? 0;
  return (
    <PageFrame title={t('route.nft.myNft')}>
      <HubCounts
        owned={mine.data?.items.length}
        toOpen={mine.data ? toOpen : undefined}
        unread={messages.data ? unread : undefined}
      />
      <HubLinks orderCount={mine.data?.order_count} toOpen={toOpen} />
      <div className={s.publish}>
        <PublishWork onDone={() => void mine.reload()} />
      </div>
      <Tabs activeKey={tab} onChange={setTab}>
        <Tabs.Tab key="items" title={t('nft.myItems')} />
        <Tabs.Tab key="bids" title={t('nft.bidRecord')} />
        <Tabs.Tab key="favs" title={t('nft.favourites')} />
        <Tabs.Tab
          key="msgs"
          title={unread ? <Badge content={Badge.dot}>{t('nft.messages')}</Badge> : t('nft.messages')}
        />
      </Tabs>
      {tab === 'items' ? (
        <LoadState load={mine}>{(m) => <TileGrid items={m.items} now={now} empty={t('nft.noItems')} />}</LoadState>
      ) : tab === 'bids' ? (
        <BidRecord />
      ) : tab === 'favs' ? (
        <Favourites now={now} />
      ) : (
        <Messages load={messages} now={now} />
      )}
    </PageFrame>
  );
}

/** Owned, boxes to open, unread messages: a dash until each is known. */
function HubCounts({ owned, toOpen, unread }: { owned?: number; toOpen?: number; unread?: number }) {
  const { t } = useTranslation();
  return (
    <div className={s.counts} data-testid="nft-my-counts">
      <div>
        <div className={s.count}>{owned ?? '–'}</div>
        <div className={s.muted}>{t('nft.owned')}</div>
      </div>
      <div>
        <div className={s.count}>{toOpen ?? '–'}</div>
        <div className={s.muted}>{t('nft.toOpen')}</div>
      </div>
      <div>
        <div className={s.count}>{unread ?? '–'}</div>
        <div className={s.muted}>{t('nft.unreadMessages')}</div>
      </div>
    </div>
  );
}

/** The purchase record, the boxes to open, and listings and orders. */
function HubLinks({ orderCount, toOpen }: { orderCount: number | undefined; toOpen: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <List>
      <List.Item
        onClick={() => navigate('/pages/nft/purchase')}
        extra={orderCount !== undefined ? String(orderCount) : undefined}
        data-testid="nft-my-purchases"
      >
        {t('route.nft.purchase')}
      </List.Item>
      <List.Item
        onClick={() => navigate('/pages/nft/mine?tab=boxes')}
        extra={toOpen ? <Badge content={toOpen} /> : undefined}
        data-testid="nft-my-boxes"
      >
        {t('nft.boxesToOpen')}
      </List.Item>
      <List.Item onClick={() => navigate('/pages/nft/mine')}>{t('nft.listingsAndOrders')}</List.Item>
    </List>
  );
}

/** The won-auction messages, unread ones marked; each opens its order. */
function Messages({ load, now }: { load: Loaded<NftOrder[]>; now: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <LoadState load={load}>
      {(list) =>
        list.length === 0 ? (
          <Empty description={t('nft.noMessages')} />
        ) : (
          <ul className={s.plain}>
            {list.map((o) => (
              <li key={o.id}>
                <button
                  type="button"
                  className={s.person}
                  onClick={() => navigate(`/pages/nft/purchase_one?id=${o.id}`)}
                  data-testid={`nft-message-${o.id}`}
                >
                  <OrderRow o={o} now={now} />
                  {!o.is_read ? <Badge content={Badge.dot} aria-label={t('nft.unread')} /> : null}
                </button>
              </li>
            ))}
          </ul>
        )
      }
    </LoadState>
  );
}

function Favourites({ now }: { now: number }) {
  const { t } = useTranslation();
  const load = useLoad(() => nftFavourites(), []);
  return (
    <LoadState load={load}>{(items) => <TileGrid items={items} now={now} empty={t('nft.noFavourites')} />}</LoadState>
  );
}

/** My bids (/bind_box/getMyBindBoxQuotationLog), newest first, a page at a time. */
function BidRecord() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [pages, setPages] = useState(1);
  const load = useLoad(async () => {
    const all: NftBid[] = [];
    let total = 0;
    for (let p = 1; p <= pages; p++) {
      const r = await myNftBids(p);
      all.push(...r.list);
      total = r.total;
    }
    return { all, total };
  }, [pages]);
  return (
    <LoadState load={load}>
      {({ all, total }) =>
        all.length === 0 ? (
          <Empty description={t('nft.noBids')} />
        ) : (
          <>
            <List>
              {all.map((b) => (
                <List.Item
                  key={b.id}
                  onClick={() => navigate(`/pages/nft/artworkDetail?code=${encodeURIComponent(b.code)}`)}
                  description={when(b.created_at)}
                  extra={<Amount value={b.price} />}
                  data-testid={`nft-bid-${b.id}`}
                >
                  <span className={s.name} data-may-truncate>
                    {b.name}
                  </span>
                </List.Item>
              ))}
            </List>
            {all.length < total ? (
              <Button block fill="none" onClick={() => setPages(pages + 1)}>
                {t('nft.more')}
              </Button>
            ) : null}
          </>
        )
      }
    </LoadState>
  );
}
