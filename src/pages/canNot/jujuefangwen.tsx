import { Button, Result } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import styles from './jujuefangwen.module.css';

/** Spec §1 wallet gate: shown when the site requires a browser wallet and none is injected. */
export default function AccessDenied() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('route.canNot.jujuefangwen')} back={false}>
      <div className={styles.box}>
        <Result status="warning" title={t('denied.title')} description={t('denied.message')} />
        <div className={styles.actions}>
          <a className={styles.install} href="https://metamask.io/download/" target="_blank" rel="noreferrer noopener">
            {t('denied.install')}
          </a>
          {/* after installing, the extension injects window.ethereum only into a fresh page */}
          <Button
            block
            fill="outline"
            onClick={() => window.location.replace(`${window.location.pathname}#/pages/index/index`)}
          >
            {t('denied.retry')}
          </Button>
        </div>
      </div>
    </PageFrame>
  );
}
