import { useTranslation } from 'react-i18next';
import type { TraderCard } from '../../../core';
import { Money } from '../Money';
import styles from './copytrade.module.css';

type Curve = TraderCard['pnl_curve'];

/** A curve day (a UTC day's start) as "2026-11-21": the days are UTC days. */
const formatDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The curve's points in a w×h box, the zero line's y, and the value range. */
function layout(curve: Curve, w: number, h: number, pad: number) {
  const ys = curve.map((p) => Number(p.pnl));
  const lo = Math.min(0, ...ys);
  const hi = Math.max(0, ...ys);
  const span = hi - lo || 1;
  const y = (v: number) => pad + (h - 2 * pad) * (1 - (v - lo) / span);
  const x = (i: number) => (curve.length < 2 ? w / 2 : (w * i) / (curve.length - 1));
  const pts = ys.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`);
  return { pts, zero: y(0), last: ys[ys.length - 1] ?? 0 };
}

/**
 * The trader's cumulative net P&L per day (the server's pnl_curve) as a line over a shaded area
 * down to zero, green when the trader is up overall and red when down. Decorative beside the
 * figures (they say the same in numbers), so it is hidden from assistive tech.
 */
export function PnlSpark({ curve, w = 96, h = 36 }: { curve: Curve; w?: number; h?: number }) {
  if (curve.length < 2) return null;
  const { pts, zero, last } = layout(curve, w, h, 2);
  const cls = last >= 0 ? styles.curveUp : styles.curveDown;
  return (
    <svg
      className={`${styles.spark} ${cls}`}
      width={w}
      height={h}
      viewBox={`0 0 ${w} ${h}`}
      aria-hidden
      data-testid="pnl-spark"
    >
      <polygon points={`0,${zero.toFixed(1)} ${pts.join(' ')} ${w},${zero.toFixed(1)}`} className={styles.curveArea} />
      <polyline points={pts.join(' ')} className={styles.curveLine} />
    </svg>
  );
}

/** The trader page's curve: the same line, full width, with its first and last day and the P&L now. */
export function PnlChart({ curve }: { curve: Curve }) {
  const { t } = useTranslation();
  if (curve.length < 2) return <p className={styles.empty}>{t('copy.curveEmpty')}</p>;
  const w = 340;
  const h = 120;
  const { pts, zero, last } = layout(curve, w, h, 6);
  const cls = last >= 0 ? styles.curveUp : styles.curveDown;
  return (
    <figure className={styles.chart} data-testid="pnl-chart">
      <figcaption className={styles.chartHead}>
        <span className={styles.statLabel}>{t('copy.pnlCurve')}</span>
        <Money value={curve[curve.length - 1].pnl} asset="USDT" signed className={styles.statValue} />
      </figcaption>
      <svg
        className={cls}
        width="100%"
        height={h}
        viewBox={`0 0 ${w} ${h}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={t('copy.pnlCurve')}
      >
        <line x1={0} x2={w} y1={zero} y2={zero} className={styles.curveZero} />
        <polygon
          points={`0,${zero.toFixed(1)} ${pts.join(' ')} ${w},${zero.toFixed(1)}`}
          className={styles.curveArea}
        />
        <polyline points={pts.join(' ')} className={styles.curveLine} vectorEffect="non-scaling-stroke" />
      </svg>
      <div className={styles.chartAxis}>
        <span>{formatDate(curve[0].day)}</span>
        <span>{formatDate(curve[curve.length - 1].day)}</span>
      </div>
    </figure>
  );
}
