/** Server messages of the issue-14 hardening (dev outbox guard, password strength, upload quota), in all eight languages. */
import type { Table } from '../table';

export const HARDENING_MESSAGES = {
  dev_outbox_secret_required: {
    zh: '开发发件箱需要启动横幅中打印的密钥（请求头 x-dev-outbox-secret）',
    en: 'The dev outbox needs the secret printed in the start-up banner (header x-dev-outbox-secret)',
    hk: '開發發件箱需要啟動橫幅中打印的密鑰（請求頭 x-dev-outbox-secret）',
    th: 'กล่องข้อความขาออกสำหรับนักพัฒนาต้องใช้รหัสลับที่แสดงตอนเริ่มระบบ (ส่วนหัว x-dev-outbox-secret)',
    jp: '開発用送信箱には起動時バナーに表示されるシークレットが必要です（ヘッダー x-dev-outbox-secret）',
    ko: '개발용 발신함에는 시작 배너에 표시된 비밀 값이 필요합니다 (헤더 x-dev-outbox-secret)',
    fra: "La boîte d'envoi de développement exige le secret affiché au démarrage (en-tête x-dev-outbox-secret)",
    spa: 'La bandeja de salida de desarrollo requiere el secreto mostrado al arrancar (cabecera x-dev-outbox-secret)',
  },
  password_needs_letters_digits: {
    zh: '密码须同时包含字母和数字', en: 'The password must contain both letters and digits', hk: '密碼須同時包含字母和數字',
    th: 'รหัสผ่านต้องมีทั้งตัวอักษรและตัวเลข', jp: 'パスワードには英字と数字の両方を含めてください', ko: '비밀번호에는 문자와 숫자가 모두 포함되어야 합니다',
    fra: 'Le mot de passe doit contenir des lettres et des chiffres', spa: 'La contraseña debe contener letras y dígitos',
  },
  password_too_common: {
    zh: '密码过于简单，请换一个', en: 'This password is too easy to guess, please choose another', hk: '密碼過於簡單，請換一個',
    th: 'รหัสผ่านนี้เดาง่ายเกินไป กรุณาเลือกรหัสอื่น', jp: 'このパスワードは推測されやすいため、別のものを選んでください', ko: '이 비밀번호는 추측하기 너무 쉽습니다. 다른 비밀번호를 선택하세요',
    fra: 'Ce mot de passe est trop facile à deviner, choisissez-en un autre', spa: 'Esta contraseña es demasiado fácil de adivinar, elija otra',
  },
  upload_quota_count: {
    zh: '今日上传次数已达上限（{count} 个文件），请明天再试', en: 'Daily upload limit reached ({count} files), please try again tomorrow',
    hk: '今日上傳次數已達上限（{count} 個文件），請明天再試', th: 'อัปโหลดครบจำนวนสูงสุดของวันนี้แล้ว ({count} ไฟล์) กรุณาลองใหม่พรุ่งนี้',
    jp: '本日のアップロード上限（{count} ファイル）に達しました。明日もう一度お試しください', ko: '오늘의 업로드 한도({count}개 파일)에 도달했습니다. 내일 다시 시도하세요',
    fra: "Limite quotidienne de téléversement atteinte ({count} fichiers), réessayez demain", spa: 'Se alcanzó el límite diario de cargas ({count} archivos), inténtelo mañana',
  },
  upload_quota_bytes: {
    zh: '今日上传总量已达上限（{mb} MB），请明天再试', en: 'Daily upload volume limit reached ({mb} MB), please try again tomorrow',
    hk: '今日上傳總量已達上限（{mb} MB），請明天再試', th: 'อัปโหลดครบปริมาณสูงสุดของวันนี้แล้ว ({mb} MB) กรุณาลองใหม่พรุ่งนี้',
    jp: '本日のアップロード容量の上限（{mb} MB）に達しました。明日もう一度お試しください', ko: '오늘의 업로드 용량 한도({mb} MB)에 도달했습니다. 내일 다시 시도하세요',
    fra: 'Volume quotidien de téléversement atteint ({mb} Mo), réessayez demain', spa: 'Se alcanzó el volumen diario de cargas ({mb} MB), inténtelo mañana',
  },
} satisfies Record<string, Table>;
