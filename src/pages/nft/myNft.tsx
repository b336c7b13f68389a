import { useState } from 'react';
import { Badge, Button, Empty, List, Tabs } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { NftBid } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { LoadState } from '../../components/load/LoadState';
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
  const navigate = useNavigate();
  const mine = useLoad(() => myNfts(), []);
  const messages = useLoad(() => needPay(), []);
  const [tab, setTab] = useState('items');
  const now = useNow();
  const toOpen = mine.data?.boxes.filter((b) => b.status === 'not_opened').length ?? 0;
  const unread = messages.data?.filter((m) => !m.is_read).length ?? 0;
  return (
    <PageFrame title={t('route.nft.myNft')}>
      <div className={s.counts} data-testid="nft-my-counts">
        <div>
          <div className={s.count}>{mine.data?.items.length ?? '–'}</div>
          <div className={s.muted}>{t('nft.owned')}</div>
        </div>
        <div>
          <div className={s.count}>{mine.data ? toOpen : '–'}</div>
          <div className={s.muted}>{t('nft.toOpen')}</div>
        </div>
        <div>
          <div className={s.count}>{messages.data ? unread : '–'}</div>
          <div className={s.muted}>{t('nft.unreadMessages')}</div>
        </div>
      </div>
      <List>
        <List.Item
          onClick={() => navigate('/pages/nft/purchase')}
          extra={mine.data ? String(mine.data.order_count) : undefined}
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
        <LoadState load={messages}>
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
      )}
    </PageFrame>
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
