import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import styles from '../components/trade-form.module.css';

export interface SideButton {
  label: string;
  testId: string;
  onClick: () => void;
}

/** The two submit buttons of a form that opens either way (long | short, up | down); "log in" while logged out. */
export function SideButtons({
  loggedIn,
  disabled,
  buy,
  sell,
}: {
  loggedIn: boolean;
  disabled: boolean;
  buy: SideButton;
  sell: SideButton;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.twoBtns}>
      {[buy, sell].map((b, i) => (
        <Button
          key={b.testId}
          block
          className={i === 0 ? styles.buyBtn : styles.sellBtn}
          disabled={disabled}
          onClick={b.onClick}
          data-testid={b.testId}
        >
          {loggedIn ? b.label : t('trade.loginToTrade')}
        </Button>
      ))}
    </div>
  );
}
