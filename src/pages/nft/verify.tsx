import { useState } from 'react';
import { Button, ErrorBlock, Input, Skeleton, Tag } from 'antd-mobile';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { assignBoxes, verifyBoxes, type NftBoxSeries } from '../../../core';
import { PageFrame } from '../../components/PageFrame';
import { useLoad } from '../../components/product/shared';
import { nftDetail } from '../../api/nft';
import s from './nft.module.css';

/**
 * The blind-box verifier: anyone types a series code; the page fetches its manifest, commitment,
 * revealed seed and purchase list, and recomputes every box IN THIS PAGE with core's verifyBoxes —
 * the function the server drew with — then lists what each box should hold beside what it gave.
 * The seed can be edited: any other seed fails the commitment check.
 */
export default function VerifyBoxes() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const code = params.get('code') ?? '';
  const [typed, setTyped] = useState(code);
  const load = useLoad(() => (code ? nftDetail(code) : Promise.resolve(null)), [code]);
  const go = () => {
    if (typed.trim()) setParams({ code: typed.trim() }, { replace: true });
  };
  return (
    <PageFrame title={t('route.nft.verify')}>
      <div className={`${s.detail} ${s.stack}`}>
        <p className={s.muted}>{t('nft.verifyIntro')}</p>
        <div className={s.row}>
          <Input
            aria-label={t('nft.seriesCode')}
            placeholder={t('nft.seriesCode')}
            value={typed}
            onChange={setTyped}
            onEnterPress={go}
            data-testid="nft-verify-code"
          />
          <Button color="primary" onClick={go} data-testid="nft-verify-go">
            {t('nft.verify')}
          </Button>
        </div>
        {!code ? null : load.data ? (
          load.data.series ? (
            <Report key={load.data.series.id} series={load.data.series} />
          ) : (
            <ErrorBlock status="empty" title={t('nft.notASeries')} description="" />
          )
        ) : load.error ? (
          <ErrorBlock status="empty" title={t('nft.notASeries')} description="" />
        ) : (
          <Skeleton.Paragraph lineCount={6} animated />
        )}
      </div>
    </PageFrame>
  );
}

function Report({ series }: { series: NftBoxSeries }) {
  const { t } = useTranslation();
  const [seed, setSeed] = useState(series.seed ?? '');
  if (!series.seed) {
    return (
      <section className={s.box}>
        <p className={s.muted}>{t('nft.sold', { sold: series.sold, total: series.total })}</p>
        <p className={s.muted}>{t('nft.commitment')}</p>
        <p className={s.mono}>{series.commitment}</p>
        <p className={s.muted}>{t('nft.seedHidden')}</p>
      </section>
    );
  }
  const purchases = series.purchases.map((p) => ({ k: p.k, prize: p.prize ?? '' }));
  const check = verifyBoxes({
    seed: seed.trim(),
    commitment: series.commitment,
    seriesId: series.id,
    manifest: series.manifest,
    purchases,
  });
  const expected = assignBoxes(seed.trim(), series.id, series.manifest, purchases.length);
  return (
    <section className={`${s.box} ${s.stack}`} data-testid="nft-verify-report">
      <div className={s.row}>
        <span>{series.code}</span>
        <Tag color={check.ok ? 'success' : 'danger'} fill="outline" data-testid="nft-verify-result">
          {check.ok ? t('nft.verified', { count: purchases.length }) : t(`nft.verifyWhy.${check.reason}`)}
        </Tag>
      </div>
      <div>
        <p className={s.muted}>{t('nft.commitment')}</p>
        <p className={s.mono}>{series.commitment}</p>
      </div>
      <label className={s.muted}>
        {t('nft.seed')}
        <textarea
          className={s.seedInput}
          value={seed}
          onChange={(e) => setSeed(e.target.value)}
          spellCheck={false}
          data-testid="nft-verify-seed"
        />
      </label>
      <table className={s.table}>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t('nft.given')}</th>
            <th scope="col">{t('nft.recomputed')}</th>
          </tr>
        </thead>
        <tbody>
          {purchases.map((p) => (
            <tr key={p.k}>
              <td>{p.k}</td>
              <td>{p.prize}</td>
              <td>
                {expected[p.k - 1] === p.prize ? '✓ ' : '✗ '}
                {expected[p.k - 1] ?? '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
