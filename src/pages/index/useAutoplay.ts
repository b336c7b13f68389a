import { useEffect, useRef, type RefObject } from 'react';

/**
 * Moves a carousel on by itself every `intervalMs`, wrapping from the last slide to the first.
 * It holds while a finger is on it, while a mouse is over it, while keyboard focus is in it (a
 * moving target under the user's hand or focus), while the tab is hidden, and never moves under
 * prefers-reduced-motion or behind an open modal dialog. After a hold ends the count starts again from zero.
 */
export function useAutoplay(
  region: RefObject<HTMLElement | null>,
  count: number,
  current: number,
  goTo: (i: number) => void,
  intervalMs = 4000,
): void {
  // the latest slide and mover, read by the timer without restarting it
  const latest = useRef({ current, goTo });
  useEffect(() => {
    latest.current = { current, goTo };
  });

  useEffect(() => {
    const el = region.current;
    if (!el || count < 2) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)');
    const holds = new Set<string>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(tick, intervalMs);
    };
    const tick = () => {
      // nor behind a modal dialog (the back office's notice): nothing moves under it
      if (holds.size === 0 && !document.hidden && !reduce.matches && !document.querySelector('dialog[open]')) {
        const { current: at, goTo: move } = latest.current;
        move((at + 1) % count);
      }
      schedule();
    };
    const hold = (why: string) => () => holds.add(why);
    const release = (why: string) => () => {
      holds.delete(why);
      schedule();
    };
    const onTouchStart = hold('touch');
    const onTouchEnd = release('touch');
    const onPointerEnter = (e: PointerEvent) => e.pointerType === 'mouse' && holds.add('hover');
    const onPointerLeave = (e: PointerEvent) => e.pointerType === 'mouse' && release('hover')();
    // keyboard focus only: a tap on a dot focuses it too, and must not stop the carousel for good
    const onFocusIn = (e: FocusEvent) => (e.target as Element).matches(':focus-visible') && holds.add('focus');
    const onFocusOut = (e: FocusEvent) => !el.contains(e.relatedTarget as Node | null) && release('focus')();
    const onVisibility = () => !document.hidden && schedule();

    el.addEventListener('touchstart', onTouchStart, { passive: true });
    el.addEventListener('touchend', onTouchEnd, { passive: true });
    el.addEventListener('touchcancel', onTouchEnd, { passive: true });
    el.addEventListener('pointerenter', onPointerEnter);
    el.addEventListener('pointerleave', onPointerLeave);
    el.addEventListener('focusin', onFocusIn);
    el.addEventListener('focusout', onFocusOut);
    document.addEventListener('visibilitychange', onVisibility);
    schedule();
    return () => {
      clearTimeout(timer);
      el.removeEventListener('touchstart', onTouchStart);
      el.removeEventListener('touchend', onTouchEnd);
      el.removeEventListener('touchcancel', onTouchEnd);
      el.removeEventListener('pointerenter', onPointerEnter);
      el.removeEventListener('pointerleave', onPointerLeave);
      el.removeEventListener('focusin', onFocusIn);
      el.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [region, count, intervalMs]);
}
