import { useTranslation } from 'react-i18next';
import type { LiabilitySnapshotSummary } from '../../../../core/liabilities';
import { when } from '../../../components/funds/format';
import { HISTORY_SIZE, type SnapshotCheck } from './useChecks';
import s from './pol.module.css';

/** Earlier snapshots, newest first, each with the result of checking the caller's proof in it; a tap shows it in detail. */
export function History({
  list,
  checks,
  picked,
  onPick,
}: {
  list: readonly LiabilitySnapshotSummary[];
  checks: Map<number, SnapshotCheck> | undefined;
  picked: number;
  onPick: (id: number) => void;
}) {
  const { t } = useTranslation();
  const outcome = (c: SnapshotCheck | undefined) => {
    if (!checks) return { text: t('pol.checking'), cls: s.muted, result: 'pending' };
    if (!c?.result) return { text: t('pol.historyNone'), cls: s.muted, result: 'none' };
    return c.result.ok
      ? { text: t('pol.historyOk'), cls: s.ok, result: 'pass' }
      : { text: t('pol.historyFail'), cls: s.bad, result: 'fail' };
  };
  return (
    <section className={s.card} data-testid="pol-history">
      <h2 className={s.h2}>{t('pol.history')}</h2>
      <ul className={s.history}>
        {list.slice(0, HISTORY_SIZE).map((snap) => {
          const o = outcome(checks?.get(snap.id));
          return (
            <li key={snap.id}>
              <button
                type="button"
                className={s.histRow}
                aria-pressed={snap.id === picked}
                onClick={() => onPick(snap.id)}
                data-testid={`pol-history-${snap.id}`}
                data-result={o.result}
              >
                <span className={s.histId}>{t('pol.snapshot', { id: snap.id })}</span>
                <span className={s.histWhen}>{when(snap.takenAt)}</span>
                <span className={o.cls}>{o.text}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
