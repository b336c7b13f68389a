import { useSyncExternalStore } from 'react';
import { subscribeKey } from 'valtio/utils';
import { numberMarks, type NumberMarks } from '../../core';
import { session } from '../stores/session';

const subscribe = (onChange: () => void) => subscribeKey(session, 'lang', onChange);
const current = () => numberMarks(session.lang);

/**
 * The grouping and decimal marks of the chosen language. One key subscription per number (not a
 * whole-store snapshot), so a number re-renders on a language switch and never for anything else.
 */
export function useNumberMarks(): NumberMarks {
  return useSyncExternalStore(subscribe, current, current);
}

/** The same marks outside React (text written straight into the DOM, such as the chart's legend). */
export const currentNumberMarks = current;
