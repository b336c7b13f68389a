import { useMemo, useState } from 'react';
import { List, SearchBar } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { goBack } from '../../nav/goBack';
import { PageFrame } from '../../components/PageFrame';
import { AREAS, areaName, pickArea, pickedArea } from '../../components/form/areaPick';
import styles from '../../components/account.module.css';

/** Region picker (calling codes), names in the interface language; returns to the page that asked. */
export default function AreasPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const current = pickedArea().iso;
  const locale = document.documentElement.lang || i18n.language;
  const list = useMemo(
    () =>
      AREAS.map((a) => ({ ...a, name: areaName(a.iso, locale) })).filter((a) =>
        `${a.name} ${a.code}`.toLowerCase().includes(q.trim().toLowerCase()),
      ),
    [q, locale],
  );
  return (
    <PageFrame title={t('route.setting.areas')}>
      <div className={styles.wrap}>
        <SearchBar value={q} onChange={setQ} placeholder={t('acct.searchRegion')} aria-label={t('acct.searchRegion')} />
      </div>
      <List className={styles.list}>
        {list.map((a) => (
          <List.Item
            key={a.iso}
            extra={a.iso === current ? <CheckOutline aria-label={t('acct.selected')} /> : `+${a.code}`}
            onClick={() => {
              pickArea(a.iso);
              goBack(navigate, 'setting/security');
            }}
          >
            {a.name} {a.iso === current ? `(+${a.code})` : ''}
          </List.Item>
        ))}
      </List>
    </PageFrame>
  );
}
