/** Seeded site content in Korean. */
import type { SiteContent } from './types';
import { PASSWORD_RULE } from '../../../core';

export const ko: SiteContent = {
  news: {
    'banner-zero-fee-btc': {
      title: 'BTC 현물 거래 수수료 0',
      summary: 'BTC/USDT를 거래 수수료 없이 거래하세요.',
      content: '<p>BTC/USDT 현물 거래에는 거래 수수료가 없습니다. 다른 거래쌍은 공시된 수수료율이 적용됩니다.</p>',
    },
    'banner-lock-mining': {
      title: '락업 채굴: 일일 수익',
      summary: 'USDT를 락업하고 매일 수익을 받으세요.',
      content:
        '<p>락업 채굴은 선택한 락업 기간 동안 매일 수익을 지급합니다. 중도 상환이 가능하며, 확인 전에 위약금이 표시됩니다.</p>',
    },
    'banner-copy-trading': {
      title: '톱 트레이더 카피',
      summary: '고정 배수 또는 고정 수량으로 트레이더를 팔로우하세요.',
      content:
        '<p>트레이더를 선택하고 고정 배수 또는 고정 수량을 설정하면 계정이 그 트레이더의 거래를 따라갑니다. 언제든지 해지할 수 있습니다.</p>',
    },
    'notice-nft-review': {
      title: 'NFT 판매 및 대금 입금 안내',
      summary: 'NFT 컬렉션, 블라인드 박스, 경매 판매는 공식 고객센터의 심사가 필요합니다.',
      content:
        '<p>NFT 컬렉션, 블라인드 박스, 경매 판매는 완료 전에 공식 고객센터가 심사합니다. 따라서 판매 대금이 즉시 입금되지 않을 수 있습니다. 심사가 24시간을 넘으면 고객센터에 문의하세요.</p>',
    },
    'news-new-listings': {
      title: '신규 상장: SUI, TON, APT',
      summary: 'USDT 현물 거래쌍 3개 추가.',
      content: '<p>SUI/USDT, TON/USDT, APT/USDT 현물 거래가 시작되었으며, 첫 1분부터 캔들 기록을 볼 수 있습니다.</p>',
    },
    'news-stocks': {
      title: '미국 주식 USDT 거래 지원',
      summary: 'AAPL, MSFT, NVDA, TSLA 등.',
      content: '<p>이제 마켓 페이지의 주식 탭에서 미국 주식 8종목을 USDT로 거래할 수 있습니다.</p>',
    },
    'news-security': {
      title: '계정을 안전하게 보호하세요',
      summary: 'Google OTP를 연동하고 결제 비밀번호를 설정하세요.',
      content:
        '<p>당사는 절대로 비밀번호나 인증 코드를 요구하지 않습니다. 설정 → 보안에서 Google OTP를 연동하고 결제 비밀번호를 설정하세요.</p>',
    },
    'news-maintenance': {
      title: '완료: 지갑 시스템 업그레이드',
      summary: '입출금이 정상 운영 중입니다.',
      content: '<p>예정된 지갑 업그레이드가 완료되었습니다. 모든 네트워크의 입출금이 정상 운영 중입니다.</p>',
    },
  },
  faq: {
    title: '자주 묻는 질문',
    entries: [
      {
        q: '어떻게 가입하나요?',
        a: `이메일 또는 휴대폰 번호를 입력하고 6자리 코드를 받아 입력한 뒤, 문자와 숫자를 포함한 ${PASSWORD_RULE.min}자 이상의 비밀번호를 설정하세요.`,
      },
      {
        q: '입금이 반영되지 않은 이유는?',
        a: '입금은 네트워크 확인 후 반영됩니다. 증빙을 통한 충전은 심사 후 반영됩니다.',
      },
      {
        q: '수수료는 얼마인가요?',
        a: 'BTC/USDT 현물은 거래 수수료가 없습니다. 다른 거래쌍은 거래 화면에 표시된 수수료율이 적용됩니다.',
      },
      {
        q: '초 옵션은 어떻게 정산되나요?',
        a: '만기 시 시장 가격과 매수 가격을 비교하며, 결과와 사용된 가격이 주문에 표시됩니다.',
      },
      {
        q: '비밀번호는 어떻게 재설정하나요?',
        a: '로그인 화면에서 "비밀번호 찾기"를 선택하고 코드를 받아 새 비밀번호를 설정하세요. 모든 세션이 로그아웃됩니다.',
      },
    ],
  },
  contactus: {
    title: '문의하기',
    body: '<p>고객센터: 홈 화면에서 채팅을 여세요. 연중무휴 24시간.</p><p>이메일: support@example.com</p><p>제휴 문의: business@example.com</p>',
  },
  aboutus: {
    title: '회사 소개',
    body: '<p>코인, 선물, 초 옵션, 주식을 거래하는 모바일 앱을 만들며, 카피 트레이딩, 금융 상품, NFT 마켓플레이스를 제공합니다.</p><p>가격은 시세 피드에서 가져오며, 모든 잔고 변동은 기록되고 모든 정산은 사용한 가격을 기록합니다.</p>',
  },
  operational_compliance: {
    title: '백서',
    body: '<h3>1. 목적</h3><p>투명한 규칙을 갖춘 개인 투자자용 거래 플랫폼.</p><h3>2. 공정성</h3><p>결과는 시장과 공시된 규칙만을 따릅니다. 운영자가 가격이나 지급을 임의로 바꿀 수 없습니다.</p><h3>3. 자산 보관</h3><p>잔고는 계정 유형별로 완전한 기록과 함께 보관되며, 사용자는 내역에서 모든 변동을 확인할 수 있습니다.</p><h3>4. 컴플라이언스</h3><p>단계별 본인 인증을 시행하며, 출금과 NFT 판매는 고객센터가 심사합니다.</p>',
  },
  menu: {
    recharge: '입금',
    withdraw: '출금',
    copytrade: '카피 트레이딩',
    seconds: '옵션',
    invest: '듀얼 투자',
    lockming: '락업 채굴',
    ieo: 'IEO',
    nft: 'NFT',
    otc: 'OTC',
    borrowing: '대출',
    game: '미니 게임',
    kefu: '고객센터',
  },
};
