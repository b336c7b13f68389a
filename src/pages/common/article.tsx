import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { newsDetail } from '../../api/content';
import { useLoad } from '../../components/load/useLoad';
import { LoadState } from '../../components/load/LoadState';
import { when } from '../../components/funds/format';
import { htmlToText } from '../../components/ContentPage';
import styles from '../../components/account.module.css';

/** A news article or notice (`?id=`), shown as text. */
export default function ArticlePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const load = useLoad(() => (id > 0 ? newsDetail(id) : Promise.reject(new Error('no id'))), [id]);
  return (
    <PageFrame title={load.data?.title || t('route.common.article')}>
      <LoadState load={load}>
        {(n) => (
          <article className={styles.prose}>
            <h2>{n.title}</h2>
            <div className={styles.rowSub}>{when(n.created_at)}</div>
            {htmlToText(n.content ?? '')}
          </article>
        )}
      </LoadState>
    </PageFrame>
  );
}
