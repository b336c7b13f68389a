import { Button, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { leverSideOf, type LeverPosition } from '../../../../core';
import { DecimalInput } from '../../../components/form';
import { useTpSl } from './useTpSl';
import styles from './components.module.css';

/** Take-profit / stop-loss of one position; an empty field removes that level. */
export function TpSlEditor({
  p,
  priceDecimals,
  onClose,
  onSaved,
}: {
  p: LeverPosition;
  priceDecimals: number;
  onClose: () => void;
  onSaved: (p: LeverPosition) => void;
}) {
  const { t } = useTranslation();
  const { open, tp, setTp, tpErr, sl, setSl, slErr, pending, save } = useTpSl(p, onSaved);
  return (
    <Popup visible onMaskClick={pending ? undefined : onClose} bodyClassName={styles.sheet} destroyOnClose>
      <div role="dialog" aria-modal="true" aria-labelledby="tpsl-title" data-testid="tpsl-sheet">
        <h2 id="tpsl-title" className={styles.sheetTitle}>
          {t('trade.lever.tpslTitle')}
        </h2>
        <p className={styles.sheetNote}>
          {p.symbol} · {t(`trade.lever.${leverSideOf(p.type)}`)} {p.multiple}× · {t('trade.lever.openPrice')} {open}
        </p>
        <DecimalInput
          label={t('trade.lever.tp')}
          value={tp}
          onChange={setTp}
          decimals={priceDecimals}
          placeholder={t('trade.lever.optional')}
          error={tpErr}
          data-testid="tp-input"
        />
        <DecimalInput
          label={t('trade.lever.sl')}
          value={sl}
          onChange={setSl}
          decimals={priceDecimals}
          placeholder={t('trade.lever.optional')}
          error={slErr}
          data-testid="sl-input"
        />
        <p className={styles.sheetNote}>{t('trade.lever.tpslHint')}</p>
        <div className={styles.sheetActions}>
          <Button block fill="outline" onClick={onClose} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button
            block
            color="primary"
            loading={pending}
            disabled={pending || !!tpErr || !!slErr}
            onClick={() => void save()}
            data-testid="tpsl-save"
          >
            {t('common.confirm')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
