import { Collapse } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { faq } from '../../api/profile';
import { useLoad } from '../../components/load/useLoad';
import { LoadState } from '../../components/load/LoadState';
import styles from '../../components/account.module.css';

export default function FaqPage() {
  const { t } = useTranslation();
  const load = useLoad(() => faq());
  return (
    <PageFrame title={t('route.common.faq')}>
      <LoadState load={load}>
        {(f) => (
          <Collapse accordion>
            {f.list.map((x, i) => (
              <Collapse.Panel key={String(i)} title={x.q}>
                <div className={styles.prose}>{x.a}</div>
              </Collapse.Panel>
            ))}
          </Collapse>
        )}
      </LoadState>
    </PageFrame>
  );
}
