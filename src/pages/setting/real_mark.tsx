import { Button, Result } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { pathOf } from '../../nav/paths';
import styles from '../../components/account.module.css';

/** Where a 998 answer sends the user: why verification is needed, and the way to it. */
export default function RealMarkPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PageFrame title={t('route.setting.real_mark')}>
      <Result status="info" title={t('acct.realMarkTitle')} description={t('acct.realMarkHint')} />
      <div className={styles.wrap}>
        <Button block color="primary" size="large" onClick={() => navigate(pathOf('setting/real'), { replace: true })}>
          {t('acct.verifyNow')}
        </Button>
      </div>
    </PageFrame>
  );
}
