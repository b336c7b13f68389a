import { get } from './client';
import type { SiteConfig } from '../stores/site';

/** Tolerant read: a missing flag means off, so an older server never locks users out. */
export async function getSiteConfig(): Promise<SiteConfig> {
  const m = await get<Partial<SiteConfig> | null>('/getSiteConfig', undefined, { quiet: true });
  return {
    site_name: typeof m?.site_name === 'string' ? m.site_name : '',
    wallet_gate: m?.wallet_gate === true,
    recharge_enabled: m?.recharge_enabled !== false,
    invite_required: m?.invite_required === true,
    version: typeof m?.version === 'string' ? m.version : '',
  };
}
