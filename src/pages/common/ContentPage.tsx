import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { contentPage, type ContentName } from '../../api/profile';
import { useLoad } from '../../components/load/useLoad';
import { LoadState } from '../../components/load/LoadState';
import styles from '../setting/account.module.css';

/**
 * Operator-written pages arrive as HTML. We show their text only (block elements become line
 * breaks): nothing from the server is injected as markup.
 */
export function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(html.replace(/<\/(p|div|h\d|li)>|<br\s*\/?>/gi, '$&\n'), 'text/html');
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}

export function ContentPage({ name, titleKey }: { name: ContentName; titleKey: string }) {
  const { t } = useTranslation();
  const load = useLoad(() => contentPage(name), [name]);
  return (
    <PageFrame title={load.data?.title || t(titleKey)}>
      <LoadState load={load}>{(p) => <article className={styles.prose}>{htmlToText(p.content)}</article>}</LoadState>
    </PageFrame>
  );
}
