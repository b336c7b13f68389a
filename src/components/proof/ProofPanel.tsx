import { useState, type ReactNode } from 'react';
import type { ProofView } from './types';

type Views = typeof import('./views');
import { useTranslation } from 'react-i18next';
import s from './proof.module.css';

/**
 * "How this was settled" under a settled order: collapsed by default; opening it shows the
 * published rule, the prices (with time and seq) that decided it, and the arithmetic, recomputed
 * in the page by the same core/ function the server settled with. `build` (given the lazily loaded
 * ./views) runs only once the panel is opened (the recomputation costs nothing for a list scrolled past); `onOpen` may fetch
 * what it needs first (a blind box's series), `children` stands in while `build` returns null.
 */
export function ProofPanel({
  build,
  onOpen,
  children,
  testId = 'proof',
}: {
  build: (views: Views) => ProofView | null;
  onOpen?: () => void;
  children?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  // the views and core's recomputations load with the first opened panel: a trade screen's first
  // load carries none of them (the bundle budget)
  const [views, setViews] = useState<Views | null>(null);
  const view = opened && views ? build(views) : null;
  return (
    <details
      className={s.panel}
      data-testid={testId}
      onToggle={(e) => {
        if ((e.currentTarget as HTMLDetailsElement).open && !opened) {
          setOpened(true);
          void import('./views').then(setViews);
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
