//! What the demo shops contain. Reads top to bottom: the two shops, then their notices,
//! then their news. Later features add their own sections here.
use serde_json::{Value, json};

pub const DEMO: &str = "demo";
pub const CORPORATE: &str = "corporate";

const DAY_MS: i64 = 24 * 60 * 60 * 1000;
const HOUR_MS: i64 = 60 * 60 * 1000;

pub struct Shop {
    pub code: &'static str,
    pub name: &'static str,
    pub theme: &'static str,
    pub tenant: Option<&'static str>,
    pub company_code: &'static str,
    pub hosts: Vec<&'static str>,
    pub settings: Vec<(&'static str, Value)>,
    pub palette_name: &'static str,
    pub palette: Value,
    pub maintenance_title: &'static str,
    pub maintenance_message: &'static str,
    pub header: Value,
    pub footer: Value,
    pub home_title: &'static str,
    pub home_description: &'static str,
    pub home_blocks: Vec<Block>,
    pub messages: Vec<Notice>,
    pub news: Vec<News>,
}

pub struct Block {
    pub kind: &'static str,
    pub title: Option<&'static str>,
    pub props: Value,
    pub visible_for: &'static str,
    pub device: &'static str,
}

pub struct Notice {
    pub code: &'static str,
    pub title: Option<&'static str>,
    pub body: &'static str,
}

pub struct News {
    pub key: String,
    pub title: String,
    pub summary: String,
    pub body: String,
    pub category: &'static str,
    /// Relative to the moment of seeding; positive means scheduled for later (not yet shown).
    pub published_offset_ms: i64,
}

/// A new shop's shell (`shop channel create`): its name in the header and footer, the legal
/// pages linked, a neutral palette and an empty home page, for the owner to fill.
pub fn blank_shop(new: &'static super::NewChannel) -> Shop {
    let mut settings: Vec<(&'static str, Value)> = vec![("SITE.NAME", json!(new.name)), ("SITE.IS_CORPORATE", json!(false))];
    for (key, value) in &new.settings {
        settings.retain(|(kept, _)| *kept != key.as_str());
        settings.push((key.as_str(), value.clone()));
    }
    let year = time::OffsetDateTime::now_utc().year();
    Shop {
        code: &new.code,
        name: &new.name,
        theme: new.theme.as_str(),
        tenant: None,
        company_code: &new.code,
        hosts: new.hosts.iter().map(String::as_str).collect(),
        settings,
        palette_name: "スタンダード",
        palette: json!({
            "primary": "#1f4e79", "on_primary": "#ffffff", "secondary": "#37474f", "accent": "#c77700",
            "text": "#1c1b1f", "text_muted": "#5f6368", "background": "#ffffff", "surface": "#f5f5f4",
            "border": "#d6d3d1", "danger": "#b00020", "success": "#1b5e20"
        }),
        maintenance_title: "ただいまメンテナンス中です",
        maintenance_message: "システムメンテナンスのため、一時的にサービスを停止しております。\nご不便をおかけいたしますが、再開まで今しばらくお待ちください。",
        header: json!({ "navigation": [
            { "label": "ホーム", "path": "/" },
            { "label": "商品一覧", "path": "/product" },
            { "label": "ニュース", "path": "/news" }
        ]}),
        footer: json!({
            "navigation": [
                { "label": "ホーム", "path": "/" },
                { "label": "特定商取引法に基づく表記", "path": "/law" },
                { "label": "プライバシーポリシー", "path": "/privacy" },
                { "label": "利用規約", "path": "/terms" }
            ],
            "copyright": format!("© {year} {}", new.name)
        }),
        home_title: &new.name,
        home_description: "",
        home_blocks: Vec::new(),
        messages: Vec::new(),
        news: Vec::new(),
    }
}

pub fn shops() -> Vec<Shop> {
    let mut shops = vec![demo_shop(), corporate_shop()];
    shops.extend(super::tenants::shops());
    shops
}

fn demo_shop() -> Shop {
    Shop {
        code: DEMO,
        name: "ライドパーツ本舗",
        theme: "simple",
        tenant: None,
        company_code: "ridecraft",
        hosts: vec!["localhost", "127.0.0.1", "::1", "demo.localhost"],
        settings: vec![
            ("SITE.NAME", json!("ライドパーツ本舗")),
            ("SITE.NAMESPACE", json!("ridepartshonpo")),
            ("SITE.CHANNEL_PREFIX", json!("")),
            ("SITE.IS_CORPORATE", json!(false)),
            ("SITE.BREAKPOINT.SCREEN-SM", json!(767)),
            ("SITE.BREAKPOINT.SCREEN-MD", json!(1024)),
            ("ORDER.SHIPPING.IS_ALLOW_MULTIPLE", json!(true)),
            ("PLUGIN.TEMPORARY_STOP_SELLING.IS_USE", json!(false)),
            ("PLUGIN.TEMPORARY_STOP_SELLING.IS_SELLING", json!(true)),
            ("NO_MEMBER_USE", json!(false)),
            ("AUTH.IS_VERIFY_EMAIL_AT_FIRST_LOGIN", json!(false)),
            ("AUTH.IS_MFA", json!(false)),
            ("RECAPTCHA.VERSION", json!(3)),
            ("MEMBER.ADDRESS_LIMIT", json!(20)),
            ("SITE.INVOICE_REGISTRATION_NUMBER", json!("T1234567890123")),
            ("SITE.COMPANY_ADDRESS", json!("〒460-0008 愛知県名古屋市中区栄三丁目1番1号 ライドビル5階 TEL 052-000-1234")),
        ],
        palette_name: "ガレージレッド",
        palette: json!({
            "primary": "#b3261e", "on_primary": "#ffffff", "secondary": "#263238", "accent": "#f9a825",
            "text": "#1c1b1f", "text_muted": "#5f6368", "background": "#ffffff", "surface": "#f5f5f4",
            "border": "#d6d3d1", "danger": "#b00020", "success": "#1b5e20"
        }),
        maintenance_title: "ただいまメンテナンス中です",
        maintenance_message: "システムメンテナンスのため、一時的にサービスを停止しております。\nご不便をおかけいたしますが、再開まで今しばらくお待ちください。",
        header: json!({ "navigation": [
            { "label": "ホーム", "path": "/" },
            { "label": "商品一覧", "path": "/product" },
            { "label": "メーカー", "path": "/maker" },
            { "label": "ブランド", "path": "/brand" },
            { "label": "ブログ", "path": "/blog" },
            { "label": "ニュース", "path": "/news" }
        ]}),
        footer: json!({
            "navigation": [
                { "label": "ホーム", "path": "/" },
                { "label": "ニュース", "path": "/news" },
                { "label": "スタッフのおすすめ", "path": "/stylist" },
                { "label": "ご利用ガイド", "path": "/guide" },
                { "label": "よくあるご質問", "path": "/faq" },
                { "label": "特定商取引法に基づく表記", "path": "/law" },
                { "label": "プライバシーポリシー", "path": "/privacy" },
                { "label": "利用規約", "path": "/terms" },
                { "label": "サイトマップ", "path": "/sitemap" }
            ],
            "copyright": "© 2026 ライドパーツ本舗 (RideCraft株式会社)"
        }),
        home_title: "バイク・自転車パーツの専門店",
        home_description: "ライドパーツ本舗は、オートバイと自転車のパーツ・用品を取り揃えた専門通販ショップです。",
        home_blocks: vec![
            Block {
                kind: "hero",
                title: None,
                props: json!({
                    "heading": "走りを変える、確かなパーツを。",
                    "body": "オートバイ・自転車のカスタムパーツからメンテナンス用品まで、整備士が選んだ確かな品質をお届けします。",
                    "link_label": "最新のお知らせを見る",
                    "link_path": "/news"
                }),
                visible_for: "all",
                device: "all",
            },
            Block {
                kind: "text",
                title: Some("はじめての方へ"),
                props: json!({ "body": "会員登録をすると、ご購入金額に応じてポイントが貯まります。\n\nお気に入りリストや配送先の登録もご利用いただけます。" }),
                visible_for: "guest",
                device: "all",
            },
            Block {
                kind: "text",
                title: Some("会員様へのお知らせ"),
                props: json!({ "body": "いつもご利用ありがとうございます。今月はポイント2倍キャンペーンを実施中です。" }),
                visible_for: "member",
                device: "all",
            },
            Block { kind: "news", title: Some("新着情報"), props: json!({ "count": 5 }), visible_for: "all", device: "all" },
            Block {
                kind: "text",
                title: Some("営業日のご案内"),
                props: json!({ "body": "ご注文は24時間受け付けております。\n\n発送・お問い合わせへの回答は月〜土曜日10:00〜17:00(日曜・祝日・年末年始を除く)に行っております。" }),
                visible_for: "all",
                device: "pc",
            },
            Block {
                kind: "links",
                title: Some("スマートフォンでのご利用"),
                props: json!({ "links": [ { "label": "お知らせ一覧", "path": "/news" } ] }),
                visible_for: "all",
                device: "sp",
            },
        ],
        messages: notices(),
        news: demo_news(),
    }
}

fn corporate_shop() -> Shop {
    Shop {
        code: CORPORATE,
        name: "ライドパーツ 業販サイト",
        theme: "tsunagu",
        tenant: Some("tsunagu"),
        company_code: "ridecraft",
        hosts: vec!["corporate.localhost"],
        settings: vec![
            ("SITE.NAME", json!("ライドパーツ 業販サイト")),
            ("SITE.NAMESPACE", json!("ridepartsb2b")),
            ("SITE.CHANNEL_PREFIX", json!("b2b")),
            ("SITE.IS_CORPORATE", json!(true)),
            ("SITE.BREAKPOINT.SCREEN-SM", json!(767)),
            ("SITE.BREAKPOINT.SCREEN-MD", json!(1024)),
            ("ORDER.SHIPPING.IS_ALLOW_MULTIPLE", json!(false)),
            ("PLUGIN.TEMPORARY_STOP_SELLING.IS_USE", json!(false)),
            ("PLUGIN.TEMPORARY_STOP_SELLING.IS_SELLING", json!(true)),
            ("NO_MEMBER_USE", json!(false)),
            ("AUTH.IS_VERIFY_EMAIL_AT_FIRST_LOGIN", json!(true)),
            ("AUTH.IS_MFA", json!(true)),
            ("RECAPTCHA.VERSION", json!(3)),
            ("MEMBER.ADDRESS_LIMIT", json!(50)),
            ("SITE.INVOICE_REGISTRATION_NUMBER", json!("T1234567890123")),
            ("SITE.COMPANY_ADDRESS", json!("〒460-0008 愛知県名古屋市中区栄三丁目1番1号 ライドビル5階 TEL 052-000-1234")),
        ],
        palette_name: "ビジネスネイビー",
        palette: json!({
            "primary": "#1a3a6b", "on_primary": "#ffffff", "secondary": "#3d5a80", "accent": "#2a9d8f",
            "text": "#1f2933", "text_muted": "#52606d", "background": "#ffffff", "surface": "#f0f4f8",
            "border": "#cbd2d9", "danger": "#ba2525", "success": "#207227"
        }),
        maintenance_title: "メンテナンスのお知らせ",
        maintenance_message: "業販サイトは現在メンテナンス中です。\nお急ぎのご注文は担当営業までご連絡ください。",
        header: json!({ "navigation": [
            { "label": "ホーム", "path": "/" },
            { "label": "商品一覧", "path": "/product" },
            { "label": "ブログ", "path": "/blog" },
            { "label": "お知らせ", "path": "/news" }
        ]}),
        footer: json!({
            "navigation": [
                { "label": "ホーム", "path": "/" },
                { "label": "お知らせ", "path": "/news" },
                { "label": "ご利用ガイド", "path": "/guide" },
                { "label": "よくあるご質問", "path": "/faq" },
                { "label": "特定商取引法に基づく表記", "path": "/law" },
                { "label": "プライバシーポリシー", "path": "/privacy" },
                { "label": "利用規約", "path": "/terms" },
                { "label": "サイトマップ", "path": "/sitemap" }
            ],
            "copyright": "© 2026 RideCraft株式会社 業販事業部"
        }),
        home_title: "販売店様向け 業販サイト",
        home_description: "二輪・自転車販売店様向けの卸売サイトです。掛け払い・店舗直送に対応しています。",
        home_blocks: vec![
            Block {
                kind: "hero",
                title: None,
                props: json!({
                    "heading": "販売店様の仕入れを、もっとスムーズに。",
                    "body": "純正・社外パーツ約3万点を業販価格でご提供。請求書払い(掛け払い)、店舗直送、お客様直送に対応しています。",
                    "link_label": "お知らせを見る",
                    "link_path": "/news"
                }),
                visible_for: "all",
                device: "all",
            },
            Block {
                kind: "text",
                title: Some("お取引をご希望の販売店様へ"),
                props: json!({ "body": "ご利用には法人・個人事業主様の会員登録と審査が必要です。審査には通常2〜3営業日いただいております。" }),
                visible_for: "guest",
                device: "all",
            },
            Block { kind: "news", title: Some("お知らせ"), props: json!({ "count": 5 }), visible_for: "all", device: "all" },
        ],
        messages: vec![
            Notice {
                code: "caution",
                title: Some("年末年始の出荷について"),
                body: "12月24日(木)正午までのご注文は年内(12月28日(月)まで)に出荷いたします。それ以降のご注文は1月5日(火)以降、ご注文確認後2営業日以内の出荷となります。",
            },
            Notice {
                code: "cart_index", title: None, body: "掛け払いの与信枠を超えるご注文は、担当営業より確認のご連絡を差し上げます。"
            },
            Notice {
                code: "contact_info",
                title: None,
                body: "業販に関するお問い合わせは、平日9:00〜18:00に承っております。お急ぎの場合は担当営業までお電話ください。",
            },
            Notice {
                code: "contact_complete",
                title: None,
                body: "お問い合わせを受け付けました。内容を確認のうえ、1営業日以内に担当営業よりご連絡いたします。",
            },
            Notice { code: "contact_complete_shop_info", title: None, body: "ライドパーツ 業販事業部 TEL 052-000-1235(平日9:00〜18:00)" },
        ],
        news: corporate_news(),
    }
}

fn notices() -> Vec<Notice> {
    vec![
        Notice {
            code: "caution",
            title: Some("年末年始の営業について"),
            body: "12月29日(火)〜1月4日(月)は休業とさせていただきます。期間中のご注文は1月5日(火)より順次発送いたします。",
        },
        Notice {
            code: "mypage_leave_1",
            title: Some("退会される前にご確認ください"),
            body: "退会されますと、保有ポイントとクーポンはすべて失効し、復元することはできません。",
        },
        Notice {
            code: "mypage_leave_2",
            title: Some("退会手続きの最終確認"),
            body: "「退会する」を押すと手続きが完了します。ご注文履歴は当店の記録として保管されます。",
        },
        Notice { code: "logout", title: None, body: "ログアウトしました。またのご利用をお待ちしております。" },
        Notice {
            code: "point",
            title: Some("ポイントについて"),
            body: "ポイントは1ポイント=1円としてご利用いただけます。有効期限は最終ご購入日から1年間です。",
        },
        Notice { code: "memorial", title: None, body: "記念日を登録すると、記念日の前にお知らせメールをお送りします。" },
        Notice {
            code: "mail_verify",
            title: None,
            body: "ご登録のメールアドレスに確認コードをお送りしました。メールが届かない場合は迷惑メールフォルダもご確認ください。",
        },
        Notice { code: "address", title: None, body: "お届け先は最大20件まで登録できます。" },
        Notice {
            code: "product", title: None, body: "適合車種は必ずご確認のうえご注文ください。取り付けには専門知識が必要な部品があります。"
        },
        Notice { code: "cart_index", title: None, body: "5,500円(税込)以上のご注文で送料無料となります。" },
        Notice {
            code: "cart_index_note", title: None, body: "お取り寄せ商品は、ご注文確定後のキャンセルを承ることができません。"
        },
        Notice { code: "cart_index_links", title: None, body: "送料・お支払い方法の詳細はご利用ガイドをご覧ください。" },
        Notice { code: "cart_payment", title: None, body: "代金引換の手数料は330円(税込)です。" },
        Notice { code: "cart_confirm_1", title: None, body: "ご注文内容をご確認のうえ「注文を確定する」を押してください。" },
        Notice { code: "cart_confirm_2", title: None, body: "ご注文確定後、確認メールをお送りします。" },
        Notice {
            code: "cart_complete", title: None, body: "ご注文ありがとうございました。発送準備が整い次第、出荷のご案内をお送りします。"
        },
        Notice {
            code: "contact_complete", title: None, body: "お問い合わせを受け付けました。2営業日以内に担当者よりご連絡いたします。"
        },
        Notice { code: "contact_complete_shop_info", title: None, body: "ライドパーツ本舗 カスタマーサポート 平日10:00〜17:00" },
        Notice { code: "contact_info", title: None, body: "お問い合わせの前に「よくあるご質問」もご確認ください。" },
        Notice { code: "pre_order_info_1", title: Some("予約商品について"), body: "予約商品は発売日以降の発送となります。" },
        Notice {
            code: "pre_order_info_2", title: None, body: "予約商品と通常商品を同時にご注文の場合、まとめての発送となります。"
        },
        Notice {
            code: "reminder", title: None, body: "ご登録のメールアドレスを入力してください。パスワード再設定のご案内をお送りします。"
        },
        Notice {
            code: "reminder_reset", title: None, body: "新しいパスワードを入力してください。半角英数字を組み合わせた8文字以上で設定してください。"
        },
        Notice {
            code: "reminder_username", title: None, body: "ご登録のメールアドレスを入力してください。ログインIDをお知らせします。"
        },
        Notice { code: "reminder_username_reset", title: None, body: "メールに記載の確認コードを入力してください。" },
        Notice { code: "reminder_username_confirm", title: None, body: "ご登録のログインIDをメールでお送りしました。" },
    ]
}

/// (category, title, summary, body) — the demo shop's announcements, newest first.
const DEMO_NEWS: &[(&str, &str, &str, &str)] = &[
    (
        "お知らせ",
        "年末年始の営業日と発送スケジュールのご案内",
        "12月29日〜1月4日は休業いたします。",
        "平素よりライドパーツ本舗をご利用いただき、誠にありがとうございます。\n\n誠に勝手ながら、12月29日(火)から1月4日(月)まで休業とさせていただきます。期間中もご注文は承りますが、発送は1月5日(火)より順次となります。\n\n年内最終出荷は12月28日(月)です。お急ぎの場合は12月25日(金)正午までにご注文ください。",
    ),
    (
        "キャンペーン",
        "冬のメンテナンス応援セール開催中",
        "チェーンオイル・ブレーキパッドが最大20%オフ。",
        "寒い季節こそ、愛車のメンテナンスを。チェーンルブ、ブレーキパッド、バッテリー充電器など対象商品が最大20%オフになります。\n\n期間:12月1日(火)〜12月25日(金)23:59まで。",
    ),
    (
        "新商品",
        "電動アシスト自転車用 大容量バッテリーを入荷しました",
        "主要メーカー対応の交換用バッテリーを取り揃えました。",
        "ご要望の多かった電動アシスト自転車用の交換バッテリーを入荷しました。\n\n対応車種は各商品ページの適合表をご確認ください。",
    ),
    (
        "お知らせ",
        "配送料金改定のお知らせ",
        "一部地域の配送料金を改定いたします。",
        "配送業者の運賃改定に伴い、沖縄県・離島への配送料金を改定いたします。\n\nその他の地域の送料に変更はございません。",
    ),
    (
        "新商品",
        "ツーリングに便利なサイドバッグ新色登場",
        "人気のサイドバッグにカーキとネイビーが加わりました。",
        "容量28Lの防水サイドバッグに新色2色が登場しました。\n\n取り付けベルトは全色共通です。",
    ),
    (
        "メンテナンス",
        "タイヤ空気圧チェックのすすめ",
        "気温が下がる季節は空気圧も下がりがちです。",
        "気温が10℃下がると、タイヤの空気圧はおよそ10kPa低下すると言われています。\n\n月に一度は空気圧を点検し、指定空気圧を保ちましょう。",
    ),
    (
        "キャンペーン",
        "会員様限定 ポイント2倍デー",
        "毎月5のつく日はポイント2倍。",
        "会員様限定で、毎月5日・15日・25日のご注文はポイントが2倍になります。\n\nログインのうえご注文ください。",
    ),
    (
        "お知らせ",
        "システムメンテナンス実施のお知らせ",
        "サーバー移設のため一時的にサービスを停止します。",
        "サービス品質向上のため、システムメンテナンスを実施いたします。\n\nメンテナンス中はサイトをご利用いただけません。ご不便をおかけしますがご了承ください。",
    ),
    (
        "新商品",
        "LEDヘッドライトバルブ H4 車検対応モデル",
        "明るさ約2倍、車検対応のLEDバルブです。",
        "純正ハロゲンと比べて約2倍の明るさを実現したLEDバルブです。\n\nカットラインがはっきり出るため、車検にも対応しています。",
    ),
    (
        "メンテナンス",
        "チェーンの張り調整のポイント",
        "たるみ量の目安と調整手順をご紹介します。",
        "ドライブチェーンのたるみは、一般的に20〜30mmが目安です。\n\n車種ごとの指定値は取扱説明書をご確認ください。",
    ),
    (
        "お知らせ",
        "お問い合わせ窓口の受付時間変更について",
        "受付時間を10:00〜17:00に変更します。",
        "より丁寧な対応のため、お問い合わせ窓口の受付時間を平日10:00〜17:00に変更いたします。",
    ),
    (
        "新商品",
        "ロードバイク用 カーボンボトルケージ入荷",
        "わずか18gの軽量ボトルケージです。",
        "重量わずか18gのフルカーボン製ボトルケージを入荷しました。\n\n一般的なボトルに対応しています。",
    ),
    (
        "キャンペーン",
        "レビュー投稿でポイントプレゼント",
        "商品レビューの投稿で50ポイント進呈。",
        "ご購入商品のレビューを投稿いただくと、1件につき50ポイントをプレゼントいたします。",
    ),
    (
        "お知らせ",
        "ゴールデンウィーク期間の発送について",
        "期間中の発送スケジュールをご案内します。",
        "ゴールデンウィーク期間中は発送業務をお休みいたします。\n\n休業明けより順次発送いたします。",
    ),
    (
        "新商品",
        "スマートフォンホルダー 振動吸収タイプ",
        "カメラへの振動を軽減するダンパー付きです。",
        "エンジン振動からスマートフォンのカメラを守る、ダンパー内蔵のホルダーです。",
    ),
    (
        "メンテナンス",
        "バッテリー上がりを防ぐ保管方法",
        "冬季の長期保管前に確認したいこと。",
        "長期間乗らない場合は、マイナス端子を外すか、維持充電器の使用をおすすめします。",
    ),
    (
        "お知らせ",
        "一部商品の価格改定について",
        "原材料価格の高騰により一部商品の価格を改定します。",
        "原材料および物流費の高騰により、一部商品の販売価格を改定させていただきます。\n\n改定前にご注文いただいた商品は旧価格でお届けします。",
    ),
    (
        "新商品",
        "子ども用ヘルメット SGマーク付き 新サイズ",
        "46〜52cmの幼児向けサイズを追加しました。",
        "SGマーク付きの子ども用ヘルメットに、幼児向けの46〜52cmサイズを追加しました。",
    ),
    (
        "キャンペーン",
        "新規会員登録で500円クーポン",
        "はじめてのお買い物に使えるクーポンを進呈。",
        "新規会員登録いただいた方に、5,000円以上のお買い物で使える500円クーポンをプレゼントします。",
    ),
    (
        "お知らせ",
        "ライドパーツ本舗 オンラインショップをリニューアルしました",
        "スマートフォンでより使いやすくなりました。",
        "いつもご利用ありがとうございます。オンラインショップをリニューアルしました。\n\nスマートフォンでの商品検索や注文手続きがより快適になりました。",
    ),
    (
        "メンテナンス",
        "ブレーキフルードの交換時期",
        "2年ごとの交換をおすすめします。",
        "ブレーキフルードは吸湿により性能が低下します。2年に一度の交換をおすすめします。",
    ),
    (
        "新商品",
        "グローブ 秋冬モデル入荷のお知らせ",
        "防風・防水の秋冬グローブが入荷しました。",
        "タッチパネル対応の防風・防水グローブが入荷しました。S〜3Lまでご用意しています。",
    ),
    (
        "お知らせ",
        "クレジットカード情報の取り扱いについて",
        "カード番号は当店に保存されません。",
        "クレジットカードでのお支払いでは、カード番号は決済代行会社のカード受付窓口へ直接送信され、当店の注文システムには送られず、保存もされません。当店が保存するのは、カードの種類・番号の下4桁・有効期限・名義のみです。",
    ),
    ("キャンペーン", "オープン記念 全品送料無料", "期間限定で全品送料無料。", "オンラインショップのオープンを記念して、期間中は全品送料無料でお届けします。"),
];

fn demo_news() -> Vec<News> {
    let mut news: Vec<News> = DEMO_NEWS
        .iter()
        .enumerate()
        .map(|(index, (category, title, summary, body))| News {
            key: format!("n{:04}", DEMO_NEWS.len() - index),
            title: (*title).into(),
            summary: (*summary).into(),
            body: (*body).into(),
            category,
            published_offset_ms: -(index as i64 * 5 * DAY_MS + 3 * HOUR_MS),
        })
        .collect();
    // A scheduled announcement: stored now, shown only once its time comes.
    news.push(News {
        key: "n9001".into(),
        title: "【予告】新春初売りセールのお知らせ".into(),
        summary: "1月5日から新春初売りセールを開催します。".into(),
        body: "新春初売りセールを1月5日(火)10:00より開催いたします。".into(),
        category: "キャンペーン",
        published_offset_ms: 30 * DAY_MS,
    });
    news
}

fn corporate_news() -> Vec<News> {
    let items: &[(&str, &str, &str, &str)] = &[
        (
            "お知らせ",
            "年末年始の出荷スケジュールについて",
            "年内最終出荷は12月28日です。",
            "12月24日(木)正午までのご注文を年内最終出荷(12月28日(月))とさせていただきます。",
        ),
        (
            "取引条件",
            "請求書払い(掛け払い)の締め日変更について",
            "2027年1月より月末締めに統一します。",
            "2027年1月ご請求分より、締め日を月末に統一いたします。お支払い期日は翌月末です。",
        ),
        (
            "新商品",
            "2027年モデル 純正互換パーツの受注開始",
            "新年度モデルの互換パーツを受注開始しました。",
            "主要メーカー2027年モデル対応の互換パーツの受注を開始しました。",
        ),
        (
            "お知らせ",
            "店舗直送サービスの対象地域拡大",
            "九州・沖縄地域への店舗直送に対応しました。",
            "ご要望の多かった九州・沖縄地域への店舗直送に対応いたしました。",
        ),
        (
            "取引条件",
            "業販価格改定のご案内",
            "一部商品の業販価格を改定します。",
            "仕入れ価格の上昇に伴い、一部商品の業販価格を改定いたします。詳細は担当営業よりご案内します。",
        ),
        (
            "お知らせ",
            "業販サイト開設のお知らせ",
            "販売店様向けの業販サイトを開設しました。",
            "販売店様向けの業販サイトを開設いたしました。ご登録・審査のうえご利用ください。",
        ),
    ];
    items
        .iter()
        .enumerate()
        .map(|(index, (category, title, summary, body))| News {
            key: format!("b{:04}", items.len() - index),
            title: (*title).into(),
            summary: (*summary).into(),
            body: (*body).into(),
            category,
            published_offset_ms: -(index as i64 * 7 * DAY_MS + 2 * HOUR_MS),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_demo_shop_fills_every_notice_slot() {
        let demo = demo_shop();
        for slot in crate::messages::SLOTS {
            assert!(demo.messages.iter().any(|m| m.code == *slot), "missing notice `{slot}`");
        }
    }

    #[test]
    fn news_keys_are_unique_per_shop() {
        for shop in shops() {
            let mut keys: Vec<_> = shop.news.iter().map(|n| n.key.clone()).collect();
            keys.sort();
            keys.dedup();
            assert_eq!(keys.len(), shop.news.len(), "{}", shop.code);
        }
    }
}
