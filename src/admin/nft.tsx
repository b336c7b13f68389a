import { lazy, Suspense, useState } from 'react';
import { Button, Empty, SearchBar, Selector, Tag } from 'antd-mobile';
import type { AdminNftItem } from '../../core';
import { admin } from './api';
import { KV } from './queues';
import { useList } from './useList';
import { NFT_MODE_KEY, NftItemForm } from './nftForm';
import { NftItemEdit } from './nftEdit';
import { useFmt, useT, type AdminKey } from './i18n';
import styles from './admin.module.css';

// the queue and the catalogue's forms load when the operator opens them
const NftReviewQueue = lazy(() => import('./nftReviews').then((m) => ({ default: m.NftReviewQueue })));
const NftCatalog = lazy(() => import('./nftCatalog').then((m) => ({ default: m.NftCatalog })));

type View = 'items' | 'reviews' | 'catalog';
const VIEWS: { key: AdminKey; value: View }[] = [
  { key: 'admin.nft.view.items', value: 'items' },
  { key: 'admin.nft.view.reviews', value: 'reviews' },
  { key: 'admin.nft.view.catalog', value: 'catalog' },
];

/**
 * The NFT desk, all of an operator's NFT work: the items (create one — fixed price, auction or
 * blind-box series — find one, edit it as far as its sale allows), the holders' resale review
 * queue, and the artists, collections and the platform's NFT revenue.
 */
export function NftDesk() {
  const t = useT();
  const [view, setView] = useState<View>('items');
  return (
    <div data-testid="admin-nft">
      <div className={styles.bar}>
        <Selector
          options={VIEWS.map((v) => ({ label: t(v.key), value: v.value }))}
          value={[view]}
          onChange={(v) => v[0] && setView(v[0])}
          data-testid="nft-admin-views"
        />
      </div>
      <Suspense fallback={null}>
        {view === 'items' ? <Items /> : view === 'reviews' ? <NftReviewQueue /> : <NftCatalog />}
      </Suspense>
    </div>
  );
}

function Items() {
  const t = useT();
  const [q, setQ] = useState('');
  const items = useList<AdminNftItem>(() => admin.nftItems(q), [q]);
  const [creating, setCreating] = useState(false);
  return (
    <>
      <div className={styles.bar}>
        <Button
          size="small"
          color="primary"
          onClick={() => setCreating((c) => !c)}
          aria-expanded={creating}
          data-testid="nft-admin-new"
        >
          {creating ? t('admin.nft.closeForm') : t('admin.nft.new')}
        </Button>
        <Button size="small" onClick={() => void items.load()}>
          {t('admin.common.refresh')}
        </Button>
        <SearchBar
          placeholder={t('admin.nft.search')}
          onSearch={setQ}
          onClear={() => setQ('')}
          style={{ flex: 1, minWidth: 160 }}
          data-testid="nft-admin-search"
        />
      </div>
      {creating ? (
        <NftItemForm
          onCreated={async () => {
            setCreating(false);
            await items.load();
          }}
        />
      ) : null}
      {items.error ? <p className={styles.reject}>{items.error}</p> : null}
      {items.list && items.list.length === 0 ? <Empty description={t('admin.nft.none')} /> : null}
      {items.list?.map((i) => (
        <ItemCard key={i.id} i={i} onSaved={items.load} />
      ))}
    </>
  );
}

function ItemCard({ i, onSaved }: { i: AdminNftItem; onSaved: () => Promise<void> }) {
  const t = useT();
  const f = useFmt();
  const [editing, setEditing] = useState(false);
  const state =
    i.owner_id !== null
      ? t('admin.nft.ownedBy', { id: i.owner_id, listing: t.or(`admin.nft.listing.${i.listing}`, i.listing) })
      : t.or(`admin.nft.listing.${i.listing}`, i.listing);
  const s = i.series;
  return (
    <article className={styles.item} data-testid={`nft-admin-item-${i.code}`}>
      <div className={styles.itemHead}>
        <span>
          {i.title} <span className={styles.muted}>{i.code}</span>
        </span>
        <span>
          <Tag color={i.pay_type === 2 ? 'warning' : i.pay_type === 3 ? 'primary' : 'default'}>
            {t(NFT_MODE_KEY[i.pay_type] ?? 'admin.nft.mode.fixed')}
          </Tag>{' '}
          <Tag fill="outline">{i.rarity}</Tag>
        </span>
      </div>
      <KV
        rows={[
          [t('admin.nft.price'), `${f.num(i.price)} ${i.currency_name}`],
          ...(i.pay_type === 2
            ? ([
                [
                  t('admin.nft.auctionTerms'),
                  t('admin.nft.auctionTermsValue', {
                    step: f.num(i.per_increase),
                    margin: f.num(i.margin),
                    bids: i.bid_count,
                  }),
                ],
              ] as [string, string][])
            : []),
          ...(s
            ? ([
                [t('admin.nft.series.sold'), t('admin.nft.series.soldValue', { sold: s.sold, total: s.total })],
                [t('admin.nft.manifest'), s.manifest.map((m) => `${m.prize} × ${m.count}`).join(', ')],
                [
                  t('admin.nft.series.commitment'),
                  `${s.commitment.slice(0, 16)}…${s.revealed ? ` · ${t('admin.nft.series.revealed')}` : ''}`,
                ],
              ] as [string, string][])
            : []),
          [t('admin.nft.collection'), `${i.collection_name} · ${i.artist_name}`],
          [t('admin.nft.window'), `${f.dateTime(i.start_at)} → ${f.dateTime(i.end_at)}`],
          [t('admin.nft.state'), state],
        ]}
      />
      <div className={styles.actions}>
        <Button size="small" onClick={() => setEditing((e) => !e)} aria-expanded={editing} data-testid="nft-admin-edit">
          {editing ? t('admin.nft.edit.close') : t('admin.nft.edit.open')}
        </Button>
        {i.editable.terms === 'locked' ? <Tag color="default">{t('admin.nft.edit.lockedTag')}</Tag> : null}
      </div>
      {editing ? (
        <NftItemEdit
          item={i}
          onSaved={async () => {
            setEditing(false);
            await onSaved();
          }}
        />
      ) : null}
    </article>
  );
}
