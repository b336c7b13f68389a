import { startTransition, useEffect, useState } from 'react';
import { Image, Swiper } from 'antd-mobile';
import type { NewsItem } from '../../api/content';
import { afterNextPaint, whenIdle } from '../../lib/idle';
import styles from './index.module.css';

interface Props {
  items: readonly NewsItem[];
  label: string;
  onOpen: (id: number) => void;
}

function Slide({ b, onOpen }: { b: NewsItem; onOpen: (id: number) => void }) {
  return (
    <button type="button" className={styles.banner} onClick={() => onOpen(b.id)}>
      <Image src={b.thumbnail || b.image} alt={b.title} fit="cover" className={styles.bannerImg} />
    </button>
  );
}

/**
 * Home's banner carousel. The first slide paints static; the Swiper (its gestures and its spring,
 * ≈50 ms of the first commit at 4× CPU, issue 27) mounts once the browser is idle after the first
 * paint, when autoplay's first move is still seconds away. Same box before and after: the slide
 * fills the slot either way, so the swap shifts nothing.
 */
export function Banners({ items, label, onOpen }: Props) {
  const [live, setLive] = useState(false);
  useEffect(() => {
    let cancel = () => {};
    afterNextPaint(() => {
      cancel = whenIdle(() => startTransition(() => setLive(true)), 2000);
    });
    return () => cancel();
  }, []);
  if (!live || items.length < 2) {
    const first = items[0];
    return first ? (
      <div className={styles.swiper} role="group" aria-label={label}>
        <Slide b={first} onOpen={onOpen} />
      </div>
    ) : null;
  }
  return (
    <Swiper className={styles.swiper} autoplay loop autoplayInterval={4000} aria-label={label}>
      {items.map((b) => (
        <Swiper.Item key={b.id}>
          <Slide b={b} onOpen={onOpen} />
        </Swiper.Item>
      ))}
    </Swiper>
  );
}
