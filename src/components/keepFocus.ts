import type { MouseEvent } from 'react';

/**
 * For buttons under fields that validate on blur: pressing the button would blur the field, the
 * inline error would appear or vanish, the layout would shift and the release would land beside
 * the button — the tap is lost. Not taking focus on mousedown keeps the layout still; the button's
 * own handler validates everything anyway.
 */
export const keepFocus = (e: MouseEvent): void => e.preventDefault();
