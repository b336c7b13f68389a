import { Button, ErrorBlock } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../PageFrame';
import states from '../states.module.css';

/**
 * A product page opened without a valid id. Shown rather than redirected: the page that fades out
 * after a navigation re-renders with the next page's URL, and a redirect from it would hijack that
 * navigation (src/app/FadeOutlet keeps the leaving element under the new location).
 */
export function NotFound({ title, listPath }: { title: string; listPath: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PageFrame title={title}>
      <ErrorBlock status="empty" title={t('prod.notFound')} description="" className={states.state}>
        <Button color="primary" fill="outline" onClick={() => navigate(listPath, { replace: true })}>
          {t('prod.backToList')}
        </Button>
      </ErrorBlock>
    </PageFrame>
  );
}
