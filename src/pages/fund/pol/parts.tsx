import { useTranslation } from 'react-i18next';
import {
  fromUnits,
  type LiabilityCoin,
  type LiabilityProof,
  type LiabilitySnapshotSummary,
  type VerifyResult,
} from '../../../../core/liabilities';
import { Num } from '../../../components/Num';
import { shortHash, type SnapshotCheck } from './useChecks';
import s from './pol.module.css';

/** Where a failed check broke, in words: the leaf, step n (1-based, as the table numbers them) or the root. */
function useFailPlace(): (step: number | 'leaf' | 'root' | 'format') => string {
  const { t } = useTranslation();
  return (step) =>
    step === 'leaf'
      ? t('pol.atLeaf')
      : step === 'root'
        ? t('pol.atRoot')
        : step === 'format'
          ? t('pol.atFormat')
          : t('pol.atStep', { n: step + 1 });
}

/**
 * Where the check broke: core's step, or — when only the root caught it — the step the published
 * leaf list places it on (`byList`).
 */
function brokenAt(check: SnapshotCheck): { step: number | 'leaf' | 'root' | 'format'; byList: boolean } | null {
  const f = check.result?.failedAt;
  if (!f) return null;
  if (f.step === 'root' && check.located && check.located.step !== null)
    return { step: check.located.step, byList: true };
  return { step: f.step, byList: false };
}

/** The pass/fail line of one snapshot's check. */
export function Verdict({ snap, check }: { snap: LiabilitySnapshotSummary; check: SnapshotCheck }) {
  const { t } = useTranslation();
  const place = useFailPlace();
  const { result } = check;
  const title = <h2 className={s.h2}>{t('pol.snapshot', { id: snap.id })}</h2>;
  // a proof served but not decodable still has a failed result: shown below with its reason
  if (!result)
    return (
      <div className={s.verdict}>
        {title}
        <p className={s.muted} role="status" data-testid="pol-verdict" data-result="none">
          {t('pol.noLeaf')}
        </p>
      </div>
    );
  const broken = brokenAt(check);
  return (
    <div className={s.verdict}>
      {title}
      <p
        className={`${s.big} ${result.ok ? s.ok : s.bad}`}
        role="status"
        data-testid="pol-verdict"
        data-result={result.ok ? 'pass' : 'fail'}
        data-step={broken ? String(broken.step) : undefined}
      >
        {result.ok ? t('pol.passed') : t('pol.failed', { where: place(broken?.step ?? 'root') })}
      </p>
      {result.ok ? <p className={s.muted}>{t('pol.passedHow')}</p> : null}
      {broken?.byList ? <p className={s.muted}>{t('pol.byList', { n: Number(broken.step) + 1 })}</p> : null}
      {result.ok ? null : (
        <p className={`${s.muted} ${s.hash}`} data-testid="pol-reason">
          {result.failedAt?.reason}
        </p>
      )}
    </div>
  );
}

/** Amounts per coin, as decimals through the number formatter (units ÷ 10^decimals, exactly). */
export function CoinTable({
  coins,
  units,
  testId,
}: {
  coins: readonly LiabilityCoin[];
  units: readonly string[];
  testId: string;
}) {
  return (
    <ul className={s.coins} data-testid={testId}>
      {coins.map((c, i) => (
        <li key={c.symbol} className={s.coinRow} data-testid={`${testId}-${c.symbol}`}>
          <span>{c.symbol}</span>
          <Num value={fromUnits(units[i] ?? '0', c.decimals)} decimals={c.decimals} tint={false} align="right" />
        </li>
      ))}
    </ul>
  );
}

/** Sums of one node: "BTC 1.5 · USDT 300", each through the formatter. */
function Sums({ coins, sums }: { coins: readonly LiabilityCoin[]; sums: readonly string[] }) {
  return (
    <span className={s.sums}>
      {coins.map((c, i) => (
        <span key={c.symbol} className={s.sum}>
          <span className={s.sym}>{c.symbol}</span>{' '}
          <Num value={fromUnits(sums[i] ?? '0', c.decimals)} decimals={c.decimals} tint={false} />
        </span>
      ))}
    </span>
  );
}

type Mark = 'ok' | 'bad' | 'none';
function MarkCell({ mark }: { mark: Mark }) {
  const { t } = useTranslation();
  const text = mark === 'ok' ? '✓' : mark === 'bad' ? '✗' : '–';
  const label = mark === 'ok' ? t('pol.stepOk') : mark === 'bad' ? t('pol.stepBad') : t('pol.stepNotReached');
  return (
    <span className={mark === 'ok' ? s.ok : mark === 'bad' ? s.bad : s.muted} role="img" aria-label={label}>
      {text}
    </span>
  );
}

/**
 * The path from the leaf to the root, one row per recomputed node: the leaf, each step (the node
 * made from the one below and the proof's sibling), then the root compared with the published one.
 * A step the check never reached shows "–".
 */
export function PathTable({
  snap,
  proof,
  check,
}: {
  snap: LiabilitySnapshotSummary;
  proof: LiabilityProof;
  check: SnapshotCheck & { result: VerifyResult };
}) {
  const { t } = useTranslation();
  const { result } = check;
  const failed = result.failedAt?.step;
  const broken = brokenAt(check);
  const leafMark: Mark = failed === 'leaf' ? 'bad' : 'ok';
  const rootMark: Mark = result.ok ? 'ok' : failed === 'root' ? 'bad' : 'none';
  const rows = proof.path.map((sib, i) => {
    const step = result.steps[i];
    // past a step the leaf list shows was changed, the nodes are made from a wrong sibling: not a match
    const afterBroken = broken?.byList && typeof broken.step === 'number' && i > broken.step;
    const mark: Mark = broken?.step === i ? 'bad' : afterBroken || !step ? 'none' : step.ok ? 'ok' : 'bad';
    return {
      key: `s${i}`,
      label: t('pol.stepN', { n: i + 1 }),
      level: step?.level,
      hash: step?.hash,
      sums: step?.sums,
      sib,
      mark,
    };
  });
  return (
    <ol className={s.path} data-testid="pol-path">
      <li className={s.step} data-testid="pol-step-leaf" data-mark={leafMark}>
        <div className={s.stepHead}>
          <span className={s.stepName}>{t('pol.leafRow')}</span>
          <MarkCell mark={leafMark} />
        </div>
        <div className={s.hash}>{shortHash(proof.leaf.hash)}</div>
        <Sums coins={snap.coins} sums={proof.leaf.balances} />
      </li>
      {rows.map((r, i) => (
        <li key={r.key} className={s.step} data-testid={`pol-step-${i + 1}`} data-mark={r.mark} data-hash={r.hash}>
          <div className={s.stepHead}>
            <span className={s.stepName}>
              {r.label}
              {r.level !== undefined ? <span className={s.level}> · {t('pol.level', { level: r.level })}</span> : null}
            </span>
            <MarkCell mark={r.mark} />
          </div>
          <div className={s.sib}>
            {t(r.sib.side === 'L' ? 'pol.siblingLeft' : 'pol.siblingRight')}{' '}
            <span className={s.hash}>{shortHash(r.sib.hash)}</span>
          </div>
          <Sums coins={snap.coins} sums={r.sib.sums} />
          {r.hash ? (
            <div className={s.sib}>
              {t('pol.makes')} <span className={s.hash}>{shortHash(r.hash)}</span>
            </div>
          ) : null}
          {r.sums ? <Sums coins={snap.coins} sums={r.sums} /> : null}
        </li>
      ))}
      <li className={s.step} data-testid="pol-step-root" data-mark={rootMark}>
        <div className={s.stepHead}>
          <span className={s.stepName}>{t('pol.rootRow')}</span>
          <MarkCell mark={rootMark} />
        </div>
        <div className={s.hash}>{shortHash(snap.rootHash)}</div>
        <Sums coins={snap.coins} sums={snap.totals} />
      </li>
    </ol>
  );
}
