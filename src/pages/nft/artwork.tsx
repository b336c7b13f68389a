import { useState } from 'react';
import { Button, PullToRefresh, Tabs } from 'antd-mobile';
import { SearchOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { NFT_MEDIA_TYPES } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { LoadState } from '../../components/load/LoadState';
import { useLoad } from '../../components/product/shared';
import { useNow } from '../../components/product/useNow';
import { nftList } from '../../api/nft';
import { TileGrid } from './parts';

const KINDS = ['0', String(NFT_MEDIA_TYPES.image), String(NFT_MEDIA_TYPES.audio), String(NFT_MEDIA_TYPES.video)];

/** Every artwork on the market (/bind_box/getBoxList), by kind of work: all, pictures, sound, video. */
export default function Artworks() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [kind, setKind] = useState('0');
  const list = useLoad(() => nftList(kind === '0' ? {} : { type: Number(kind) }), [kind]);
  const now = useNow();
  return (
    <PageFrame
      title={t('route.nft.artwork')}
      right={
        <Button
          size="mini"
          fill="none"
          onClick={() => navigate('/pages/nft/search')}
          aria-label={t('route.nft.search')}
        >
          <SearchOutline aria-hidden />
        </Button>
      }
    >
      <Tabs activeKey={kind} onChange={setKind}>
        {KINDS.map((k) => (
          <Tabs.Tab key={k} title={k === '0' ? t('nft.all') : t(`nft.mediaType.${k}`)} />
        ))}
      </Tabs>
      <PullToRefresh onRefresh={() => list.reload()}>
        <LoadState load={list}>{(items) => <TileGrid items={items} now={now} empty={t('nft.empty')} />}</LoadState>
      </PullToRefresh>
    </PageFrame>
  );
}
