import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

export type ReviewStatus = 'pending' | 'approved' | 'rejected' | 'done' | string;

const COLOR: Record<string, string> = {
  pending: 'warning',
  approved: 'success',
  done: 'success',
  rejected: 'danger',
  failed: 'danger',
};

/** A review state in words and colour; unknown states show as given. */
export function StatusTag({ status }: { status: ReviewStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLOR[status] ?? 'default'} fill="outline" data-testid="status-tag" data-status={status}>
      {t(`acct.status.${status}`, { defaultValue: status })}
    </Tag>
  );
}
