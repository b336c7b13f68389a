/** Server messages of the NFT marketplace, in all eight languages. */
import type { Table } from '../table';

export const NFT_MESSAGES = {
  nft_not_found: {
    zh: '藏品不存在', en: 'This artwork does not exist', hk: '藏品不存在', th: 'ไม่พบผลงานนี้', jp: 'この作品は存在しません',
    ko: '작품이 존재하지 않습니다', fra: "Cette œuvre n'existe pas", spa: 'Esta obra no existe',
  },
  nft_not_on_sale: {
    zh: '该藏品当前不可购买', en: 'This artwork is not for sale', hk: '該藏品當前不可購買', th: 'ผลงานนี้ไม่ได้วางขาย', jp: 'この作品は販売されていません',
    ko: '이 작품은 판매 중이 아닙니다', fra: "Cette œuvre n'est pas en vente", spa: 'Esta obra no está a la venta',
  },
  nft_not_started: {
    zh: '尚未开始', en: 'The sale has not started yet', hk: '尚未開始', th: 'ยังไม่เริ่มขาย', jp: '販売はまだ始まっていません',
    ko: '판매가 아직 시작되지 않았습니다', fra: "La vente n'a pas encore commencé", spa: 'La venta aún no ha comenzado',
  },
  nft_ended: {
    zh: '已结束', en: 'The sale has ended', hk: '已結束', th: 'การขายสิ้นสุดแล้ว', jp: '販売は終了しました',
    ko: '판매가 종료되었습니다', fra: 'La vente est terminée', spa: 'La venta ha terminado',
  },
  nft_own_item: {
    zh: '不能购买或竞拍自己的藏品', en: 'You cannot buy or bid on your own artwork', hk: '不能購買或競拍自己的藏品', th: 'ไม่สามารถซื้อหรือประมูลผลงานของตัวเองได้',
    jp: '自分の作品は購入・入札できません', ko: '자신의 작품은 구매하거나 입찰할 수 없습니다', fra: 'Vous ne pouvez pas acheter ni enchérir sur votre propre œuvre',
    spa: 'No puede comprar ni pujar por su propia obra',
  },
  nft_price_invalid: {
    zh: '请输入正确的价格', en: 'Please enter a valid price', hk: '請輸入正確的價格', th: 'กรุณาใส่ราคาที่ถูกต้อง', jp: '正しい価格を入力してください',
    ko: '올바른 가격을 입력하세요', fra: 'Veuillez saisir un prix valide', spa: 'Introduzca un precio válido',
  },
  nft_price_decimals: {
    zh: '价格最多 {decimals} 位小数', en: 'The price has at most {decimals} decimal places', hk: '價格最多 {decimals} 位小數', th: 'ราคามีทศนิยมได้ไม่เกิน {decimals} ตำแหน่ง',
    jp: '価格の小数点以下は最大 {decimals} 桁です', ko: '가격은 소수점 이하 최대 {decimals}자리입니다', fra: 'Le prix a au plus {decimals} décimales',
    spa: 'El precio tiene como máximo {decimals} decimales',
  },
  nft_increment_invalid: {
    zh: '请输入正确的加价幅度', en: 'Please enter a valid bid increment', hk: '請輸入正確的加價幅度', th: 'กรุณาใส่ส่วนเพิ่มการประมูลที่ถูกต้อง',
    jp: '正しい入札単位を入力してください', ko: '올바른 입찰 단위를 입력하세요', fra: "Veuillez saisir un pas d'enchère valide", spa: 'Introduzca un incremento de puja válido',
  },
  nft_end_before_start: {
    zh: '结束时间必须晚于开始时间', en: 'The end time must be later than the start time', hk: '結束時間必須晚於開始時間', th: 'เวลาสิ้นสุดต้องหลังเวลาเริ่มต้น',
    jp: '終了時刻は開始時刻より後にしてください', ko: '종료 시간은 시작 시간보다 늦어야 합니다', fra: "L'heure de fin doit être postérieure à l'heure de début",
    spa: 'La hora de finalización debe ser posterior a la de inicio',
  },
  nft_code_taken: {
    zh: '藏品编号 {code} 已被使用', en: 'The code {code} is already used by another artwork', hk: '藏品編號 {code} 已被使用', th: 'รหัส {code} ถูกใช้กับผลงานอื่นแล้ว',
    jp: 'コード {code} は別の作品で使われています', ko: '코드 {code}는 이미 다른 작품에 사용 중입니다', fra: 'Le code {code} est déjà utilisé par une autre œuvre',
    spa: 'El código {code} ya lo usa otra obra',
  },
  nft_currency_invalid: {
    zh: '藏品不能以该币种定价', en: 'Artworks cannot be priced in this currency', hk: '藏品不能以該幣種定價', th: 'ไม่สามารถตั้งราคาผลงานด้วยสกุลเงินนี้',
    jp: 'この通貨では作品の価格を設定できません', ko: '이 통화로는 작품 가격을 정할 수 없습니다', fra: 'Les œuvres ne peuvent pas être mises à prix dans cette devise',
    spa: 'Las obras no pueden cotizarse en esta moneda',
  },
  nft_bid_too_low: {
    zh: '出价必须至少为 {min}', en: 'Your bid must be at least {min}', hk: '出價必須至少為 {min}', th: 'ราคาประมูลต้องไม่ต่ำกว่า {min}',
    jp: '入札額は {min} 以上にしてください', ko: '입찰가는 최소 {min} 이상이어야 합니다', fra: 'Votre enchère doit être au moins de {min}',
    spa: 'Su puja debe ser de al menos {min}',
  },
  nft_margin_required: {
    zh: '请先缴纳保证金 {margin}', en: 'Pay the margin of {margin} first to take part', hk: '請先繳納保證金 {margin}', th: 'กรุณาชำระเงินประกัน {margin} ก่อนเข้าร่วม',
    jp: '参加するには先に保証金 {margin} を支払ってください', ko: '참여하려면 먼저 보증금 {margin}을 납부하세요', fra: "Payez d'abord la caution de {margin} pour participer",
    spa: 'Pague primero la fianza de {margin} para participar',
  },
  nft_margin_paid: {
    zh: '已缴纳保证金', en: 'You have already paid the margin', hk: '已繳納保證金', th: 'คุณชำระเงินประกันแล้ว', jp: '保証金は支払済みです',
    ko: '이미 보증금을 납부했습니다', fra: 'Vous avez déjà payé la caution', spa: 'Ya ha pagado la fianza',
  },
  nft_not_auction: {
    zh: '该藏品不是拍卖品', en: 'This artwork is not sold by auction', hk: '該藏品不是拍賣品', th: 'ผลงานนี้ไม่ได้ขายแบบประมูล',
    jp: 'この作品はオークション出品ではありません', ko: '이 작품은 경매 상품이 아닙니다', fra: "Cette œuvre n'est pas vendue aux enchères", spa: 'Esta obra no se vende en subasta',
  },
  nft_is_auction: {
    zh: '拍卖品请出价竞拍', en: 'This artwork is sold by auction: place a bid', hk: '拍賣品請出價競拍', th: 'ผลงานนี้ขายแบบประมูล กรุณาเสนอราคา',
    jp: 'この作品はオークション出品です。入札してください', ko: '경매 상품입니다. 입찰하세요', fra: 'Cette œuvre est vendue aux enchères : enchérissez',
    spa: 'Esta obra se vende en subasta: haga una puja',
  },
  nft_already_highest: {
    zh: '您已是最高出价者', en: 'You are already the highest bidder', hk: '您已是最高出價者', th: 'คุณเป็นผู้เสนอราคาสูงสุดอยู่แล้ว',
    jp: 'あなたはすでに最高入札者です', ko: '이미 최고 입찰자입니다', fra: 'Vous êtes déjà le meilleur enchérisseur', spa: 'Ya es el mejor postor',
  },
  nft_order_not_found: {
    zh: '订单不存在', en: 'Order not found', hk: '訂單不存在', th: 'ไม่พบคำสั่งซื้อ', jp: '注文が見つかりません',
    ko: '주문을 찾을 수 없습니다', fra: 'Commande introuvable', spa: 'Pedido no encontrado',
  },
  nft_order_expired: {
    zh: '订单已过期，保证金已扣除', en: 'This order has expired and the margin was forfeited', hk: '訂單已過期，保證金已扣除',
    th: 'คำสั่งซื้อหมดอายุและเงินประกันถูกริบแล้ว', jp: 'この注文は期限切れで、保証金は没収されました', ko: '주문이 만료되어 보증금이 몰수되었습니다',
    fra: 'Cette commande a expiré et la caution a été retenue', spa: 'Este pedido ha caducado y la fianza se ha perdido',
  },
  nft_order_paid: {
    zh: '订单已支付', en: 'This order is already paid', hk: '訂單已支付', th: 'คำสั่งซื้อนี้ชำระแล้ว', jp: 'この注文は支払済みです',
    ko: '이미 결제된 주문입니다', fra: 'Cette commande est déjà payée', spa: 'Este pedido ya está pagado',
  },
  nft_sold_out: {
    zh: '已售罄', en: 'Sold out', hk: '已售罄', th: 'ขายหมดแล้ว', jp: '完売しました', ko: '매진되었습니다', fra: 'Épuisé', spa: 'Agotado',
  },
  nft_box_not_found: {
    zh: '盲盒不存在', en: 'Blind box not found', hk: '盲盒不存在', th: 'ไม่พบกล่องสุ่ม', jp: 'ブラインドボックスが見つかりません',
    ko: '블라인드 박스를 찾을 수 없습니다', fra: 'Boîte mystère introuvable', spa: 'Caja sorpresa no encontrada',
  },
  nft_box_opened: {
    zh: '盲盒已开启', en: 'This blind box is already open', hk: '盲盒已開啟', th: 'กล่องสุ่มนี้เปิดแล้ว', jp: 'このブラインドボックスは開封済みです',
    ko: '이미 열린 블라인드 박스입니다', fra: 'Cette boîte mystère est déjà ouverte', spa: 'Esta caja sorpresa ya está abierta',
  },
  nft_not_owner: {
    zh: '您不是该藏品的持有人', en: 'You do not own this artwork', hk: '您不是該藏品的持有人', th: 'คุณไม่ได้เป็นเจ้าของผลงานนี้',
    jp: 'あなたはこの作品の所有者ではありません', ko: '이 작품의 소유자가 아닙니다', fra: "Vous ne possédez pas cette œuvre", spa: 'Usted no es el propietario de esta obra',
  },
  nft_already_listed: {
    zh: '该藏品已在转售中，转售不可撤销', en: 'This artwork is already listed; a resale cannot be undone', hk: '該藏品已在轉售中，轉售不可撤銷',
    th: 'ผลงานนี้วางขายต่ออยู่แล้ว การขายต่อไม่สามารถยกเลิกได้', jp: 'この作品はすでに再販中です（再販は取り消せません）', ko: '이미 재판매 중입니다. 재판매는 취소할 수 없습니다',
    fra: 'Cette œuvre est déjà en revente ; une revente ne peut pas être annulée', spa: 'Esta obra ya está en reventa; una reventa no se puede deshacer',
  },
  nft_review_pending: {
    zh: '该藏品的转售申请正在审核中', en: 'A listing of this artwork is already waiting for review', hk: '該藏品的轉售申請正在審核中',
    th: 'รายการขายของผลงานนี้กำลังรอการตรวจสอบ', jp: 'この作品の出品はすでに審査待ちです', ko: '이 작품의 판매 등록이 이미 심사 대기 중입니다',
    fra: 'Une mise en vente de cette œuvre attend déjà la validation', spa: 'Una venta de esta obra ya está pendiente de revisión',
  },
  nft_review_not_found: {
    zh: '审核申请不存在', en: 'This submission does not exist', hk: '審核申請不存在', th: 'ไม่พบคำขอนี้', jp: 'この申請は存在しません',
    ko: '해당 신청이 존재하지 않습니다', fra: "Cette demande n'existe pas", spa: 'Esta solicitud no existe',
  },
  nft_review_done: {
    zh: '该申请已审核', en: 'This submission has already been reviewed', hk: '該申請已審核', th: 'คำขอนี้ได้รับการตรวจสอบแล้ว', jp: 'この申請は審査済みです',
    ko: '이미 심사된 신청입니다', fra: 'Cette demande a déjà été traitée', spa: 'Esta solicitud ya fue revisada',
  },
  nft_review_stale: {
    zh: '藏品的持有人或状态已变更，或时间已结束，请驳回', en: 'The artwork changed hands or state, or the window has ended: reject it instead',
    hk: '藏品的持有人或狀態已變更，或時間已結束，請駁回', th: 'ผลงานเปลี่ยนเจ้าของหรือสถานะ หรือหมดเวลาแล้ว กรุณาปฏิเสธแทน',
    jp: '作品の所有者・状態が変わったか期間が終了しています。却下してください', ko: '작품의 소유자나 상태가 바뀌었거나 기간이 끝났습니다. 거절하세요',
    fra: "L'œuvre a changé de main ou d'état, ou la période est terminée : refusez-la", spa: 'La obra cambió de dueño o de estado, o el plazo terminó: recházela',
  },
  nft_edit_locked: {
    zh: '已有人购买、出价或缴纳保证金，价格和时间不能再修改', en: 'Someone has bought, bid or paid a margin: the price and times can no longer change',
    hk: '已有人購買、出價或繳納保證金，價格和時間不能再修改', th: 'มีผู้ซื้อ ประมูล หรือวางมัดจำแล้ว จึงแก้ไขราคาและเวลาไม่ได้',
    jp: '購入・入札・保証金の支払いがあったため、価格と期間は変更できません', ko: '구매·입찰·보증금 납부가 있어 가격과 기간을 변경할 수 없습니다',
    fra: "Quelqu'un a acheté, enchéri ou versé une caution : le prix et les dates ne peuvent plus changer", spa: 'Alguien ya compró, pujó o pagó un depósito: el precio y las fechas ya no pueden cambiar',
  },
  nft_edit_rarity_locked: {
    zh: '该藏品已有人持有或参与，稀有度不能再修改', en: 'Someone owns this artwork or has a stake in it: its rarity can no longer change',
    hk: '該藏品已有人持有或參與，稀有度不能再修改', th: 'มีผู้ถือหรือมีส่วนร่วมในผลงานนี้แล้ว จึงแก้ไขระดับความหายากไม่ได้',
    jp: 'この作品には所有者または参加者がいるため、レアリティは変更できません', ko: '이 작품에 소유자나 참여자가 있어 희귀도를 변경할 수 없습니다',
    fra: "Quelqu'un possède cette œuvre ou y participe : sa rareté ne peut plus changer", spa: 'Alguien posee esta obra o participa en ella: su rareza ya no puede cambiar',
  },
  nft_edit_terms_up: {
    zh: '销售已开始：价格、加价幅度和保证金只能调低', en: 'The sale has started: the price, bid increment and margin can only be lowered',
    hk: '銷售已開始：價格、加價幅度和保證金只能調低', th: 'การขายเริ่มแล้ว: ราคา ขั้นการประมูล และมัดจำลดได้เท่านั้น',
    jp: '販売は開始済みです。価格・入札単位・保証金は引き下げのみ可能です', ko: '판매가 시작되었습니다. 가격, 입찰 단위, 보증금은 낮추기만 할 수 있습니다',
    fra: 'La vente a commencé : le prix, le pas d’enchère et la caution ne peuvent que baisser', spa: 'La venta ha comenzado: el precio, el incremento de puja y el depósito solo pueden bajar',
  },
  nft_edit_window_started: {
    zh: '销售已开始：开始时间不能修改，结束时间只能延后', en: 'The sale has started: its start is fixed and its end can only move later',
    hk: '銷售已開始：開始時間不能修改，結束時間只能延後', th: 'การขายเริ่มแล้ว: เวลาเริ่มแก้ไม่ได้ และเวลาสิ้นสุดเลื่อนออกไปได้เท่านั้น',
    jp: '販売は開始済みです。開始時刻は変更できず、終了時刻は延長のみ可能です', ko: '판매가 시작되었습니다. 시작 시각은 고정이며 종료 시각은 늦추기만 할 수 있습니다',
    fra: 'La vente a commencé : son début est fixé et sa fin ne peut que reculer', spa: 'La venta ha comenzado: su inicio es fijo y su fin solo puede retrasarse',
  },
  nft_edit_end_passed: {
    zh: '结束时间必须晚于当前时间', en: 'The end time must be in the future', hk: '結束時間必須晚於當前時間', th: 'เวลาสิ้นสุดต้องอยู่ในอนาคต',
    jp: '終了時刻は現在より後にしてください', ko: '종료 시각은 현재 이후여야 합니다', fra: 'La date de fin doit être dans le futur', spa: 'La fecha de fin debe ser futura',
  },
  nft_edit_manifest_locked: {
    zh: '盲盒内容已公布：只能在开售前且无人购买时修改', en: 'The boxes’ contents are published: they can only change before the sale starts and before anyone buys',
    hk: '盲盒內容已公佈：只能在開售前且無人購買時修改', th: 'เนื้อหากล่องสุ่มเผยแพร่แล้ว: แก้ได้เฉพาะก่อนเริ่มขายและก่อนมีผู้ซื้อ',
    jp: 'ボックスの中身は公開済みです。変更できるのは販売開始前かつ購入がない場合のみです', ko: '박스 구성이 공개되었습니다. 판매 시작 전, 구매가 없을 때만 변경할 수 있습니다',
    fra: 'Le contenu des boîtes est publié : il ne peut changer qu’avant le début de la vente et avant tout achat', spa: 'El contenido de las cajas está publicado: solo puede cambiar antes de que empiece la venta y antes de cualquier compra',
  },
  nft_media_type_invalid: {
    zh: '仅支持图片（PNG、JPEG、WebP、GIF）、音频（MP3、WAV、OGG、FLAC、M4A）或视频（MP4、WebM）',
    en: 'Only pictures (PNG, JPEG, WebP, GIF), sound (MP3, WAV, OGG, FLAC, M4A) or video (MP4, WebM) are accepted',
    hk: '僅支援圖片（PNG、JPEG、WebP、GIF）、音訊（MP3、WAV、OGG、FLAC、M4A）或影片（MP4、WebM）',
    th: 'รองรับเฉพาะรูปภาพ (PNG, JPEG, WebP, GIF) เสียง (MP3, WAV, OGG, FLAC, M4A) หรือวิดีโอ (MP4, WebM)',
    jp: '画像（PNG・JPEG・WebP・GIF）、音声（MP3・WAV・OGG・FLAC・M4A）、動画（MP4・WebM）のみ対応しています',
    ko: '이미지(PNG, JPEG, WebP, GIF), 오디오(MP3, WAV, OGG, FLAC, M4A), 동영상(MP4, WebM)만 허용됩니다',
    fra: 'Seuls les images (PNG, JPEG, WebP, GIF), les sons (MP3, WAV, OGG, FLAC, M4A) et les vidéos (MP4, WebM) sont acceptés',
    spa: 'Solo se aceptan imágenes (PNG, JPEG, WebP, GIF), audio (MP3, WAV, OGG, FLAC, M4A) o vídeo (MP4, WebM)',
  },
  nft_media_unknown: {
    zh: '找不到该媒体文件，请重新上传', en: 'That media file was not found: upload it again', hk: '找不到該媒體檔案，請重新上傳',
    th: 'ไม่พบไฟล์สื่อนี้ กรุณาอัปโหลดอีกครั้ง', jp: 'メディアファイルが見つかりません。もう一度アップロードしてください', ko: '미디어 파일을 찾을 수 없습니다. 다시 업로드하세요',
    fra: 'Ce fichier média est introuvable : envoyez-le à nouveau', spa: 'No se encontró ese archivo multimedia: súbalo de nuevo',
  },
  nft_not_artist: {
    zh: '只有已认证的创作者可以发布作品', en: 'Only a registered creator can publish works', hk: '只有已認證的創作者可以發佈作品',
    th: 'เฉพาะผู้สร้างที่ลงทะเบียนแล้วเท่านั้นที่เผยแพร่ผลงานได้', jp: '作品を公開できるのは登録済みのクリエイターだけです', ko: '등록된 크리에이터만 작품을 게시할 수 있습니다',
    fra: 'Seul un créateur enregistré peut publier des œuvres', spa: 'Solo un creador registrado puede publicar obras',
  },
  notice_nft_listing_approved_title: {
    zh: '转售已通过审核', en: 'Your listing was approved', hk: '轉售已通過審核', th: 'รายการขายของคุณได้รับอนุมัติ', jp: '出品が承認されました',
    ko: '판매 등록이 승인되었습니다', fra: 'Votre mise en vente est approuvée', spa: 'Su venta fue aprobada',
  },
  notice_nft_listing_approved_body: {
    zh: '「{name}」已上架', en: '“{name}” is now on the market', hk: '「{name}」已上架', th: '“{name}” วางขายแล้ว', jp: '「{name}」を出品しました',
    ko: '“{name}”이(가) 마켓에 등록되었습니다', fra: '« {name} » est en vente', spa: '«{name}» ya está a la venta',
  },
  notice_nft_listing_rejected_title: {
    zh: '转售未通过审核', en: 'Your listing was rejected', hk: '轉售未通過審核', th: 'รายการขายของคุณถูกปฏิเสธ', jp: '出品が却下されました',
    ko: '판매 등록이 거절되었습니다', fra: 'Votre mise en vente est refusée', spa: 'Su venta fue rechazada',
  },
  notice_nft_listing_rejected_body: {
    zh: '「{name}」：{reason}', en: '“{name}”: {reason}', hk: '「{name}」：{reason}', th: '“{name}”: {reason}', jp: '「{name}」：{reason}',
    ko: '“{name}”: {reason}', fra: '« {name} » : {reason}', spa: '«{name}»: {reason}',
  },
} satisfies Record<string, Table>;
