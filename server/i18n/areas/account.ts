/** Server messages of the account area (profile, security, identity, funds, back office), in all eight languages. */
import type { Table } from '../table';

export const ACCOUNT_MESSAGES = {
  nickname_invalid: {
    zh: "昵称为2-10位中文、字母或数字", en: "The nickname must be 2–10 letters, digits or Chinese characters", hk: "暱稱為2-10位中文、字母或數字", th: "ชื่อเล่นต้องเป็นตัวอักษรหรือตัวเลข 2–10 ตัว", jp: "ニックネームは2～10文字の文字・数字・漢字で入力してください", ko: "닉네임은 2~10자의 문자, 숫자 또는 한자여야 합니다", fra: "Le pseudo doit comporter 2 à 10 lettres, chiffres ou caractères chinois", spa: "El apodo debe tener de 2 a 10 letras, dígitos o caracteres chinos",
  },
  signature_invalid: {
    zh: "签名为2-30位中文、字母或数字", en: "The signature must be 2–30 letters, digits or Chinese characters", hk: "簽名為2-30位中文、字母或數字", th: "ลายเซ็นต้องเป็นตัวอักษรหรือตัวเลข 2–30 ตัว", jp: "署名は2～30文字の文字・数字・漢字で入力してください", ko: "서명은 2~30자의 문자, 숫자 또는 한자여야 합니다", fra: "La signature doit comporter 2 à 30 lettres, chiffres ou caractères chinois", spa: "La firma debe tener de 2 a 30 letras, dígitos o caracteres chinos",
  },
  fiat_invalid: {
    zh: "不支持该法币", en: "This fiat currency is not supported", hk: "不支援該法幣", th: "ไม่รองรับสกุลเงินนี้", jp: "この法定通貨はサポートされていません", ko: "지원되지 않는 법정화폐입니다", fra: "Cette devise n'est pas prise en charge", spa: "Esta moneda no es compatible",
  },
  file_ref_invalid: {
    zh: "文件无效，请重新上传", en: "The file is invalid, please upload it again", hk: "檔案無效，請重新上傳", th: "ไฟล์ไม่ถูกต้อง กรุณาอัปโหลดใหม่", jp: "ファイルが無効です。再度アップロードしてください", ko: "파일이 유효하지 않습니다. 다시 업로드하세요", fra: "Le fichier est invalide, veuillez le téléverser à nouveau", spa: "El archivo no es válido, vuelva a subirlo",
  },
  pay_password_saved: {
    zh: "支付密码设置成功", en: "Payment password saved", hk: "支付密碼設定成功", th: "บันทึกรหัสผ่านการชำระเงินแล้ว", jp: "支払いパスワードを設定しました", ko: "결제 비밀번호가 저장되었습니다", fra: "Mot de passe de paiement enregistré", spa: "Contraseña de pago guardada",
  },
  old_password_wrong: {
    zh: "原密码错误", en: "The old password is incorrect", hk: "原密碼錯誤", th: "รหัสผ่านเดิมไม่ถูกต้อง", jp: "元のパスワードが正しくありません", ko: "기존 비밀번호가 올바르지 않습니다", fra: "L'ancien mot de passe est incorrect", spa: "La contraseña anterior es incorrecta",
  },
  pay_password_required: {
    zh: "请先设置支付密码", en: "Please set a payment password first", hk: "請先設定支付密碼", th: "กรุณาตั้งรหัสผ่านการชำระเงินก่อน", jp: "先に支払いパスワードを設定してください", ko: "먼저 결제 비밀번호를 설정하세요", fra: "Veuillez d'abord définir un mot de passe de paiement", spa: "Primero establezca una contraseña de pago",
  },
  pay_password_wrong: {
    zh: "支付密码错误", en: "Incorrect payment password", hk: "支付密碼錯誤", th: "รหัสผ่านการชำระเงินไม่ถูกต้อง", jp: "支払いパスワードが正しくありません", ko: "결제 비밀번호가 올바르지 않습니다", fra: "Mot de passe de paiement incorrect", spa: "Contraseña de pago incorrecta",
  },
  ga_code_invalid: {
    zh: "谷歌验证码错误", en: "Incorrect Google authenticator code", hk: "谷歌驗證碼錯誤", th: "รหัส Google Authenticator ไม่ถูกต้อง", jp: "Google認証コードが正しくありません", ko: "Google OTP 코드가 올바르지 않습니다", fra: "Code Google Authenticator incorrect", spa: "Código de Google Authenticator incorrecto",
  },
  ga_bound_ok: {
    zh: "谷歌验证器绑定成功", en: "Google authenticator bound", hk: "谷歌驗證器綁定成功", th: "ผูก Google Authenticator แล้ว", jp: "Google認証を連携しました", ko: "Google OTP가 연결되었습니다", fra: "Google Authenticator associé", spa: "Google Authenticator vinculado",
  },
  ga_already_bound: {
    zh: "已绑定谷歌验证器", en: "The Google authenticator is already bound", hk: "已綁定谷歌驗證器", th: "ผูก Google Authenticator ไว้แล้ว", jp: "Google認証は既に連携されています", ko: "Google OTP가 이미 연결되어 있습니다", fra: "Google Authenticator est déjà associé", spa: "Google Authenticator ya está vinculado",
  },
  ga_required: {
    zh: "请输入谷歌验证码", en: "Please enter the Google authenticator code", hk: "請輸入谷歌驗證碼", th: "กรุณากรอกรหัส Google Authenticator", jp: "Google認証コードを入力してください", ko: "Google OTP 코드를 입력하세요", fra: "Veuillez saisir le code Google Authenticator", spa: "Introduzca el código de Google Authenticator",
  },
  mobile_bound_ok: {
    zh: "手机绑定成功", en: "Phone number bound", hk: "手機綁定成功", th: "ผูกหมายเลขโทรศัพท์แล้ว", jp: "電話番号を連携しました", ko: "휴대폰 번호가 연결되었습니다", fra: "Numéro de téléphone associé", spa: "Teléfono vinculado",
  },
  email_bound_ok: {
    zh: "邮箱绑定成功", en: "Email bound", hk: "電郵綁定成功", th: "ผูกอีเมลแล้ว", jp: "メールアドレスを連携しました", ko: "이메일이 연결되었습니다", fra: "E-mail associé", spa: "Correo vinculado",
  },
  kyc_need_bindings: {
    zh: "请先绑定邮箱和手机后再进行实名认证", en: "Bind both your email and your phone before identity verification", hk: "請先綁定電郵和手機後再進行實名認證", th: "กรุณาผูกอีเมลและโทรศัพท์ก่อนยืนยันตัวตน", jp: "本人確認の前にメールと電話番号の両方を連携してください", ko: "본인 인증 전에 이메일과 휴대폰을 모두 연결하세요", fra: "Associez votre e-mail et votre téléphone avant la vérification d'identité", spa: "Vincule su correo y su teléfono antes de verificar su identidad",
  },
  kyc_pending: {
    zh: "认证审核中，请耐心等待", en: "Your verification is under review", hk: "認證審核中，請耐心等待", th: "การยืนยันของคุณอยู่ระหว่างการตรวจสอบ", jp: "認証は審査中です", ko: "인증이 심사 중입니다", fra: "Votre vérification est en cours d’examen", spa: "Su verificación está en revisión",
  },
  kyc_already_verified: {
    zh: "已完成该级别认证", en: "This level is already verified", hk: "已完成該級別認證", th: "ยืนยันระดับนี้แล้ว", jp: "このレベルは認証済みです", ko: "이미 인증된 단계입니다", fra: "Ce niveau est déjà vérifié", spa: "Este nivel ya está verificado",
  },
  kyc_level1_first: {
    zh: "请先完成初级认证", en: "Please complete basic verification first", hk: "請先完成初級認證", th: "กรุณายืนยันตัวตนระดับพื้นฐานก่อน", jp: "先に基本認証を完了してください", ko: "먼저 기본 인증을 완료하세요", fra: "Veuillez d'abord terminer la vérification de base", spa: "Complete primero la verificación básica",
  },
  id_number_invalid: {
    zh: "请输入正确的证件号码", en: "Please enter the correct ID number", hk: "請輸入正確的證件號碼", th: "กรุณากรอกหมายเลขบัตรให้ถูกต้อง", jp: "正しい身分証番号を入力してください", ko: "올바른 신분증 번호를 입력하세요", fra: "Veuillez saisir le bon numéro d'identité", spa: "Introduzca el número de identificación correcto",
  },
  need_real_name: {
    zh: "请先完成实名认证", en: "Please complete identity verification first", hk: "請先完成實名認證", th: "กรุณายืนยันตัวตนก่อน", jp: "先に本人確認を完了してください", ko: "먼저 본인 인증을 완료하세요", fra: "Veuillez d'abord vérifier votre identité", spa: "Complete primero la verificación de identidad",
  },
  all_required: {
    zh: "所有项均为必填", en: "All are required", hk: "所有項均為必填", th: "ต้องกรอกทุกช่อง", jp: "すべての項目が必須です", ko: "모든 항목은 필수입니다", fra: "Tous les champs sont obligatoires", spa: "Todos los campos son obligatorios",
  },
  saved_ok: {
    zh: "保存成功", en: "Saved", hk: "儲存成功", th: "บันทึกแล้ว", jp: "保存しました", ko: "저장되었습니다", fra: "Enregistré", spa: "Guardado",
  },
  address_invalid: {
    zh: "请输入正确的地址", en: "Please enter a correct address", hk: "請輸入正確的地址", th: "กรุณากรอกที่อยู่ให้ถูกต้อง", jp: "正しいアドレスを入力してください", ko: "올바른 주소를 입력하세요", fra: "Veuillez saisir une adresse correcte", spa: "Introduzca una dirección correcta",
  },
  currency_invalid: {
    zh: "不支持该币种", en: "This currency is not supported", hk: "不支援該幣種", th: "ไม่รองรับเหรียญนี้", jp: "この通貨はサポートされていません", ko: "지원되지 않는 통화입니다", fra: "Cette devise n'est pas prise en charge", spa: "Esta moneda no es compatible",
  },
  price_unavailable: {
    zh: "暂无行情价格，请稍后再试", en: "No market price yet, please try again shortly", hk: "暫無行情價格，請稍後再試", th: "ยังไม่มีราคาตลาด กรุณาลองใหม่ภายหลัง", jp: "まだ価格がありません。しばらくしてから再試行してください", ko: "아직 시세가 없습니다. 잠시 후 다시 시도하세요", fra: "Pas encore de prix, réessayez dans un instant", spa: "Aún no hay precio, inténtelo en breve",
  },
  deposit_address_missing: {
    zh: "充值前请联系客服", en: "Please contact customer service before recharging", hk: "充值前請聯繫客服", th: "กรุณาติดต่อฝ่ายบริการลูกค้าก่อนเติมเงิน", jp: "入金前にカスタマーサービスにお問い合わせください", ko: "충전 전에 고객센터에 문의하세요", fra: "Veuillez contacter le service client avant de recharger", spa: "Contacte con atención al cliente antes de recargar",
  },
  below_min_deposit: {
    zh: "最小充值数量为 {min} {coin}，低于此数量的充值不会到账", en: "The minimum deposit is {min} {coin}; smaller deposits are not credited", hk: "最小充值數量為 {min} {coin}，低於此數量的充值不會到賬", th: "ฝากขั้นต่ำ {min} {coin} ยอดที่ต่ำกว่านี้จะไม่ถูกเครดิต", jp: "最小入金額は {min} {coin} です。これ未満の入金は反映されません", ko: "최소 입금액은 {min} {coin}입니다. 이보다 적은 입금은 반영되지 않습니다", fra: "Le dépôt minimum est de {min} {coin} ; un dépôt inférieur n'est pas crédité", spa: "El depósito mínimo es {min} {coin}; los depósitos menores no se abonan",
  },
  network_invalid: {
    zh: "该币种不支持此网络", en: "This coin is not available on that network", hk: "該幣種不支援此網絡", th: "เหรียญนี้ไม่รองรับเครือข่ายดังกล่าว", jp: "この通貨はそのネットワークに対応していません", ko: "이 코인은 해당 네트워크를 지원하지 않습니다", fra: "Cette cryptomonnaie n'est pas disponible sur ce réseau", spa: "Esta moneda no está disponible en esa red",
  },
  voucher_required: {
    zh: "请上传支付凭证", en: "Please upload the payment voucher", hk: "請上傳支付憑證", th: "กรุณาอัปโหลดหลักฐานการชำระเงิน", jp: "支払い証憑をアップロードしてください", ko: "결제 증빙을 업로드하세요", fra: "Veuillez téléverser le justificatif de paiement", spa: "Suba el comprobante de pago",
  },
  voucher_used: {
    zh: "该凭证已用于另一笔充值申请，请上传本次付款的凭证", en: "This voucher is already attached to another recharge request; please upload the voucher of this payment", hk: "該憑證已用於另一筆充值申請，請上傳本次付款的憑證", th: "หลักฐานนี้ถูกใช้กับคำขอเติมเงินอื่นแล้ว กรุณาอัปโหลดหลักฐานของการชำระเงินครั้งนี้", jp: "この証憑は別の入金申請で使用済みです。今回の支払いの証憑をアップロードしてください", ko: "이 증빙은 이미 다른 충전 신청에 사용되었습니다. 이번 결제의 증빙을 업로드하세요", fra: "Ce justificatif est déjà joint à une autre demande de dépôt ; veuillez téléverser le justificatif de ce paiement", spa: "Este comprobante ya está adjunto a otra solicitud de recarga; suba el comprobante de este pago",
  },
  amount_invalid: {
    zh: "请输入正确的金额", en: "Please enter the correct amount", hk: "請輸入正確的金額", th: "กรุณากรอกจำนวนเงินให้ถูกต้อง", jp: "正しい金額を入力してください", ko: "올바른 금액을 입력하세요", fra: "Veuillez saisir le bon montant", spa: "Introduzca el importe correcto",
  },
  withdraw_below_min: {
    zh: "最小提币数量为 {min} {currency}", en: "The minimum withdrawal is {min} {currency}", hk: "最小提幣數量為 {min} {currency}", th: "ถอนขั้นต่ำ {min} {currency}", jp: "最小出金額は {min} {currency} です", ko: "최소 출금액은 {min} {currency}입니다", fra: "Le retrait minimum est de {min} {currency}", spa: "El retiro mínimo es {min} {currency}",
  },
  withdraw_limit_exceeded: {
    zh: "超出24小时提币限额（{limit} BTC），请提升认证等级", en: "This exceeds your 24-hour withdrawal limit of {limit} BTC; raise your verification level", hk: "超出24小時提幣限額（{limit} BTC），請提升認證等級", th: "เกินวงเงินถอน 24 ชั่วโมง ({limit} BTC) กรุณาเพิ่มระดับการยืนยัน", jp: "24時間の出金上限（{limit} BTC）を超えています。認証レベルを上げてください", ko: "24시간 출금 한도({limit} BTC)를 초과했습니다. 인증 단계를 올리세요", fra: "Cela dépasse votre limite de retrait sur 24 h de {limit} BTC ; augmentez votre niveau de vérification", spa: "Supera su límite de retiro de 24 h de {limit} BTC; suba su nivel de verificación",
  },
  address_required: {
    zh: "请选择提币地址", en: "Please select an address", hk: "請選擇提幣地址", th: "กรุณาเลือกที่อยู่", jp: "アドレスを選択してください", ko: "주소를 선택하세요", fra: "Veuillez choisir une adresse", spa: "Seleccione una dirección",
  },
  transfer_same_account: {
    zh: "转出和转入账户不能相同", en: "The source and target accounts must differ", hk: "轉出和轉入帳戶不能相同", th: "บัญชีต้นทางและปลายทางต้องต่างกัน", jp: "振替元と振替先は異なる必要があります", ko: "출금 계정과 입금 계정은 달라야 합니다", fra: "Les comptes source et cible doivent être différents", spa: "Las cuentas de origen y destino deben ser distintas",
  },
  exchange_same_currency: {
    zh: "请选择不同的币种", en: "Please choose two different currencies", hk: "請選擇不同的幣種", th: "กรุณาเลือกเหรียญที่ต่างกัน", jp: "異なる通貨を選択してください", ko: "서로 다른 통화를 선택하세요", fra: "Veuillez choisir deux devises différentes", spa: "Elija dos monedas distintas",
  },
  exchange_too_small: {
    zh: "兑换数量过小", en: "The amount is too small to exchange", hk: "兌換數量過小", th: "จำนวนน้อยเกินไปสำหรับการแลกเปลี่ยน", jp: "交換数量が少なすぎます", ko: "교환 수량이 너무 적습니다", fra: "Le montant est trop faible pour être échangé", spa: "El importe es demasiado pequeño para cambiar",
  },
  review_done: {
    zh: "该申请已审核", en: "This request has already been reviewed", hk: "該申請已審核", th: "คำขอนี้ได้รับการตรวจสอบแล้ว", jp: "この申請は審査済みです", ko: "이미 심사된 신청입니다", fra: "Cette demande a déjà été examinée", spa: "Esta solicitud ya fue revisada",
  },
  reason_required: {
    zh: "请填写原因", en: "A reason is required", hk: "請填寫原因", th: "ต้องระบุเหตุผล", jp: "理由を入力してください", ko: "사유를 입력하세요", fra: "Une raison est obligatoire", spa: "Se requiere un motivo",
  },
  notice_kyc_approved_title: {
    zh: "实名认证已通过", en: "Identity verification approved", hk: "實名認證已通過", th: "การยืนยันตัวตนได้รับอนุมัติ", jp: "本人確認が承認されました", ko: "본인 인증이 승인되었습니다", fra: "Vérification d'identité approuvée", spa: "Verificación de identidad aprobada",
  },
  notice_kyc_approved_body: {
    zh: "您的{level}认证已通过。", en: "Your {level} verification was approved.", hk: "您的{level}認證已通過。", th: "การยืนยันระดับ {level} ของคุณได้รับอนุมัติ", jp: "{level}認証が承認されました。", ko: "{level} 인증이 승인되었습니다.", fra: "Votre vérification {level} a été approuvée.", spa: "Su verificación {level} fue aprobada.",
  },
  notice_kyc_rejected_title: {
    zh: "实名认证未通过", en: "Identity verification failed", hk: "實名認證未通過", th: "การยืนยันตัวตนไม่ผ่าน", jp: "本人確認が却下されました", ko: "본인 인증이 거절되었습니다", fra: "Échec de la vérification d'identité", spa: "Verificación de identidad rechazada",
  },
  notice_kyc_rejected_body: {
    zh: "原因：{reason}", en: "Reason: {reason}", hk: "原因：{reason}", th: "เหตุผล: {reason}", jp: "理由：{reason}", ko: "사유: {reason}", fra: "Raison : {reason}", spa: "Motivo: {reason}",
  },
  notice_recharge_approved_title: {
    zh: "充值已到账", en: "Recharge credited", hk: "充值已到帳", th: "เติมเงินเข้าบัญชีแล้ว", jp: "入金が反映されました", ko: "충전이 입금되었습니다", fra: "Recharge créditée", spa: "Recarga acreditada",
  },
  notice_recharge_approved_body: {
    zh: "{amount} {currency} 已存入您的账户。", en: "{amount} {currency} was credited to your account.", hk: "{amount} {currency} 已存入您的帳戶。", th: "{amount} {currency} เข้าบัญชีของคุณแล้ว", jp: "{amount} {currency} がアカウントに入金されました。", ko: "{amount} {currency}이(가) 계정에 입금되었습니다.", fra: "{amount} {currency} ont été crédités sur votre compte.", spa: "Se acreditaron {amount} {currency} en su cuenta.",
  },
  notice_recharge_rejected_title: {
    zh: "充值被拒绝", en: "Recharge rejected", hk: "充值被拒絕", th: "คำขอเติมเงินถูกปฏิเสธ", jp: "入金が却下されました", ko: "충전이 거절되었습니다", fra: "Recharge refusée", spa: "Recarga rechazada",
  },
  notice_withdraw_approved_title: {
    zh: "提币已通过", en: "Withdrawal approved", hk: "提幣已通過", th: "การถอนได้รับอนุมัติ", jp: "出金が承認されました", ko: "출금이 승인되었습니다", fra: "Retrait approuvé", spa: "Retiro aprobado",
  },
  notice_withdraw_approved_body: {
    zh: "{amount} {currency} 已发出。", en: "{amount} {currency} has been sent.", hk: "{amount} {currency} 已發出。", th: "ส่ง {amount} {currency} แล้ว", jp: "{amount} {currency} を送金しました。", ko: "{amount} {currency}이(가) 발송되었습니다.", fra: "{amount} {currency} ont été envoyés.", spa: "Se enviaron {amount} {currency}.",
  },
  notice_withdraw_rejected_title: {
    zh: "提币被拒绝，资金已退回", en: "Withdrawal rejected, funds returned", hk: "提幣被拒絕，資金已退回", th: "การถอนถูกปฏิเสธ คืนเงินแล้ว", jp: "出金が却下され、資金は返却されました", ko: "출금이 거절되어 자금이 반환되었습니다", fra: "Retrait refusé, fonds restitués", spa: "Retiro rechazado, fondos devueltos",
  },
  notice_adjust_title: {
    zh: "账户余额调整", en: "Balance adjustment", hk: "帳戶餘額調整", th: "การปรับยอดเงิน", jp: "残高調整", ko: "잔액 조정", fra: "Ajustement du solde", spa: "Ajuste de saldo",
  },
  notice_adjust_body: {
    zh: "{amount} {currency}，原因：{reason}", en: "{amount} {currency}. Reason: {reason}", hk: "{amount} {currency}，原因：{reason}", th: "{amount} {currency} เหตุผล: {reason}", jp: "{amount} {currency}、理由：{reason}", ko: "{amount} {currency}, 사유: {reason}", fra: "{amount} {currency}. Raison : {reason}", spa: "{amount} {currency}. Motivo: {reason}",
  },
  notice_security_title: {
    zh: "安全设置已变更", en: "Security settings changed", hk: "安全設定已變更", th: "การตั้งค่าความปลอดภัยเปลี่ยนแปลง", jp: "セキュリティ設定が変更されました", ko: "보안 설정이 변경되었습니다", fra: "Paramètres de sécurité modifiés", spa: "Configuración de seguridad modificada",
  },
  notice_security_body: {
    zh: "{what}已变更，其他设备已退出登录。如非本人操作请立即联系客服。", en: "{what} changed and your other devices were signed out. If this was not you, contact customer service now.", hk: "{what}已變更，其他裝置已登出。如非本人操作請立即聯繫客服。", th: "{what} เปลี่ยนแล้ว อุปกรณ์อื่นถูกออกจากระบบ หากไม่ใช่คุณ โปรดติดต่อฝ่ายบริการลูกค้า", jp: "{what}が変更され、他の端末はログアウトされました。心当たりがない場合はすぐにお問い合わせください。", ko: "{what}이(가) 변경되어 다른 기기는 로그아웃되었습니다. 본인이 아니라면 즉시 고객센터에 문의하세요.", fra: "{what} a été modifié et vos autres appareils ont été déconnectés. Si ce n'était pas vous, contactez le service client.", spa: "Se cambió {what} y se cerró la sesión en sus otros dispositivos. Si no fue usted, contacte con atención al cliente.",
  },
  what_pay_password: {
    zh: "支付密码", en: "Payment password", hk: "支付密碼", th: "รหัสผ่านการชำระเงิน", jp: "支払いパスワード", ko: "결제 비밀번호", fra: "Mot de passe de paiement", spa: "Contraseña de pago",
  },
  what_ga: {
    zh: "谷歌验证器", en: "Google authenticator", hk: "谷歌驗證器", th: "Google Authenticator", jp: "Google認証", ko: "Google OTP", fra: "Google Authenticator", spa: "Google Authenticator",
  },
  what_mobile: {
    zh: "手机号", en: "Phone number", hk: "手機號碼", th: "หมายเลขโทรศัพท์", jp: "電話番号", ko: "휴대폰 번호", fra: "Numéro de téléphone", spa: "Teléfono",
  },
  what_email: {
    zh: "邮箱", en: "Email", hk: "電郵", th: "อีเมล", jp: "メールアドレス", ko: "이메일", fra: "E-mail", spa: "Correo",
  },
  level_basic: {
    zh: "初级", en: "basic", hk: "初級", th: "พื้นฐาน", jp: "基本", ko: "기본", fra: "de base", spa: "básica",
  },
  level_advanced: {
    zh: "高级", en: "advanced", hk: "高級", th: "ขั้นสูง", jp: "上級", ko: "고급", fra: "avancée", spa: "avanzada",
  },
  bind_code_subject: {
    zh: "绑定验证码", en: "Your binding code", hk: "綁定驗證碼", th: "รหัสสำหรับผูกบัญชี", jp: "連携用コード", ko: "연결 인증 코드", fra: "Votre code d’association", spa: "Su código de vinculación",
  },
} satisfies Record<string, Table>;
