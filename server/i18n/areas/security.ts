/** Server messages of brute-force protection (auth/throttle.ts), in all eight languages. */
import type { Table } from '../table';

export const SECURITY_MESSAGES = {
  auth_locked: {
    zh: "错误次数过多，请 {minutes} 分钟后再试", en: "Too many failed attempts, please try again in {minutes} min", hk: "錯誤次數過多，請 {minutes} 分鐘後再試", th: "ลองผิดหลายครั้งเกินไป กรุณาลองใหม่ใน {minutes} นาที", jp: "失敗回数が多すぎます。{minutes} 分後に再試行してください", ko: "실패 횟수가 너무 많습니다. {minutes}분 후 다시 시도하세요", fra: "Trop de tentatives échouées, réessayez dans {minutes} min", spa: "Demasiados intentos fallidos, inténtelo de nuevo en {minutes} min",
  },
  notice_locked_title: {
    zh: "账户保护已启动", en: "Account protection activated", hk: "賬戶保護已啟動", th: "เปิดใช้การป้องกันบัญชีแล้ว", jp: "アカウント保護が作動しました", ko: "계정 보호가 작동했습니다", fra: "Protection du compte activée", spa: "Protección de la cuenta activada",
  },
  notice_locked_body: {
    zh: "{what}连续输错多次，已锁定 {minutes} 分钟。如非本人操作，请立即修改密码。", en: "{what} was entered wrongly too many times and is locked for {minutes} min. If this was not you, change your password now.", hk: "{what}連續輸錯多次，已鎖定 {minutes} 分鐘。如非本人操作，請立即修改密碼。", th: "{what} ถูกป้อนผิดหลายครั้งเกินไปและถูกล็อก {minutes} นาที หากไม่ใช่คุณ โปรดเปลี่ยนรหัสผ่านทันที", jp: "{what}の入力ミスが多すぎるため、{minutes} 分間ロックされました。心当たりがない場合はすぐにパスワードを変更してください。", ko: "{what}을(를) 여러 번 잘못 입력하여 {minutes}분 동안 잠겼습니다. 본인이 아니라면 즉시 비밀번호를 변경하세요.", fra: "{what} a été saisi trop de fois de manière erronée et est bloqué pendant {minutes} min. Si ce n'était pas vous, changez votre mot de passe.", spa: "{what} se introdujo mal demasiadas veces y está bloqueado durante {minutes} min. Si no fue usted, cambie su contraseña ahora.",
  },
  what_login_password: {
    zh: "登录密码", en: "Login password", hk: "登錄密碼", th: "รหัสผ่านเข้าสู่ระบบ", jp: "ログインパスワード", ko: "로그인 비밀번호", fra: "Mot de passe de connexion", spa: "Contraseña de inicio de sesión",
  },
  what_verification_code: {
    zh: "验证码", en: "Verification code", hk: "驗證碼", th: "รหัสยืนยัน", jp: "認証コード", ko: "인증 코드", fra: "Code de vérification", spa: "Código de verificación",
  },
} satisfies Record<string, Table>;
