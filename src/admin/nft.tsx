import { useState } from 'react';
import { Button, Empty, Tag } from 'antd-mobile';
import type { AdminNftItem } from '../../core';
import { admin } from './api';
import { KV } from './queues';
import { useList } from './useList';
import { NFT_MODE_KEY, NftItemForm } from './nftForm';
import { useFmt, useT } from './i18n';
import styles from './admin.module.css';

/**
 * The NFT catalogue's desk: the newest items (what each sells, for how much, when, and whose it is
 * now) and a form to create one — fixed price, auction or blind-box series — with its own media.
 * Editing and the review queue stay in the console (/admin/) for now.
 */
export function NftDesk() {
  const t = useT();
  const items = useList<AdminNftItem>(() => admin.nftItems(), []);
  const [creating, setCreating] = useState(false);
  return (
    <div data-testid="admin-nft">
      <div className={styles.bar}>
        <Button size="small" color="primary" onClick={() => setCreating((c) => !c)} aria-expanded={creating} data-testid="nft-admin-new">
          {creating ? t('admin.nft.closeForm') : t('admin.nft.new')}
        </Button>
        <Button size="small" onClick={() => void items.load()}>
          {t('admin.common.refresh')}
        </Button>
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
      {items.list?.map((i) => <ItemCard key={i.id} i={i} />)}
    </div>
  );
}

function ItemCard({ i }: { i: AdminNftItem }) {
  const t = useT();
  const f = useFmt();
  const state = i.owner_id !== null ? t('admin.nft.ownedBy', { id: i.owner_id, listing: t.or(`admin.nft.listing.${i.listing}`, i.listing) }) : t.or(`admin.nft.listing.${i.listing}`, i.listing);
  return (
    <article className={styles.item} data-testid={`nft-admin-item-${i.code}`}>
      <div className={styles.itemHead}>
        <span>
          {i.title} <span className={styles.muted}>{i.code}</span>
        </span>
        <span>
          <Tag color={i.pay_type === 2 ? 'warning' : i.pay_type === 3 ? 'primary' : 'default'}>{t(NFT_MODE_KEY[i.pay_type] ?? 'admin.nft.mode.fixed')}</Tag> <Tag fill="outline">{i.rarity}</Tag>
        </span>
      </div>
      <KV
        rows={[
          [t('admin.nft.price'), `${f.num(i.price)} ${i.currency_name}`],
          ...(i.pay_type === 2 ? ([[t('admin.nft.auctionTerms'), t('admin.nft.auctionTermsValue', { step: f.num(i.per_increase), margin: f.num(i.margin), bids: i.bid_count })]] as [string, string][]) : []),
          [t('admin.nft.collection'), `${i.collection_name} · ${i.artist_name}`],
          [t('admin.nft.window'), `${f.dateTime(i.start_at)} → ${f.dateTime(i.end_at)}`],
          [t('admin.nft.state'), state],
        ]}
      />
    </article>
  );
}
