import { proxy } from 'valtio';

/** GET /api/getSiteConfig's message. Not persisted: it is fetched at every launch. */
export interface SiteConfig {
  site_name: string;
  wallet_gate: boolean;
  recharge_enabled: boolean;
  invite_required: boolean;
  version: string;
}

export interface SiteState {
  config: SiteConfig | null;
  loaded: boolean;
}

export const site = proxy<SiteState>({ config: null, loaded: false });
