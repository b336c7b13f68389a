import { useState } from 'react';
import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import { DownlandOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import type { LiabilitySnapshotSummary } from '../../../core/liabilities';
import { PageFrame } from '../../components/PageFrame';
import { useLoad } from '../../components/load/useLoad';
import { LoadState } from '../../components/load/LoadState';
import { when } from '../../components/funds/format';
import { liabilityLeavesUrl, liabilitySnapshots } from '../../api/liabilities';
import { downloadJson, useChecks, type SnapshotCheck } from './pol/useChecks';
import { CoinTable, PathTable, Verdict } from './pol/parts';
import { History } from './pol/History';
import s from './pol/pol.module.css';

/**
 * Proof of liabilities, from the user's side: each published snapshot is a Merkle-sum tree of all
 * users' balances; this page fetches the caller's own proof and recomputes the path from their leaf
 * to the root in a worker (core/liabilities with SubtleCrypto), showing every step, the balances
 * the leaf holds, the published totals, and the same check for earlier snapshots.
 */
export default function LiabilitiesPage() {
  const { t } = useTranslation();
  const load = useLoad(() => liabilitySnapshots());
  const checks = useChecks(load.data);
  const [picked, setPicked] = useState<number>();
  return (
    <PageFrame title={t('route.fund.liabilities')}>
      <div className={s.page}>
        <p className={s.intro}>{t('pol.intro')}</p>
        <LoadState load={load}>
          {(list) => {
            if (list.length === 0) return <ErrorBlock status="empty" title={t('pol.none')} description="" />;
            const snap = list.find((x) => x.id === picked) ?? list[0];
            const check = checks?.get(snap.id);
            return (
              <>
                <Report
                  snap={snap}
                  check={checks ? (check ?? { encoded: null, proof: null, result: null }) : undefined}
                />
                <History list={list} checks={checks} picked={snap.id} onPick={setPicked} />
                <Outside snap={snap} check={check} />
              </>
            );
          }}
        </LoadState>
      </div>
    </PageFrame>
  );
}

/** One snapshot in detail: the verdict, the leaf's balances, the totals and the path. */
function Report({ snap, check }: { snap: LiabilitySnapshotSummary; check: SnapshotCheck | undefined }) {
  const { t } = useTranslation();
  if (!check)
    return (
      <section className={s.card} aria-busy="true" data-testid="pol-checking">
        <p className={s.muted}>{t('pol.checking')}</p>
        <Skeleton.Paragraph lineCount={6} animated />
      </section>
    );
  const { proof, result } = check;
  return (
    <>
      <section className={s.card} data-testid="pol-report">
        <Verdict snap={snap} check={check} />
        <dl className={s.meta}>
          <dt>{t('pol.takenAt')}</dt>
          <dd data-testid="pol-taken-at">{when(snap.takenAt)}</dd>
          <dt>{t('pol.journal')}</dt>
          <dd className={s.mono} data-testid="pol-journal">
            #{snap.journalId}
          </dd>
          <dt>{t('pol.leafCount')}</dt>
          <dd className={s.mono}>{snap.leafCount}</dd>
          <dt>{t('pol.rootHash')}</dt>
          <dd className={s.hash} data-testid="pol-root">
            {snap.rootHash}
          </dd>
        </dl>
      </section>
      {proof ? (
        <section className={s.card}>
          <h2 className={s.h2}>{t('pol.yourBalances')}</h2>
          <CoinTable coins={snap.coins} units={proof.leaf.balances} testId="pol-leaf-balances" />
        </section>
      ) : null}
      <section className={s.card}>
        <h2 className={s.h2}>{t('pol.totals')}</h2>
        <CoinTable coins={snap.coins} units={snap.totals} testId="pol-totals" />
      </section>
      {proof && result ? (
        <section className={s.card}>
          <h2 className={s.h2}>{t('pol.path')}</h2>
          <p className={s.muted}>{t('pol.pathHow')}</p>
          <PathTable snap={snap} proof={proof} check={{ ...check, result }} />
        </section>
      ) : null}
    </>
  );
}

/** How to check outside the app: the proof and the leaf list as files, and the command. */
function Outside({ snap, check }: { snap: LiabilitySnapshotSummary; check: SnapshotCheck | undefined }) {
  const { t } = useTranslation();
  const encoded = check?.encoded;
  return (
    <section className={s.card} data-testid="pol-outside">
      <h2 className={s.h2}>{t('pol.outside')}</h2>
      <p className={s.muted}>{t('pol.outsideHow')}</p>
      <code className={s.cmd}>npx tsx scripts/verify-liabilities.ts proof.json</code>
      <p className={s.muted}>{t('pol.secret')}</p>
      <Button
        block
        color="primary"
        fill="outline"
        disabled={!encoded}
        onClick={() => {
          if (encoded) downloadJson(encoded, 'proof.json');
        }}
        data-testid="pol-download-proof"
      >
        <DownlandOutline aria-hidden /> {t('pol.downloadProof')}
      </Button>
      <p className={s.muted}>{t('pol.leavesHow')}</p>
      <a
        className={s.link}
        href={liabilityLeavesUrl(snap.id)}
        download={`liabilities-${snap.id}-leaves.json`}
        data-testid="pol-download-leaves"
      >
        <DownlandOutline aria-hidden /> {t('pol.downloadLeaves')}
      </a>
    </section>
  );
}
