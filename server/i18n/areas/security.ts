/** Server messages of brute-force protection (auth/throttle.ts), in all eight languages. */
import type { Table } from '../table';

export const SECURITY_MESSAGES = {
  auth_wait: {
    zh: "错误次数过多，请 {seconds} 秒后再试", en: "Too many failed attempts, please try again in {seconds} s", hk: "錯誤次數過多，請 {seconds} 秒後再試", th: "ลองผิดหลายครั้งเกินไป กรุณาลองใหม่ใน {seconds} วินาที", jp: "失敗回数が多すぎます。{seconds} 秒後に再試行してください", ko: "실패 횟수가 너무 많습니다. {seconds}초 후 다시 시도하세요", fra: "Trop de tentatives échouées, réessayez dans {seconds} s", spa: "Demasiados intentos fallidos, inténtelo de nuevo en {seconds} s",
  },
  notice_locked_title: {
    zh: "账户保护已启动", en: "Account protection activated", hk: "賬戶保護已啟動", th: "เปิดใช้การป้องกันบัญชีแล้ว", jp: "アカウント保護が作動しました", ko: "계정 보호가 작동했습니다", fra: "Protection du compte activée", spa: "Protección de la cuenta activada",
  },
  notice_throttled_body: {
    zh: "有人从其他设备多次输错{what}，这些设备已被限速；您已登录过的设备不受影响。如非本人操作，请立即修改密码。", en: "{what} was entered wrongly many times from other devices; they are now slowed down. Devices you have signed in on before are not affected. If this was not you, change your password now.", hk: "有人從其他設備多次輸錯{what}，這些設備已被限速；您已登錄過的設備不受影響。如非本人操作，請立即修改密碼。", th: "มีการป้อน{what}ผิดหลายครั้งจากอุปกรณ์อื่น อุปกรณ์เหล่านั้นถูกชะลอแล้ว อุปกรณ์ที่คุณเคยเข้าสู่ระบบไม่ได้รับผลกระทบ หากไม่ใช่คุณ โปรดเปลี่ยนรหัสผ่านทันที", jp: "他の端末から{what}が何度も誤入力されたため、それらの端末を減速しました。以前ログインした端末には影響ありません。心当たりがない場合はすぐにパスワードを変更してください。", ko: "다른 기기에서 {what}을(를) 여러 번 잘못 입력하여 해당 기기의 속도를 제한했습니다. 이전에 로그인한 기기에는 영향이 없습니다. 본인이 아니라면 즉시 비밀번호를 변경하세요.", fra: "{what} a été saisi trop de fois de manière erronée depuis d'autres appareils ; ils sont désormais ralentis. Les appareils sur lesquels vous vous êtes déjà connecté ne sont pas concernés. Si ce n'était pas vous, changez votre mot de passe.", spa: "{what} se introdujo mal muchas veces desde otros dispositivos; ahora van más lentos. Los dispositivos en los que ya inició sesión no se ven afectados. Si no fue usted, cambie su contraseña ahora.",
  },
  what_login_password: {
    zh: "登录密码", en: "Login password", hk: "登錄密碼", th: "รหัสผ่านเข้าสู่ระบบ", jp: "ログインパスワード", ko: "로그인 비밀번호", fra: "Mot de passe de connexion", spa: "Contraseña de inicio de sesión",
  },
  what_verification_code: {
    zh: "验证码", en: "Verification code", hk: "驗證碼", th: "รหัสยืนยัน", jp: "認証コード", ko: "인증 코드", fra: "Code de vérification", spa: "Código de verificación",
  },
  session_not_found: {
    zh: "该设备已退出登录或不存在", en: "This device is already signed out or does not exist", hk: "該設備已登出或不存在", th: "อุปกรณ์นี้ออกจากระบบแล้วหรือไม่มีอยู่", jp: "この端末はすでにログアウトしているか、存在しません", ko: "이 기기는 이미 로그아웃되었거나 존재하지 않습니다", fra: "Cet appareil est déjà déconnecté ou n'existe pas", spa: "Este dispositivo ya cerró sesión o no existe",
  },
  session_is_current: {
    zh: "这是当前设备，请使用退出登录", en: "This is the device you are using; use Log out instead", hk: "這是目前設備，請使用登出", th: "นี่คืออุปกรณ์ที่คุณใช้อยู่ กรุณาใช้ออกจากระบบแทน", jp: "現在使用中の端末です。ログアウトを使用してください", ko: "현재 사용 중인 기기입니다. 대신 로그아웃을 사용하세요", fra: "C'est l'appareil que vous utilisez ; utilisez plutôt Se déconnecter", spa: "Es el dispositivo que está usando; use Cerrar sesión",
  },
  session_ended: {
    zh: "已让该设备退出登录", en: "That device has been signed out", hk: "已讓該設備登出", th: "ออกจากระบบอุปกรณ์นั้นแล้ว", jp: "その端末をログアウトさせました", ko: "해당 기기를 로그아웃했습니다", fra: "Cet appareil a été déconnecté", spa: "Se cerró la sesión de ese dispositivo",
  },
} satisfies Record<string, Table>;
