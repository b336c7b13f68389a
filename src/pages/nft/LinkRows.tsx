import type { ReactNode } from 'react';
import { Empty } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router-dom';
import s from './nft.module.css';

export interface LinkRow {
  id: number;
  /** the page the row opens */
  to: string;
  testId: string;
  picture: ReactNode;
  name: string;
  /** muted lines under the name; `clamp` cuts a long one to its first lines */
  lines: { text: ReactNode; clamp?: boolean }[];
}

/** A list whose rows each open a page (artists, collections): picture, name, a few lines, a chevron; `empty` when there are none. */
export function LinkRows({ rows, empty }: { rows: LinkRow[]; empty: string }) {
  const navigate = useNavigate();
  if (rows.length === 0) return <Empty description={empty} />;
  return (
    <ul className={s.plain}>
      {rows.map((r) => (
        <li key={r.id}>
          <button type="button" className={s.person} onClick={() => navigate(r.to)} data-testid={r.testId}>
            {r.picture}
            <span className={s.personBody}>
              <span className={s.name} data-may-truncate>
                {r.name}
              </span>
              {r.lines.map((l, i) => (
                <span key={i} className={l.clamp ? `${s.muted} ${s.clamp}` : s.muted}>
                  {l.text}
                </span>
              ))}
            </span>
            <RightOutline aria-hidden className={s.muted} />
          </button>
        </li>
      ))}
    </ul>
  );
}
