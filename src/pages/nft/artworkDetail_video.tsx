import { ArtworkRoute } from './artworkDetail';

/** A video work (spec §2 artworkDetail_video): the artwork page with the clip large above the fold, played inline. */
export default function VideoArtworkPage() {
  return <ArtworkRoute route="artworkDetail_video" />;
}
