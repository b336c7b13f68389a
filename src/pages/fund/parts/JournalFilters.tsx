import { useRef } from 'react';
import { Dropdown, Selector, type DropdownRef } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { JOURNAL_KINDS, type JournalKind } from '../../../../core';
import { coinChoices } from '../../../api/coins';
import { useLoad } from '../../../components/load/useLoad';
import styles from '../fund.module.css';

const PERIODS = ['all', '7d', '30d', '90d'] as const;
export type Period = (typeof PERIODS)[number];
const DAYS: Record<Period, number> = { all: 0, '7d': 7, '30d': 30, '90d': 90 };

export interface JournalFilter {
  currency?: number;
  kind?: JournalKind;
  period: Period;
}

/** The period's start in epoch ms (undefined: all time); taken when the page is fetched. */
export const periodFrom = (p: Period, now = Date.now()) => (DAYS[p] ? now - DAYS[p] * 86_400_000 : undefined);

/**
 * Coin · type · time, the filters a trader narrows their records with (as the big exchanges' "Filter"
 * bar): each opens a panel, a choice closes it and reloads the list.
 */
export function JournalFilters({ value, onChange }: { value: JournalFilter; onChange: (f: JournalFilter) => void }) {
  const { t } = useTranslation();
  const coins = useLoad(coinChoices);
  const ref = useRef<DropdownRef>(null);
  const pick = (f: JournalFilter) => {
    onChange(f);
    ref.current?.close();
  };
  const coinName = coins.data?.find((c) => c.id === value.currency)?.name;
  return (
    <Dropdown ref={ref} className={styles.filters} data-testid="journal-filters">
      <Dropdown.Item key="coin" title={coinName ?? t('acct.filter.allCoins')}>
        <div className={styles.filterPanel}>
          <Selector
            columns={4}
            options={[
              { label: t('acct.filter.allCoins'), value: '0' },
              ...(coins.data ?? []).map((c) => ({ label: c.name, value: String(c.id) })),
            ]}
            value={[String(value.currency ?? 0)]}
            onChange={(v) => v[0] !== undefined && pick({ ...value, currency: Number(v[0]) || undefined })}
          />
        </div>
      </Dropdown.Item>
      <Dropdown.Item key="kind" title={value.kind ? t(`acct.filter.kind.${value.kind}`) : t('acct.filter.allKinds')}>
        <div className={styles.filterPanel} data-testid="journal-kinds">
          <Selector
            columns={3}
            options={[
              { label: t('acct.filter.allKinds'), value: '' },
              ...(Object.keys(JOURNAL_KINDS) as JournalKind[]).map((k) => ({
                label: t(`acct.filter.kind.${k}`),
                value: k,
              })),
            ]}
            value={[value.kind ?? '']}
            onChange={(v) =>
              v[0] !== undefined && pick({ ...value, kind: (v[0] || undefined) as JournalKind | undefined })
            }
          />
        </div>
      </Dropdown.Item>
      <Dropdown.Item key="time" title={t(`acct.filter.period.${value.period}`)}>
        <div className={styles.filterPanel}>
          <Selector
            columns={4}
            options={PERIODS.map((p) => ({ label: t(`acct.filter.period.${p}`), value: p }))}
            value={[value.period]}
            onChange={(v) => v[0] && pick({ ...value, period: v[0] })}
          />
        </div>
      </Dropdown.Item>
    </Dropdown>
  );
}
