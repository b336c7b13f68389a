import { useTranslation } from 'react-i18next';
import { PageFrame } from './PageFrame';
import { useLoad } from './load/useLoad';
import { LoadState } from './load/LoadState';
import styles from './account.module.css';

/**
 * Operator-written pages arrive as HTML. We show their text only (block elements become line
 * breaks): nothing from the server is injected as markup.
 */
export function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(html.replace(/<\/(p|div|h\d|li)>|<br\s*\/?>/gi, '$&\n'), 'text/html');
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}

/** An operator-written page; the page passes how to fetch it (`fetch` is called again when `name` changes). */
export function ContentPage({
  name,
  titleKey,
  fetch,
}: {
  name: string;
  titleKey: string;
  fetch: () => Promise<{ title: string; content: string }>;
}) {
  const { t } = useTranslation();
  const load = useLoad(fetch, [name]);
  return (
    <PageFrame title={load.data?.title || t(titleKey)}>
      <LoadState load={load}>{(p) => <article className={styles.prose}>{htmlToText(p.content)}</article>}</LoadState>
    </PageFrame>
  );
}
