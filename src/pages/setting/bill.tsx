import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { JournalList } from '../fund/parts/records';

/** Bills: every change to every balance, newest first (the journal). */
export default function BillPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('route.setting.bill')}>
      <JournalList />
    </PageFrame>
  );
}
