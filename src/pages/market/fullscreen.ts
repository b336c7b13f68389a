import { useCallback, useEffect, useState } from 'react';

/** Room the period row, the readout and the indicator row take above and below the chart, px. */
const CHROME_PX = 150;

/**
 * The chart's full-screen mode: the chart block covers the viewport and, where the browser allows
 * (Android Chrome in full screen), the screen turns to landscape; elsewhere the chart simply fills
 * the portrait screen. The system back / Esc leaving full screen ends the mode too.
 */
export function useFullscreen(): { on: boolean; height: number; toggle: () => void } {
  const [on, setOn] = useState(false);
  const [height, setHeight] = useState(() => window.innerHeight - CHROME_PX);

  useEffect(() => {
    if (!on) return;
    const size = () => setHeight(Math.max(200, window.innerHeight - CHROME_PX));
    const left = () => {
      if (!document.fullscreenElement) setOn(false);
    };
    size();
    window.addEventListener('resize', size);
    document.addEventListener('fullscreenchange', left);
    return () => {
      window.removeEventListener('resize', size);
      document.removeEventListener('fullscreenchange', left);
    };
  }, [on]);

  const toggle = useCallback(() => {
    if (on) {
      setOn(false);
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
      return;
    }
    setOn(true);
    const el = document.documentElement;
    if (!el.requestFullscreen) return;
    el.requestFullscreen()
      .then(() =>
        (screen.orientation as ScreenOrientation & { lock?: (o: string) => Promise<void> }).lock?.('landscape'),
      )
      .catch(() => {
        /* no full screen or no rotation here: the block still covers the page */
      });
  }, [on]);

  return { on, height, toggle };
}
