import { startTransition, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NewsItem } from '../../api/content';
import { afterNextPaint, whenIdle } from '../../lib/idle';
import { useAutoplay } from './useAutoplay';
import styles from './Banners.module.css';

interface Props {
  items: readonly NewsItem[];
  label: string;
  onOpen: (id: number) => void;
}

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Home's banner carousel: a native scroll-snap scroller (the browser does the swipe, the snap and
 * the smooth move), one slide per view. It replaced the kit's Swiper, whose gestures and spring
 * cost ≈160 ms of long tasks at 4× CPU when it mounted. The first slide is Home's
 * largest paint and the shell's picture: it paints at once, in the same box; the other slides and
 * the dots come once the browser is idle after the first paint (their pictures load lazily then).
 */
export function Banners({ items, label, onOpen }: Props) {
  const { t } = useTranslation();
  const region = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const [all, setAll] = useState(false);
  const [current, setCurrent] = useState(0);
  const shown = all ? items : items.slice(0, 1);
  const count = shown.length;
  const at = Math.min(current, count - 1);
  // which slides (not the array, new at each of Home's renders)
  const ids = shown.map((b) => b.id).join();

  useEffect(() => {
    let cancel = () => {};
    afterNextPaint(() => {
      cancel = whenIdle(() => startTransition(() => setAll(true)), 2000);
    });
    return () => cancel();
  }, []);

  // the dots follow the scroll position: one update per slide that comes into view, not per frame
  useEffect(() => {
    const root = scroller.current;
    if (!root || count < 2) return;
    const io = new IntersectionObserver(
      (entries) => {
        for (const e of entries) if (e.isIntersecting) setCurrent(Number((e.target as HTMLElement).dataset.index));
      },
      { root, threshold: 0.6 },
    );
    for (const slide of root.children) io.observe(slide);
    return () => io.disconnect();
  }, [ids, count]);

  const goTo = (i: number) => {
    const root = scroller.current;
    if (root) root.scrollTo({ left: i * root.clientWidth, behavior: reducedMotion() ? 'auto' : 'smooth' });
  };
  useAutoplay(region, count, at, goTo);

  return (
    <div
      ref={region}
      className={styles.carousel}
      role="region"
      aria-roledescription={t('home.carousel')}
      aria-label={label}
    >
      <div ref={scroller} className={styles.scroller}>
        {shown.map((b, i) => (
          <button key={b.id} type="button" className={styles.slide} data-index={i} onClick={() => onOpen(b.id)}>
            {i === 0 ? (
              // Home's largest paint, the same picture as the shell's: asked for first
              <img src={b.thumbnail || b.image} alt={b.title} className={styles.img} fetchPriority="high" />
            ) : (
              <img src={b.thumbnail || b.image} alt={b.title} className={styles.img} loading="lazy" decoding="async" />
            )}
          </button>
        ))}
      </div>
      {count > 1 ? (
        <div className={styles.dots}>
          {shown.map((b, i) => (
            <button
              key={b.id}
              type="button"
              className={styles.dot}
              aria-label={t('home.bannerOf', { n: i + 1, total: count })}
              aria-current={i === at ? 'true' : undefined}
              onClick={() => goTo(i)}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}
