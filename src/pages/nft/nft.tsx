import { useState } from 'react';
import { Button, Empty, NoticeBar, PullToRefresh, Tabs } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { LoadState } from '../../components/load/LoadState';
import { useLoad } from '../../components/product/shared';
import { useNow } from '../../components/product/useNow';
import { nftList } from '../../api/nft';
import { Tile } from './parts';
import { AppstoreOutline, PictureOutline, SearchOutline, UserOutline } from 'antd-mobile-icons';
import s from './nft.module.css';
import { itemPath } from './media';

/**
 * The NFT market (/bind_box/getBoxList): all, fixed price, auctions and blind boxes as tabs; large
 * artworks two by two with creator, price (the current bid of an auction) and a countdown. The
 * spec's review notice sits on top. A tile opens the artwork.
 */
export default function NftHome() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [tab, setTab] = useState('0');
  const list = useLoad(() => nftList(tab === '0' ? {} : { pay_type: Number(tab) }), [tab]);
  const now = useNow();
  return (
    <PageFrame
      title={t('route.nft.nft')}
      right={
        <Button size="mini" fill="none" onClick={() => navigate('/pages/nft/myNft')} data-testid="nft-my">
          {t('nft.mine')}
        </Button>
      }
    >
      <NoticeBar className={s.notice} content={t('nft.reviewNotice')} color="info" wrap />
      <nav className={s.links} aria-label={t('nft.browse')}>
        {(
          [
            ['artist', UserOutline],
            ['artwork', PictureOutline],
            ['collection', AppstoreOutline],
            ['search', SearchOutline],
          ] as const
        ).map(([name, Icon]) => (
          <button
            key={name}
            type="button"
            className={s.link}
            onClick={() => navigate(`/pages/nft/${name}`)}
            data-testid={`nft-link-${name}`}
          >
            <Icon aria-hidden />
            <span className={s.linkLabel}>{t(`route.nft.${name}`)}</span>
          </button>
        ))}
      </nav>
      <Tabs activeKey={tab} onChange={setTab} className={s.tabs}>
        {['0', '1', '2', '3'].map((k) => (
          <Tabs.Tab key={k} title={k === '0' ? t('nft.all') : t(`nft.payType.${k}`)} />
        ))}
      </Tabs>
      <PullToRefresh onRefresh={() => list.reload()}>
        <LoadState load={list}>
          {(items) =>
            items.length === 0 ? (
              <Empty description={t('nft.empty')} />
            ) : (
              <div className={s.grid}>
                {items.map((i) => (
                  <Tile key={i.id} item={i} now={now} onOpen={() => navigate(itemPath(i))} />
                ))}
              </div>
            )
          }
        </LoadState>
      </PullToRefresh>
    </PageFrame>
  );
}
