/** Every language's seeded site content, keyed by the app's language codes. */
import type { Lang } from '../../../core';
import type { SiteContent } from './types';
import { en } from './en';
import { zh } from './zh';
import { hk } from './hk';
import { th } from './th';
import { jp } from './jp';
import { ko } from './ko';
import { fra } from './fra';
import { spa } from './spa';

export const CONTENT: Record<Lang, SiteContent> = { en, zh, hk, th, jp, ko, fra, spa };
export type { SiteContent, NewsSlug, MenuKey } from './types';
export { NEWS_SLUGS, MENU_KEYS } from './types';
