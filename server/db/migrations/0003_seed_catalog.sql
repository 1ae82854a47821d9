-- Demo catalogue: brands, coupons, points, the two referral missions, the registration terms and the friend-invite copy.
-- Images are served by the member server itself from server/modules/catalog/images/.
INSERT INTO "brands" ("brand_id", "title", "feature_image_small") VALUES
	('B001', '好日子生活百貨', '/catalog-images/brand-good-days.svg'),
	('B002', '山嵐咖啡', '/catalog-images/brand-mountain-mist-coffee.svg'),
	('B003', '小森烘焙坊', '/catalog-images/brand-little-forest-bakery.svg'),
	('B004', '悠活藥妝', '/catalog-images/brand-yoho-pharmacy.svg');
--> statement-breakpoint
INSERT INTO "coupons" ("coupon_id", "brand_ids", "title", "feature_image", "duration_days", "total") VALUES
	('CP_REFERRER_200', ARRAY['B001', 'B004'], '好友推薦禮 200 元折價券', '/catalog-images/coupon-referrer-200.svg', 30, 1),
	('CP_COFFEE_BOGO', ARRAY['B002'], '山嵐咖啡 拿鐵買一送一券', '/catalog-images/coupon-coffee-bogo.svg', 14, 2),
	('CP_WELCOME_100', ARRAY['B001', 'B002', 'B003', 'B004'], '新朋友首購禮 100 元折價券', '/catalog-images/coupon-welcome-100.svg', 30, 1),
	('CP_BAKERY_50', ARRAY['B003'], '小森烘焙坊 50 元折價券', '/catalog-images/coupon-bakery-50.svg', 14, 1);
--> statement-breakpoint
INSERT INTO "points" ("point_id", "title", "feature_image", "description", "circulate_ends_at") VALUES
	('PT_MEMBER', '好日子會員點數', '/catalog-images/point-member.svg',
	 '1 點可折抵 1 元，可於好日子生活百貨、山嵐咖啡、小森烘焙坊及悠活藥妝全台門市與網路商店使用；點數不得兌換現金。',
	 '2027-12-31 23:59:59+08');
--> statement-breakpoint
INSERT INTO "missions" ("task_type", "title", "description", "reward_info", "starts_at", "ends_at") VALUES
	('referrer', '邀請好友一起加入會員',
	 '分享您的專屬邀請碼給好友，好友註冊時填寫您的邀請碼並完成首次消費後，您即可獲得好友推薦禮 200 元折價券、山嵐咖啡拿鐵買一送一券 2 張，以及好日子會員點數 200 點。邀請人數不限，邀請越多、獎勵越多！',
	 '{"obtain_coupons": [{"coupon_id": "CP_REFERRER_200"}, {"coupon_id": "CP_COFFEE_BOGO"}], "obtain_points": [{"point_id": "PT_MEMBER", "amount": 200}]}',
	 '2026-01-01 00:00:00+08', '2027-12-31 23:59:59+08'),
	('referee_first_purchase', '新朋友首次消費禮',
	 '使用好友的邀請碼完成註冊，並於註冊後 30 天內完成首次消費，即可獲得新朋友首購禮 100 元折價券、小森烘焙坊 50 元折價券，以及好日子會員點數 100 點。',
	 '{"obtain_coupons": [{"coupon_id": "CP_WELCOME_100"}, {"coupon_id": "CP_BAKERY_50"}], "obtain_points": [{"point_id": "PT_MEMBER", "amount": 100}]}',
	 '2026-01-01 00:00:00+08', '2027-12-31 23:59:59+08');
--> statement-breakpoint
INSERT INTO "copywriting" ("key", "text") VALUES
	('friend_recommend', $copy$邀請好友加入會員，好禮雙方一起拿！
1. 分享您的專屬邀請碼給好友。
2. 好友註冊時，在「邀請碼」欄位填入您的邀請碼。
3. 好友完成首次消費後，您與好友都能獲得專屬好禮。
※ 獎勵將於好友首次消費後 7 個工作天內發送至會員帳戶，可至「我的票券」與「點數紀錄」查看。$copy$);
--> statement-breakpoint
INSERT INTO "terms" ("id", "type", "title", "position", "content") VALUES
	('member_terms', 'register', '會員條款', 1, $html$<h3>一、會員資格</h3>
<p>凡年滿 12 歲並同意本條款者，皆可申請成為好日子會員（以下稱「會員」）。未滿 18 歲者，應於法定代理人閱讀、瞭解並同意本條款後，始得註冊。</p>
<h3>二、會員帳號與密碼</h3>
<ol>
<li>會員以本人持有之手機號碼作為帳號，並自行設定密碼。</li>
<li>會員應妥善保管帳號、密碼及簡訊驗證碼，不得轉讓或出借他人使用；因會員保管不當所生之損失，由會員自行負責。</li>
<li>發現帳號遭冒用時，請立即通知客服中心，本公司將協助暫停該帳號之使用。</li>
</ol>
<h3>三、會員權益</h3>
<ol>
<li>會員消費可累積好日子會員點數，點數使用方式與效期依各活動公告為準。</li>
<li>會員可參加會員專屬活動，並領取生日禮、好友推薦禮等優惠；優惠內容以活動頁面公告為準。</li>
<li>本公司得因營運需要調整會員權益，並將於官方網站或會員中心公告。</li>
</ol>
<h3>四、資料正確性</h3>
<p>會員應提供真實、正確之資料並隨時更新。資料不實致無法享有會員權益者，本公司不負賠償責任；以不正方式取得點數或優惠者，本公司得取消其點數、優惠或會員資格。</p>
<h3>五、條款修改</h3>
<p>本公司得隨時修改本條款，修改後之條款將公告於會員中心，不另行個別通知。會員於修改後繼續使用會員服務者，視為同意修改後之條款。</p>
<h3>六、準據法與管轄</h3>
<p>本條款之解釋與適用，以中華民國法律為準據法；因本條款所生之爭議，雙方同意以臺灣臺北地方法院為第一審管轄法院。</p>$html$),
	('privacy_policy', 'register', '隱私權政策', 2, $html$<p>好日子生活股份有限公司（以下稱「本公司」）重視您的隱私，依《個人資料保護法》及相關法令，說明本公司如何蒐集、處理、利用及保護您的個人資料。</p>
<h3>一、適用範圍</h3>
<p>本政策適用於您使用會員中心網站、LINE 官方帳號及門市會員服務時，本公司所蒐集之個人資料。</p>
<h3>二、資料之保護</h3>
<ol>
<li>您的密碼以不可逆之方式加密保存，本公司員工亦無法得知。</li>
<li>本公司以防火牆、傳輸加密及存取權限控管等措施保護您的資料，僅經授權之人員得於業務必要範圍內存取。</li>
</ol>
<h3>三、Cookie 與裝置資訊</h3>
<p>為維持登入狀態與服務安全，本網站會使用 Cookie 及瀏覽器儲存空間記錄必要資訊。您可於瀏覽器設定中拒絕 Cookie，但部分功能可能因此無法正常使用。</p>
<h3>四、資料之分享</h3>
<p>除依法令規定、經您同意，或為履行會員服務所必要（例如委託簡訊服務商發送驗證碼）外，本公司不會將您的個人資料提供予第三人。</p>
<h3>五、政策修訂</h3>
<p>本公司得因應法令或服務調整修訂本政策，修訂後將公告於會員中心。</p>$html$),
	('personal_data_notice', 'register', '個人資料蒐集告知事項', 3, $html$<p>依《個人資料保護法》第 8 條規定，本公司於蒐集您的個人資料前，告知下列事項：</p>
<ol>
<li><strong>蒐集者名稱：</strong>好日子生活股份有限公司。</li>
<li><strong>蒐集目的：</strong>〇九〇消費者、客戶管理與服務、〇四〇行銷、一八一其他經營合於營業登記項目或組織章程所定之業務（會員管理、點數與優惠券發放、活動通知）。</li>
<li><strong>個人資料類別：</strong>姓名、手機號碼、電子郵件、性別、出生年月日、消費紀錄等。</li>
<li><strong>利用期間：</strong>自您註冊會員起至您終止會員資格或本公司停止提供服務之日止，並依法令規定之保存期限保存。</li>
<li><strong>利用地區：</strong>中華民國境內。</li>
<li><strong>利用對象及方式：</strong>本公司及受本公司委託處理會員服務之廠商，以電子或書面方式利用。</li>
<li><strong>您的權利：</strong>您得向本公司請求查詢、閱覽、製給複本、補充或更正、停止蒐集處理利用或刪除您的個人資料，請洽客服中心 0800-000-123。</li>
<li><strong>不提供之影響：</strong>您可自由選擇是否提供個人資料；惟未提供手機號碼、姓名等必要資料者，將無法完成會員註冊。</li>
</ol>$html$);
