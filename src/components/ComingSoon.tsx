import { Result } from 'antd-mobile';
import { ClockCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { titleKey } from '../nav/paths';
import { PageFrame } from './PageFrame';
import styles from './ComingSoon.module.css';

/**
 * The honest stand-in for a page of spec §2 not built yet: the real frame and title, and a plain
 * "coming soon" — never an empty screen that looks broken or a fake form that does nothing.
 */
export default function ComingSoon({ name, tab = false }: { name: string; tab?: boolean }) {
  const { t } = useTranslation();
  return (
    <PageFrame title={t(titleKey(name))} back={!tab}>
      <div className={styles.box} data-testid="coming-soon" data-route={name}>
        <Result
          icon={<ClockCircleOutline aria-hidden />}
          status="waiting"
          title={t('common.comingSoon')}
          description={t('common.comingSoonHint')}
        />
      </div>
    </PageFrame>
  );
}
