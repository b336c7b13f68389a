import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { CONSTANTS } from '../../../core';
import { bill } from '../../api/funds';
import { JournalList } from '../../components/funds/records';

/** every journal entry of the user, a page at a time */
const fetchBill = (p: number) => bill(p, CONSTANTS.pageSize);

/** Bills: every change to every balance, newest first (the journal). */
export default function BillPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('route.setting.bill')}>
      <JournalList fetchPage={fetchBill} />
    </PageFrame>
  );
}
