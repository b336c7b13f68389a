import { Button } from 'antd-mobile';
import { share } from '../../../components/funds/format';
import styles from '../fund.module.css';

/** 25/50/75/100 % of the available balance (UX.md "Numbers"). */
export function PctShortcuts({ available, onPick }: { available: string; onPick: (v: string) => void }) {
  return (
    <div className={styles.pct}>
      {[25, 50, 75, 100].map((p) => (
        <Button key={p} size="mini" fill="outline" onClick={() => onPick(share(available, p))}>
          {p}%
        </Button>
      ))}
    </div>
  );
}
