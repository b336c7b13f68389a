import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

const COLOR: Record<string, string> = {
  // dual invest orders
  purchased: 'primary',
  settling: 'warning',
  success: 'success',
  fail: 'danger',
  // dual products
  open: 'success',
  sold_out: 'default',
  closed: 'default',
  // lock mining orders
  in_progress: 'primary',
  redeemed: 'default',
  // IEO projects and orders
  warmup: 'warning',
  finished: 'default',
  pending: 'warning',
  passed: 'success',
  failed: 'danger',
};

/** A product or order state in words and colour (prod.status.<state>). */
export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLOR[status] ?? 'default'} fill="outline" data-testid="status-tag" data-status={status}>
      {t(`prod.status.${status}`, { defaultValue: status })}
    </Tag>
  );
}
