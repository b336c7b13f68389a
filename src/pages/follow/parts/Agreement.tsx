import { PageFrame } from '../../../components/PageFrame';
import styles from '../../../components/copytrade/copytrade.module.css';

/**
 * The copy-trading agreement in one language (the spec has a Chinese and an English page). Its
 * terms describe what this server really does: sizing, the balance check, closes, self-holding.
 */
const TEXT = {
  zh: {
    title: '跟单协议',
    parts: [
      [
        '一、服务内容',
        '跟单是指您选择一位经平台审核的交易员，当该交易员开立合约仓位时，系统按您的设置在您的合约账户中以市价开立同方向、同杠杆倍数的仓位；交易员平仓时，仍处于跟单状态的仓位以市价平仓。',
      ],
      [
        '二、跟单方式',
        '固定倍数：跟单手数 = 交易员手数 × 倍数（倍数大于 1 且非整数时四舍五入保留两位小数），按交易对的手数步长向下取整。固定手数：每次按您设定的手数开仓。计算结果超出交易对的最小或最大手数时，本次不跟单并通知您。',
      ],
      [
        '三、资金与风险',
        '跟单仓位的保证金与手续费从您的合约账户扣除。余额不足以支付保证金和手续费时，本次不跟单并通知您。合约交易有较高风险，交易员过往收益不代表未来表现，您的仓位价格可能与交易员不同，可能发生强制平仓。',
      ],
      [
        '四、自持与取消',
        '您可随时将跟单仓位转为自持，转为自持后该仓位不再随交易员平仓，由您自行管理。取消跟单后不再跟随交易员的新仓位，已开立的跟单仓位仍会随交易员平仓，或由您转为自持或手动平仓。',
      ],
      ['五、数据', '交易员的总收益、胜率、跟单金额、倍数及跟随人数根据真实已平仓记录每小时更新一次。'],
    ],
  },
  en: {
    title: 'Copy trading agreement',
    parts: [
      [
        '1. The service',
        'Copy trading means you choose a trader approved by the platform. When that trader opens a contract position, the system opens a position in the same direction and with the same leverage in your contract account, at market, sized by your setting. When the trader closes it, your copies that still follow are closed at market.',
      ],
      [
        '2. How copies are sized',
        "Fixed multiple: your lots = the trader's lots × the multiple (a multiple above 1 that is not an integer is rounded to two decimals), rounded down to the pair's lot step. Fixed lots: every copy opens the lots you set. When the result is outside the pair's minimum or maximum lots, that copy is skipped and you are notified.",
      ],
      [
        '3. Funds and risk',
        "The margin and fee of each copy are taken from your contract account. When your balance cannot cover the margin and fee, that copy is skipped and you are notified. Contract trading carries high risk; a trader's past results do not predict the future, your prices may differ from the trader's, and positions can be liquidated.",
      ],
      [
        '4. Self-holding and cancelling',
        "You can switch a copy to self-holding at any time: it then no longer closes with the trader and is yours to manage. After you cancel a follow, the trader's new positions are no longer copied; copies already open still close with the trader, unless you self-hold or close them.",
      ],
      [
        '5. Figures',
        "A trader's total profit, accuracy, follow amount, multiple and follower count are recomputed every hour from real closed positions.",
      ],
    ],
  },
} as const;

export function Agreement({ lang }: { lang: 'zh' | 'en' }) {
  const doc = TEXT[lang];
  return (
    <PageFrame title={doc.title}>
      <article className={styles.agreement} lang={lang}>
        {doc.parts.map(([h, p]) => (
          <section key={h}>
            <h2>{h}</h2>
            <p>{p}</p>
          </section>
        ))}
      </article>
    </PageFrame>
  );
}
