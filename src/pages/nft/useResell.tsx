import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { session } from '../../stores/session';
import { feesFor, type NftDetail } from '../../../core';
import { confirmMoney, useLoad } from '../../components/product/shared';
import { Amount } from '../../components/product/Figures';
import { nftDetail, resellNft } from '../../api/nft';
import { useAction } from '../../components/action/useAction';

const DAY = 86_400_000;

export type SaleMode = 1 | 2;

/** What the resale form holds: the mode (fixed price or auction), the prices, and how many days. */
export interface ResellTerms {
  mode: SaleMode;
  price: string;
  step: string;
  margin: string;
  days: number;
}

/**
 * The resale of one artwork: the work, the terms typed, and the listing sent after the sheet that
 * shows the creator's royalty and what comes back.
 */
export function useResell(code: string) {
  const { t } = useTranslation();
  const load = useLoad(() => nftDetail(code), [code]);
  const [terms, setTerms] = useState<ResellTerms>({ mode: 1, price: '', step: '', margin: '', days: 7 });
  const set = (patch: Partial<ResellTerms>) => setTerms((x) => ({ ...x, ...patch }));
  const { pending, run } = useAction(load.reload);
  const me = useSnapshot(session).user?.id;
  const { mode, price, step, margin, days } = terms;
  const ready = Number(price) > 0 && (mode === 1 || Number(step) > 0);

  const submit = async (d: NftDetail) => {
    // a resale: the creator's royalty comes out of the price (core's one formula)
    const f = feesFor(price, 8, d.royalty_rate, true);
    const rows: [string, ReactNode, boolean?][] = [
      [t(mode === 2 ? 'nft.startPrice' : 'nft.price'), <Amount value={price} unit={d.currency_name} />],
      [t('nft.royalty'), <Amount value={f.royalty} unit={d.currency_name} />],
      [t('nft.youGet'), <Amount value={f.seller_gets} unit={d.currency_name} testId="nft-resell-gets" />, true],
    ];
    if (!(await confirmMoney(t('nft.confirmResell'), rows, t('nft.resellFinal')))) return;
    const now = Date.now();
    await run(
      () =>
        resellNft({
          code: d.code,
          price,
          pay_type: mode,
          ...(mode === 2 ? { per_increase: step, margin: margin || '0' } : {}),
          start_time: String(Math.floor(now / 1000)),
          end_time: String(Math.floor((now + days * DAY) / 1000)),
        }),
      t('nft.submitted'),
    );
  };

  return { load, terms, set, ready, pending, me, submit };
}
