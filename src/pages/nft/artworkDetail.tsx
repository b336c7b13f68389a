import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { LoadState } from '../../components/load/LoadState';
import { DecimalInput } from '../../components/form';
import { usePageParam } from '../../components/product/usePageParam';
import { NotFound } from '../../components/product/NotFound';
import { ReviewState } from './parts';
import { MediaHero } from './media';
import { AuctionProof, Favourite } from './artworkParts';
import { ArtworkBar, CreatorRow, PriceAndFacts, SeriesBox } from './artworkSections';
import { useArtwork } from './useArtwork';
import s from './nft.module.css';

export default function ArtworkPage() {
  return <ArtworkRoute route="artworkDetail" />;
}

/** The artwork page of either route: artworkDetail, or artworkDetail_video (the same page, its title says video). */
export function ArtworkRoute({ route }: { route: 'artworkDetail' | 'artworkDetail_video' }) {
  const code = usePageParam('code');
  const { t } = useTranslation();
  if (!code) return <NotFound title={t(`route.nft.${route}`)} listPath="/pages/nft/nft" />;
  return <Artwork key={code} code={code} title={t(`route.nft.${route}`)} />;
}

/**
 * One artwork (/bind_box/getBoxDetail): the media large, creator, price and countdown above the
 * fold; a buy sheet with the fee breakdown; for an auction the margin step and a bid sheet with the
 * minimum raise pre-filled and the soft-close rule stated; for a blind box the manifest, the seed
 * commitment and — once revealed — the verifier's result computed here in the page.
 */
function Artwork({ code, title }: { code: string; title: string }) {
  const { t } = useTranslation();
  const { load, now, raise, setRaise, me, pending, buy, bid, margin } = useArtwork(code);

  return (
    <PageFrame title={title} right={load.data ? <Favourite code={load.data.code} on={load.data.is_collect} /> : null}>
      <LoadState load={load}>
        {(d) => {
          const raiseValue = raise || d.per_increase;
          return (
            <>
              <MediaHero item={d} />
              <div className={s.detail}>
                <h2 className={s.title}>{d.name}</h2>
                <CreatorRow d={d} />
                <PriceAndFacts d={d} now={now} />
                {d.pay_type === 2 ? <AuctionProof item={d} /> : null}
                {d.description ? <p>{d.description}</p> : null}
                {d.series ? <SeriesBox series={d.series} /> : null}
                {d.my_review ? <ReviewState review={d.my_review} /> : null}
                {d.pay_type === 2 && d.status === 1 && d.my_margin ? (
                  <DecimalInput
                    label={t('nft.raise')}
                    value={raiseValue}
                    onChange={setRaise}
                    decimals={8}
                    unit={d.currency_name}
                    data-testid="nft-raise"
                  />
                ) : null}
              </div>
              <ArtworkBar
                d={d}
                me={me}
                pending={pending}
                onBuy={() => void buy(d)}
                onMargin={() => void margin(d)}
                onBid={() => void bid(d, raiseValue)}
              />
            </>
          );
        }}
      </LoadState>
    </PageFrame>
  );
}
