import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import s from './proof.module.css';

/** One input of a settlement: a price with its time and tick, a level, a seed… */
export interface ProofFact {
  label: string;
  value: string;
  /** e.g. "2026-11-25 19:20:03 · tick #1234" */
  meta?: string;
}

/** What the panel shows: the rule in words, the inputs, the arithmetic, and whether the page's recomputation matches. */
export interface ProofView {
  rule: string;
  facts: ProofFact[];
  steps: string[];
  /** null: nothing to recompute yet (a sealed blind-box series): `note` says why */
  ok: boolean | null;
  note?: string;
}

/**
 * "How this was settled" under a settled order: collapsed by default; opening it shows the
 * published rule, the prices (with time and seq) that decided it, and the arithmetic, recomputed
 * in the page by the same core/ function the server settled with. `build` runs only once the
 * panel is opened (the recomputation costs nothing for a list scrolled past); `onOpen` may fetch
 * what it needs first (a blind box's series), `children` stands in while `build` returns null.
 */
export function ProofPanel({ build, onOpen, children, testId = 'proof' }: { build: () => ProofView | null; onOpen?: () => void; children?: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const view = opened ? build() : null;
  return (
    <details
      className={s.panel}
      data-testid={testId}
      onToggle={(e) => {
        if ((e.currentTarget as HTMLDetailsElement).open && !opened) {
          setOpened(true);
          onOpen?.();
        }
      }}
    >
      <summary className={s.summary}>{t('proof.title')}</summary>
      {view ? (
        <div className={s.body}>
          <p className={s.rule}>{view.rule}</p>
          <dl className={s.facts}>
            {view.facts.map((f) => (
              <div key={f.label} className={s.fact}>
                <dt>{f.label}</dt>
                <dd>
                  {f.value}
                  {f.meta ? <span className={s.meta}>{f.meta}</span> : null}
                </dd>
              </div>
            ))}
          </dl>
          <ol className={s.steps} aria-label={t('proof.arithmetic')}>
            {view.steps.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ol>
          {view.ok === null ? (
            <p className={s.rule}>{view.note}</p>
          ) : (
            <p className={view.ok ? s.ok : s.bad} data-testid={`${testId}-verdict`} data-ok={view.ok}>
              {view.ok ? t('proof.matches') : t('proof.differs')}
            </p>
          )}
        </div>
      ) : opened ? (
        <div className={s.body}>{children}</div>
      ) : null}
    </details>
  );
}
