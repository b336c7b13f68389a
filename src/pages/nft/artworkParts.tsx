import { useEffect, useState } from 'react';
import { Button } from 'antd-mobile';
import { HeartFill, HeartOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { NftBid, NftDetail } from '../../../core';
import { session } from '../../stores/session';
import { ProofPanel } from '../../components/proof/ProofPanel';
import { nftBids, toggleFavourite } from '../../api/nft';
import s from './nft.module.css';

/**
 * The heart (/bind_box/collect): a favourite of the signed-in user; shown only to them. It flips at
 * once and takes the server's answer when it comes.
 */
export function Favourite({ code, on }: { code: string; on: boolean }) {
  const { t } = useTranslation();
  const signedIn = !!useSnapshot(session).user;
  const [fav, setFav] = useState(on);
  const [busy, setBusy] = useState(false);
  if (!signedIn) return null;
  return (
    <Button
      size="mini"
      fill="none"
      aria-pressed={fav}
      aria-label={t('nft.favourite')}
      disabled={busy}
      data-testid="nft-favourite"
      onClick={() => {
        setBusy(true);
        setFav(!fav);
        void toggleFavourite(code)
          .then(setFav, () => setFav(fav))
          .finally(() => setBusy(false));
      }}
    >
      {fav ? <HeartFill aria-hidden className={s.heart} /> : <HeartOutline aria-hidden />}
    </Button>
  );
}

/**
 * The auction's proof: its public bid log replayed in the page — every bid against the
 * next-bid rule, each soft-close extension, the end and the winner — and compared with what the
 * page shows. Fetched when opened.
 */
export function AuctionProof({ item }: { item: NftDetail }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [bids, setBids] = useState<NftBid[] | null>(null);
  // read again whenever the item shows a new bid, so the replay is of the same record as the page
  useEffect(() => {
    if (!opened) return;
    let live = true;
    void nftBids(item.code).then((b) => live && setBids(b));
    return () => {
      live = false;
    };
  }, [opened, item.code, item.bid_count, item.end_time]);
  return (
    <ProofPanel
      build={(v) => v.auctionProofView(item, bids, t)}
      onOpen={() => setOpened(true)}
      testId="auction-proof"
    />
  );
}
