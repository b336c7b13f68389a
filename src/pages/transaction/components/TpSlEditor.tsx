import { useState } from 'react';
import { Button, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { LEVER_TYPE, leverSideOf, type LeverPosition } from '../../../../core';
import { leverSetStop } from '../../../api/trade';
import { DecimalInput } from '../../../components/form';
import { toastSuccess } from '../../../lib/toast';
import { gt } from './preview';
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
  const [tp, setTp] = useState(p.target_profit_price ?? '');
  const [sl, setSl] = useState(p.stop_loss_price ?? '');
  const [pending, setPending] = useState(false);
  const open = p.price ?? '0';
  const long = p.type === LEVER_TYPE.long;
  const tpErr =
    tp && (long ? !gt(tp, open) : !gt(open, tp)) ? t(long ? 'trade.err.tpLong' : 'trade.err.tpShort') : null;
  const slErr =
    sl && (long ? !gt(open, sl) : !gt(sl, open)) ? t(long ? 'trade.err.slLong' : 'trade.err.slShort') : null;

  const save = async () => {
    if (tpErr || slErr) return;
    setPending(true);
    try {
      const next = await leverSetStop({ id: p.id, target_profit_price: tp, stop_loss_price: sl });
      toastSuccess(t('trade.lever.tpslSaved'));
      onSaved(next);
    } catch {
      /* shown by the client; inputs kept */
    } finally {
      setPending(false);
    }
  };

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
