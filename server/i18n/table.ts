import type { Lang } from '../../core';

/** One message in all eight interface languages. */
export type Table = Record<Lang, string>;
