import { useState } from 'react';
import { Button, Selector } from 'antd-mobile';
import { ADMIN_JOB_STATES, type AdminJobState } from '../../core';
import { admin } from './api';
import { usePaged } from './usePaged';
import { Pager } from './queues';
import { useFmt, useT } from './i18n';
import styles from './admin.module.css';

/** The durable job queue (server/plugins/job-queue.ts): what waits, runs, retries or gave up, failed first. */
export function JobsQueue() {
  const t = useT();
  const f = useFmt();
  const [state, setState] = useState<AdminJobState | ''>('');
  const q = usePaged((p) => admin.jobs(state, p), [state]);
  const states = [
    { label: t('admin.jobs.all'), value: '' },
    ...ADMIN_JOB_STATES.map((s) => ({ label: t.or(`admin.jobs.state.${s}`, s), value: s })),
  ];
  return (
    <div className={styles.section} data-testid="admin-jobs">
      <div className={styles.bar}>
        <Selector options={states} value={[state]} onChange={(v) => setState((v[0] ?? '') as AdminJobState | '')} />
        <Button size="mini" onClick={() => void q.reload()}>
          {t('admin.jobs.refresh')}
        </Button>
      </div>
      {q.error ? <p className={styles.muted}>{q.error}</p> : null}
      <table className={styles.table}>
        <thead>
          <tr>
            <th>{t('admin.jobs.task')}</th>
            <th>{t('admin.jobs.stateHead')}</th>
            <th>{t('admin.jobs.attempts')}</th>
            <th>{t('admin.jobs.runAt')}</th>
            <th>{t('admin.jobs.lastError')}</th>
          </tr>
        </thead>
        <tbody>
          {q.data?.list.map((j) => (
            <tr key={j.id}>
              <td>
                {j.task}
                <br />
                <span className={styles.muted}>{j.key ?? `#${j.id}`}</span>
              </td>
              <td>{t.or(`admin.jobs.state.${j.state}`, j.state)}</td>
              <td>
                {j.attempts} / {j.max_attempts}
              </td>
              <td>{f.dateTime(j.run_at)}</td>
              <td>{j.last_error ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {q.data && !q.data.list.length ? (
        <p className={styles.muted}>
          {state ? t('admin.jobs.noneIn', { state: t.or(`admin.jobs.state.${state}`, state) }) : t('admin.jobs.none')}
        </p>
      ) : null}
      <Pager page={q.page} pages={q.pages} setPage={q.setPage} />
    </div>
  );
}
