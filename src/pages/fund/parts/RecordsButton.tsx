import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/** "Records" in a money page's bar: its history (`to`, with the tab to open). */
export function RecordsButton({ to }: { to: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button size="mini" fill="none" onClick={() => navigate(to)}>
      {t('acct.records')}
    </Button>
  );
}
