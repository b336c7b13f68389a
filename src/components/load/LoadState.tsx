import type { ReactNode } from 'react';
import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Loaded } from './useLoad';
import states from '../states.module.css';

/** Skeleton while the first load runs, an error with retry when it failed, else the content. */
export function LoadState<T>({ load, children }: { load: Loaded<T>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation();
  if (load.data === undefined && load.loading)
    return (
      <div className={states.skeleton} data-testid="loading">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    );
  if (load.data === undefined)
    return (
      <ErrorBlock
        status="default"
        title={t('common.loadError')}
        description={t('common.loadFailedHint')}
        className={states.state}
      >
        <Button color="primary" fill="outline" onClick={() => void load.reload()}>
          {t('common.retry')}
        </Button>
      </ErrorBlock>
    );
  return <>{children(load.data)}</>;
}
