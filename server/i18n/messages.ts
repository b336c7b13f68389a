/**
 * Server-side messages: every business answer the server writes in words, in all eight interface
 * languages (spec §1). Keys are the contract; the client shows the text as a toast.
 * `{name}` placeholders are filled by translate(). English is the fallback for anything missing.
 */
import { groupNumber, numberMarks, type Lang } from '../../core';
import type { Table } from './table';
import { TRADE_MESSAGES } from './areas/trade';
import { ACCOUNT_MESSAGES } from './areas/account';
import { PRODUCT_MESSAGES } from './areas/products';
import { COPYTRADE_MESSAGES } from './areas/copytrade';
import { SECURITY_MESSAGES } from './areas/security';
import { HARDENING_MESSAGES } from './areas/hardening';
import { NFT_MESSAGES } from './areas/nft';
import { SERVICE_MESSAGES } from './areas/service';
import { CHATROOM_MESSAGES } from './areas/chatroom';
import { GAME_MESSAGES } from './areas/game';
import { LOAN_MESSAGES } from './areas/loans';
import { OTC_MESSAGES } from './areas/otc';
import { OTC_NOTICE_MESSAGES } from './areas/otc-notices';
import { NFT_NOTICE_MESSAGES } from './areas/nft-notices';
import { LIABILITY_MESSAGES } from './areas/liabilities';

const BASE_MESSAGES = {
  param_error: {
    zh: '参数错误',
    en: 'Parameter error',
    hk: '參數錯誤',
    th: 'พารามิเตอร์ไม่ถูกต้อง',
    jp: 'パラメータエラー',
    ko: '매개변수 오류',
    fra: 'Erreur de paramètre',
    spa: 'Error de parámetro',
  },
  please_login: {
    zh: '请先登录',
    en: 'Please log in first',
    hk: '請先登入',
    th: 'กรุณาเข้าสู่ระบบก่อน',
    jp: '先にログインしてください',
    ko: '먼저 로그인하세요',
    fra: "Veuillez d'abord vous connecter",
    spa: 'Inicie sesión primero',
  },
  session_invalid: {
    zh: '登录已失效，请重新登录',
    en: 'Your session has expired, please log in again',
    hk: '登入已失效，請重新登入',
    th: 'เซสชันหมดอายุ กรุณาเข้าสู่ระบบอีกครั้ง',
    jp: 'セッションの有効期限が切れました。再度ログインしてください',
    ko: '세션이 만료되었습니다. 다시 로그인하세요',
    fra: 'Votre session a expiré, veuillez vous reconnecter',
    spa: 'Su sesión ha caducado, inicie sesión de nuevo',
  },
  login_failed: {
    zh: '登录失败，账号或密码错误',
    en: 'Login failed: wrong account or password',
    hk: '登入失敗，帳號或密碼錯誤',
    th: 'เข้าสู่ระบบไม่สำเร็จ: บัญชีหรือรหัสผ่านไม่ถูกต้อง',
    jp: 'ログインに失敗しました：アカウントまたはパスワードが違います',
    ko: '로그인 실패: 계정 또는 비밀번호가 올바르지 않습니다',
    fra: 'Échec de la connexion : compte ou mot de passe incorrect',
    spa: 'Error de inicio de sesión: cuenta o contraseña incorrecta',
  },
  logout_ok: {
    zh: '已退出登录',
    en: 'Logged out',
    hk: '已登出',
    th: 'ออกจากระบบแล้ว',
    jp: 'ログアウトしました',
    ko: '로그아웃되었습니다',
    fra: 'Déconnecté',
    spa: 'Sesión cerrada',
  },
  register_ok: {
    zh: '注册成功',
    en: 'Registration succeeded',
    hk: '註冊成功',
    th: 'ลงทะเบียนสำเร็จ',
    jp: '登録に成功しました',
    ko: '가입에 성공했습니다',
    fra: 'Inscription réussie',
    spa: 'Registro completado',
  },
  code_sent: {
    zh: '验证码已发送',
    en: 'Verification code sent',
    hk: '驗證碼已發送',
    th: 'ส่งรหัสยืนยันแล้ว',
    jp: '認証コードを送信しました',
    ko: '인증 코드가 전송되었습니다',
    fra: 'Code de vérification envoyé',
    spa: 'Código de verificación enviado',
  },
  code_ok: {
    zh: '验证成功',
    en: 'Verified',
    hk: '驗證成功',
    th: 'ยืนยันสำเร็จ',
    jp: '認証に成功しました',
    ko: '인증되었습니다',
    fra: 'Vérifié',
    spa: 'Verificado',
  },
  code_invalid: {
    zh: '验证码错误',
    en: 'Incorrect verification code',
    hk: '驗證碼錯誤',
    th: 'รหัสยืนยันไม่ถูกต้อง',
    jp: '認証コードが正しくありません',
    ko: '인증 코드가 올바르지 않습니다',
    fra: 'Code de vérification incorrect',
    spa: 'Código de verificación incorrecto',
  },
  code_expired: {
    zh: '验证码已过期，请重新获取',
    en: 'The verification code has expired, please request a new one',
    hk: '驗證碼已過期，請重新獲取',
    th: 'รหัสยืนยันหมดอายุ กรุณาขอรหัสใหม่',
    jp: '認証コードの有効期限が切れました。再取得してください',
    ko: '인증 코드가 만료되었습니다. 새 코드를 요청하세요',
    fra: 'Le code a expiré, veuillez en demander un nouveau',
    spa: 'El código ha caducado, solicite uno nuevo',
  },
  code_too_frequent: {
    zh: '发送过于频繁，请 {seconds} 秒后再试',
    en: 'Too frequent, try again in {seconds} s',
    hk: '發送過於頻繁，請 {seconds} 秒後再試',
    th: 'ส่งบ่อยเกินไป ลองอีกครั้งใน {seconds} วินาที',
    jp: '送信が頻繁すぎます。{seconds} 秒後に再試行してください',
    ko: '너무 자주 요청했습니다. {seconds}초 후 다시 시도하세요',
    fra: 'Trop fréquent, réessayez dans {seconds} s',
    spa: 'Demasiado frecuente, inténtelo de nuevo en {seconds} s',
  },
  code_mail_subject: {
    zh: '您的验证码',
    en: 'Your verification code',
    hk: '您的驗證碼',
    th: 'รหัสยืนยันของคุณ',
    jp: '認証コード',
    ko: '인증 코드',
    fra: 'Votre code de vérification',
    spa: 'Su código de verificación',
  },
  code_mail_body: {
    zh: '您的验证码是 {code}，{minutes} 分钟内有效。请勿告诉任何人。',
    en: 'Your verification code is {code}. It expires in {minutes} minutes. Do not share it with anyone.',
    hk: '您的驗證碼是 {code}，{minutes} 分鐘內有效。請勿告訴任何人。',
    th: 'รหัสยืนยันของคุณคือ {code} ใช้ได้ภายใน {minutes} นาที ห้ามบอกผู้อื่น',
    jp: '認証コードは {code} です。有効期限は {minutes} 分です。誰にも教えないでください。',
    ko: '인증 코드는 {code}입니다. {minutes}분 후 만료됩니다. 다른 사람과 공유하지 마세요.',
    fra: 'Votre code de vérification est {code}. Il expire dans {minutes} minutes. Ne le communiquez à personne.',
    spa: 'Su código de verificación es {code}. Caduca en {minutes} minutos. No lo comparta con nadie.',
  },
  need_verification: {
    zh: '请先获取并验证验证码',
    en: 'Please request and verify a code first',
    hk: '請先獲取並驗證驗證碼',
    th: 'กรุณาขอและยืนยันรหัสก่อน',
    jp: '先に認証コードを取得して確認してください',
    ko: '먼저 인증 코드를 받아 확인하세요',
    fra: "Veuillez d'abord demander et vérifier un code",
    spa: 'Solicite y verifique primero un código',
  },
  password_too_short: {
    zh: '密码至少需要{min}位',
    en: 'The password must be at least {min} characters',
    hk: '密碼至少需要{min}位',
    th: 'รหัสผ่านต้องมีอย่างน้อย {min} ตัวอักษร',
    jp: 'パスワードは{min}文字以上にしてください',
    ko: '비밀번호는 {min}자 이상이어야 합니다',
    fra: 'Le mot de passe doit comporter au moins {min} caractères',
    spa: 'La contraseña debe tener al menos {min} caracteres',
  },
  passwords_inconsistent: {
    zh: '两次密码不一致',
    en: 'The two passwords are inconsistent',
    hk: '兩次密碼不一致',
    th: 'รหัสผ่านทั้งสองไม่ตรงกัน',
    jp: '2つのパスワードが一致しません',
    ko: '두 비밀번호가 일치하지 않습니다',
    fra: 'Les deux mots de passe ne correspondent pas',
    spa: 'Las dos contraseñas no coinciden',
  },
  password_reset_ok: {
    zh: '密码已重置，请重新登录',
    en: 'Password reset, please log in again',
    hk: '密碼已重置，請重新登入',
    th: 'รีเซ็ตรหัสผ่านแล้ว กรุณาเข้าสู่ระบบอีกครั้ง',
    jp: 'パスワードをリセットしました。再度ログインしてください',
    ko: '비밀번호가 재설정되었습니다. 다시 로그인하세요',
    fra: 'Mot de passe réinitialisé, veuillez vous reconnecter',
    spa: 'Contraseña restablecida, inicie sesión de nuevo',
  },
  email_invalid: {
    zh: '邮箱格式不正确',
    en: 'Invalid email address',
    hk: '電郵格式不正確',
    th: 'อีเมลไม่ถูกต้อง',
    jp: 'メールアドレスの形式が正しくありません',
    ko: '이메일 형식이 올바르지 않습니다',
    fra: 'Adresse e-mail invalide',
    spa: 'Correo electrónico no válido',
  },
  mobile_invalid: {
    zh: '手机号格式不正确',
    en: 'Invalid mobile number',
    hk: '手機號碼格式不正確',
    th: 'หมายเลขโทรศัพท์ไม่ถูกต้อง',
    jp: '携帯電話番号の形式が正しくありません',
    ko: '휴대폰 번호 형식이 올바르지 않습니다',
    fra: 'Numéro de mobile invalide',
    spa: 'Número de móvil no válido',
  },
  account_exists: {
    zh: '该账号已注册',
    en: 'This account is already registered',
    hk: '該帳號已註冊',
    th: 'บัญชีนี้ลงทะเบียนแล้ว',
    jp: 'このアカウントは既に登録されています',
    ko: '이미 가입된 계정입니다',
    fra: 'Ce compte est déjà enregistré',
    spa: 'Esta cuenta ya está registrada',
  },
  account_not_found: {
    zh: '账号不存在',
    en: 'Account not found',
    hk: '帳號不存在',
    th: 'ไม่พบบัญชี',
    jp: 'アカウントが存在しません',
    ko: '계정을 찾을 수 없습니다',
    fra: 'Compte introuvable',
    spa: 'Cuenta no encontrada',
  },
  account_disabled: {
    zh: '账号已被禁用',
    en: 'This account is disabled',
    hk: '帳號已被禁用',
    th: 'บัญชีนี้ถูกระงับ',
    jp: 'このアカウントは無効です',
    ko: '비활성화된 계정입니다',
    fra: 'Ce compte est désactivé',
    spa: 'Esta cuenta está deshabilitada',
  },
  too_many_requests: {
    zh: '请求过于频繁，请稍后再试',
    en: 'Too many requests, please try again later',
    hk: '請求過於頻繁，請稍後再試',
    th: 'มีคำขอมากเกินไป กรุณาลองใหม่ภายหลัง',
    jp: 'リクエストが多すぎます。しばらくしてから再試行してください',
    ko: '요청이 너무 많습니다. 잠시 후 다시 시도하세요',
    fra: 'Trop de requêtes, veuillez réessayer plus tard',
    spa: 'Demasiadas solicitudes, inténtelo más tarde',
  },
  invite_required: {
    zh: '请输入邀请码',
    en: 'An invitation code is required',
    hk: '請輸入邀請碼',
    th: 'ต้องใช้รหัสเชิญ',
    jp: '招待コードを入力してください',
    ko: '초대 코드가 필요합니다',
    fra: "Un code d'invitation est requis",
    spa: 'Se requiere un código de invitación',
  },
  invite_invalid: {
    zh: '邀请码无效',
    en: 'Invalid invitation code',
    hk: '邀請碼無效',
    th: 'รหัสเชิญไม่ถูกต้อง',
    jp: '招待コードが無効です',
    ko: '유효하지 않은 초대 코드입니다',
    fra: "Code d'invitation invalide",
    spa: 'Código de invitación no válido',
  },
  insufficient_balance: {
    zh: '余额不足',
    en: 'Insufficient balance',
    hk: '餘額不足',
    th: 'ยอดเงินไม่เพียงพอ',
    jp: '残高が不足しています',
    ko: '잔액이 부족합니다',
    fra: 'Solde insuffisant',
    spa: 'Saldo insuficiente',
  },
  not_found: {
    zh: '内容不存在',
    en: 'Not found',
    hk: '內容不存在',
    th: 'ไม่พบข้อมูล',
    jp: '見つかりません',
    ko: '찾을 수 없습니다',
    fra: 'Introuvable',
    spa: 'No encontrado',
  },
  already_exists: {
    zh: '记录已存在，请勿重复提交',
    en: 'This already exists or was already submitted',
    hk: '記錄已存在，請勿重複提交',
    th: 'มีรายการนี้อยู่แล้วหรือส่งไปแล้ว',
    jp: 'すでに存在するか、送信済みです',
    ko: '이미 존재하거나 이미 제출되었습니다',
    fra: 'Cela existe déjà ou a déjà été envoyé',
    spa: 'Esto ya existe o ya fue enviado',
  },
  recharge_disabled: {
    zh: '充值未开启，请联系管理员',
    en: 'Recharge is not enabled, please contact the administrator',
    hk: '充值未開啟，請聯繫管理員',
    th: 'ยังไม่เปิดการเติมเงิน กรุณาติดต่อผู้ดูแลระบบ',
    jp: 'チャージは有効になっていません。管理者にお問い合わせください',
    ko: '충전이 활성화되지 않았습니다. 관리자에게 문의하세요',
    fra: "La recharge n'est pas activée, contactez l'administrateur",
    spa: 'La recarga no está habilitada, contacte al administrador',
  },
  add_bank_card: {
    zh: '请先添加银行卡',
    en: 'Please add a bank card',
    hk: '請先新增銀行卡',
    th: 'กรุณาเพิ่มบัตรธนาคาร',
    jp: '銀行カードを追加してください',
    ko: '은행 카드를 추가하세요',
    fra: 'Veuillez ajouter une carte bancaire',
    spa: 'Añada una tarjeta bancaria',
  },
  file_type_invalid: {
    zh: '仅支持 PNG、JPEG、WebP、GIF 图片',
    en: 'Only PNG, JPEG, WebP or GIF images are accepted',
    hk: '僅支援 PNG、JPEG、WebP、GIF 圖片',
    th: 'รองรับเฉพาะรูปภาพ PNG, JPEG, WebP หรือ GIF',
    jp: 'PNG、JPEG、WebP、GIF 画像のみ対応しています',
    ko: 'PNG, JPEG, WebP, GIF 이미지만 허용됩니다',
    fra: 'Seules les images PNG, JPEG, WebP ou GIF sont acceptées',
    spa: 'Solo se aceptan imágenes PNG, JPEG, WebP o GIF',
  },
  image_unreadable: {
    zh: '无法读取该图片，请选择有效的 PNG、JPEG、WebP 或 GIF 图片',
    en: 'This file could not be read as a picture; please choose a valid PNG, JPEG, WebP or GIF image',
    hk: '無法讀取該圖片，請選擇有效的 PNG、JPEG、WebP 或 GIF 圖片',
    th: 'ไม่สามารถอ่านไฟล์นี้เป็นรูปภาพได้ กรุณาเลือกรูปภาพ PNG, JPEG, WebP หรือ GIF ที่ถูกต้อง',
    jp: 'このファイルは画像として読み込めません。有効な PNG、JPEG、WebP、GIF 画像を選択してください',
    ko: '이 파일을 이미지로 읽을 수 없습니다. 올바른 PNG, JPEG, WebP 또는 GIF 이미지를 선택하세요',
    fra: 'Ce fichier ne peut pas être lu comme une image ; choisissez une image PNG, JPEG, WebP ou GIF valide',
    spa: 'Este archivo no se puede leer como imagen; elija una imagen PNG, JPEG, WebP o GIF válida',
  },
  file_too_large: {
    zh: '文件过大（最大 {mb} MB）',
    en: 'The file is too large (max {mb} MB)',
    hk: '檔案過大（最大 {mb} MB）',
    th: 'ไฟล์มีขนาดใหญ่เกินไป (สูงสุด {mb} MB)',
    jp: 'ファイルが大きすぎます（最大 {mb} MB）',
    ko: '파일이 너무 큽니다 (최대 {mb} MB)',
    fra: 'Le fichier est trop volumineux (max {mb} Mo)',
    spa: 'El archivo es demasiado grande (máx. {mb} MB)',
  },
  payload_too_large: {
    zh: '请求内容过大',
    en: 'The request is too large',
    hk: '請求內容過大',
    th: 'คำขอมีขนาดใหญ่เกินไป',
    jp: 'リクエストが大きすぎます',
    ko: '요청이 너무 큽니다',
    fra: 'La requête est trop volumineuse',
    spa: 'La solicitud es demasiado grande',
  },
  malformed_request: {
    zh: '请求格式错误',
    en: 'Malformed request',
    hk: '請求格式錯誤',
    th: 'รูปแบบคำขอไม่ถูกต้อง',
    jp: 'リクエストの形式が正しくありません',
    ko: '잘못된 형식의 요청입니다',
    fra: 'Requête mal formée',
    spa: 'Solicitud mal formada',
  },
  server_error: {
    zh: '服务器繁忙，请稍后再试',
    en: 'Server error, please try again later',
    hk: '伺服器繁忙，請稍後再試',
    th: 'เซิร์ฟเวอร์ขัดข้อง กรุณาลองใหม่ภายหลัง',
    jp: 'サーバーエラーです。しばらくしてから再試行してください',
    ko: '서버 오류입니다. 잠시 후 다시 시도하세요',
    fra: 'Erreur du serveur, veuillez réessayer plus tard',
    spa: 'Error del servidor, inténtelo más tarde',
  },
  /** a deploy's stop refused the request before it did anything: safe to send again */
  server_restarting: {
    zh: '服务器正在重启，请稍后重试',
    en: 'The server is restarting, please try again in a moment',
    hk: '伺服器正在重新啟動，請稍後重試',
    th: 'เซิร์ฟเวอร์กำลังเริ่มใหม่ กรุณาลองอีกครั้งในอีกสักครู่',
    jp: 'サーバーを再起動しています。しばらくしてから再試行してください',
    ko: '서버를 다시 시작하는 중입니다. 잠시 후 다시 시도하세요',
    fra: 'Le serveur redémarre, veuillez réessayer dans un instant',
    spa: 'El servidor se está reiniciando, inténtelo de nuevo en un momento',
  },
} satisfies Record<string, Table>;

/** Each product area keeps its own table (server/i18n/areas/*) so teams do not edit one file. */
export const MESSAGES = {
  ...BASE_MESSAGES,
  ...TRADE_MESSAGES,
  ...ACCOUNT_MESSAGES,
  ...PRODUCT_MESSAGES,
  ...COPYTRADE_MESSAGES,
  ...SECURITY_MESSAGES,
  ...HARDENING_MESSAGES,
  ...NFT_MESSAGES,
  ...SERVICE_MESSAGES,
  ...CHATROOM_MESSAGES,
  ...GAME_MESSAGES,
  ...LOAN_MESSAGES,
  ...OTC_MESSAGES,
  ...OTC_NOTICE_MESSAGES,
  ...NFT_NOTICE_MESSAGES,
  ...LIABILITY_MESSAGES,
};

export type MessageKey = keyof typeof MESSAGES;

export function isMessageKey(v: string): v is MessageKey {
  return Object.prototype.hasOwnProperty.call(MESSAGES, v);
}

/** The message for `key` in `lang` (English when missing), with `{name}` placeholders filled. */
export function translate(key: MessageKey, lang: Lang, params?: Record<string, string | number>): string {
  const row: Partial<Table> = MESSAGES[key];
  const text = row[lang] ?? row.en ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

/**
 * A notice's text (a live toast, an email, the notices list): translate() with its figures — the
 * params written as decimals, "81.09" — in the language's marks ("81,09" in French). Ids, counts
 * and codes have no decimal point and stay as they are.
 */
export function translateNotice(key: MessageKey, lang: Lang, params: Record<string, string | number>): string {
  const marks = numberMarks(lang);
  const shown: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params))
    shown[k] = typeof v === 'string' && /^[+-]?\d+\.\d+$/.test(v) ? groupNumber(v, marks) : v;
  return translate(key, lang, shown);
}
