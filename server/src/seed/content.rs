//! The demo shops' content: blogs, FAQ, static pages, landing pages, free areas, banners,
//! popups and the business calendar's closed days. Everything is a fixed table below; only
//! instants are placed relative to the moment of seeding (like the news), so the same seed
//! always gives the same shop and tests can count on it.
use crate::infra::ids::ChannelId;
use serde_json::{Value, json};
use time::macros::date;
use time::{Date, Duration};

use crate::content::banner_svg::{self, BannerArt};
use crate::content::banners::image_path;
use crate::content::redirect::SameSitePath;
use crate::content::store::{self, FreeAreaRow, NewBanner, NewBlog, NewLandingPage, NewQa, NewStaticPage, PopupRow};
use crate::delivery::calendar::iso;
use crate::infra::db::Tx;
use crate::infra::ids::new_id;
use crate::infra::search_text;

const HOUR_MS: i64 = 60 * 60 * 1000;
const DAY_MS: i64 = 24 * HOUR_MS;

pub struct Content {
    pub blogs: &'static [Blog],
    /// (key, name)
    pub qa_categories: &'static [(&'static str, &'static str)],
    /// (category key, question, answer)
    pub qas: &'static [(&'static str, &'static str, &'static str)],
    pub static_pages: Vec<StaticPage>,
    pub landing_pages: Vec<LandingPage>,
    pub free_areas: &'static [FreeArea],
    pub banners: &'static [Banner],
    pub popups: &'static [Popup],
    /// 0 = Sunday.
    pub weekly_closed: &'static [i64],
    /// (first, last, reason), inclusive.
    pub closed_ranges: &'static [(Date, Date, &'static str)],
}

pub struct Blog {
    pub key: &'static str,
    /// (key, name)
    pub category: (&'static str, &'static str),
    pub title: &'static str,
    pub author: &'static str,
    /// Days before seeding; negative means scheduled for later (not yet shown).
    pub days_ago: i64,
    /// Index into the shop's banners whose picture is the eye-catch.
    pub eyecatch_banner: Option<usize>,
    pub body: &'static str,
}

pub struct StaticPage {
    pub url: &'static str,
    pub title: &'static str,
    /// (heading, body)
    pub sections: Vec<(&'static str, String)>,
}

pub struct LandingPage {
    pub slug: &'static str,
    pub title: &'static str,
    pub layout: Value,
    pub is_show_header: bool,
    pub is_show_footer: bool,
    pub redirect_to: Option<&'static str>,
}

pub struct FreeArea {
    pub code: &'static str,
    pub title: &'static str,
    pub body: &'static str,
    pub visible_for: &'static str,
    pub device: &'static str,
}

pub struct Banner {
    pub area: &'static str,
    pub title: &'static str,
    pub caption: &'static str,
    pub link: &'static str,
    pub is_show: bool,
    /// Days from seeding; None is open-ended.
    pub starts_in_days: Option<i64>,
    pub ends_in_days: Option<i64>,
    /// (background, text) colours.
    pub colours: (&'static str, &'static str),
}

pub struct Popup {
    pub title: &'static str,
    pub body: &'static str,
    /// Index into the shop's banners whose picture the popup shows.
    pub image_banner: Option<usize>,
    pub link: &'static str,
    pub starts_in_days: Option<i64>,
    pub ends_in_days: Option<i64>,
    pub display: &'static str,
    /// The ecommerce event whose answer shows it; none: shown over pages.
    pub event: Option<&'static str>,
}

pub fn for_shop(code: &str) -> Option<Content> {
    match code {
        super::DEMO => Some(demo()),
        super::CORPORATE => Some(corporate()),
        _ => super::tenants::find(code).map(super::tenants::content),
    }
}

// =============================================================================================
// ライドパーツ本舗 (demo)

const MAINTENANCE: (&str, &str) = ("maintenance", "メンテナンス");
const TOURING: (&str, &str) = ("touring", "ツーリングレポート");
const REVIEW: (&str, &str) = ("review", "新製品レビュー");

static DEMO_BLOGS: &[Blog] = &[
    Blog {
        key: "b-chain-care",
        category: MAINTENANCE,
        title: "冬こそ差がつく、ドライブチェーンの清掃と注油",
        author: "整備士 田中",
        days_ago: 2,
        eyecatch_banner: Some(0),
        body: "気温が下がるとチェーンオイルが硬くなり、汚れも落ちにくくなります。冬場こそ、こまめな清掃と注油でチェーンの寿命を延ばしましょう。\n\nまずはチェーンクリーナーを吹き付け、ブラシで古いオイルと砂を落とします。Oリングチェーンの場合は、シール対応のクリーナーを選んでください。\n\n汚れを拭き取ったら、ローラーとプレートの隙間にチェーンルブを少量ずつ差していきます。注油後は10分ほど置いてから、余分なオイルをウエスで拭き取るのがポイントです。\n\n目安は500km走行ごと、または雨天走行のあと。たるみ量もあわせて点検しておくと安心です。",
    },
    Blog {
        key: "b-winter-battery",
        category: MAINTENANCE,
        title: "乗らない冬のバッテリー保管術",
        author: "整備士 田中",
        days_ago: 6,
        eyecatch_banner: None,
        body: "冬の間バイクに乗らないと、春に「エンジンがかからない」というトラブルが増えます。原因の多くはバッテリーの自然放電です。\n\n1か月以上乗らない場合は、マイナス端子を外しておくだけでも放電を大きく抑えられます。さらに安心なのが、つなぎっぱなしにできる維持充電器です。\n\nリチウムイオンバッテリーは鉛バッテリーと充電特性が異なるため、必ず対応した充電器を使ってください。",
    },
    Blog {
        key: "b-izu-touring",
        category: TOURING,
        title: "伊豆半島一周ツーリング 海沿いの絶景ルート",
        author: "スタッフ 佐藤",
        days_ago: 9,
        eyecatch_banner: Some(2),
        body: "11月の晴れた週末、スタッフ3名で伊豆半島を一周してきました。総走行距離は約260km、海沿いのワインディングが続く人気のルートです。\n\n朝7時に沼津を出発し、西伊豆スカイラインへ。稜線を走る道からは駿河湾越しの富士山がくっきり見えました。\n\n昼食は下田で金目鯛の煮付け。帰りは東伊豆の国道135号を北上し、夕暮れの相模湾を眺めながら帰路につきました。\n\n朝晩は冷え込むので、インナーダウンと冬用グローブは必須です。",
    },
    Blog {
        key: "b-led-h4-review",
        category: REVIEW,
        title: "車検対応LEDヘッドライトバルブ H4を試してみた",
        author: "スタッフ 鈴木",
        days_ago: 13,
        eyecatch_banner: Some(1),
        body: "人気のLEDヘッドライトバルブ H4 Hi/Lo 6000Kを、スタッフの愛車に取り付けてみました。\n\n取り付けはカプラーオンで約20分。ファンレス構造なのでヘッドライトケース内にもすっきり収まりました。\n\n夜間に走ってみると、ハロゲンに比べて路面の照らし方が明らかに明るく、カットラインもくっきり。対向車への眩しさも抑えられています。\n\n車検対応をうたう製品ですが、光軸調整は取り付け後に必ず確認してください。",
    },
    Blog {
        key: "b-brake-pad",
        category: MAINTENANCE,
        title: "ブレーキパッドの残量チェックと交換時期",
        author: "整備士 田中",
        days_ago: 17,
        eyecatch_banner: None,
        body: "ブレーキパッドは消耗品です。残量が2mmを切ったら交換を検討しましょう。\n\nキャリパーを外さなくても、多くの車種では後ろ側から残量の溝を目視で確認できます。\n\n交換後は、当たりがつくまでの100kmほどは急ブレーキを避け、徐々に慣らしていくのが安全です。",
    },
    Blog {
        key: "b-shinshu-touring",
        category: TOURING,
        title: "ビーナスライン紅葉ツーリング",
        author: "スタッフ 佐藤",
        days_ago: 24,
        eyecatch_banner: None,
        body: "長野県のビーナスラインは、標高1,400m〜2,000mを走る高原の道です。10月下旬、紅葉の見頃に合わせて走ってきました。\n\n白樺湖から霧ヶ峰にかけては視界が一気に開け、カラマツの黄葉が斜面を埋め尽くしていました。\n\n山の上は平地より10℃近く気温が低くなります。防風ジャケットを一枚持っていくと安心です。",
    },
    Blog {
        key: "b-intercom-review",
        category: REVIEW,
        title: "最新インカムで仲間との会話がクリアに",
        author: "スタッフ 鈴木",
        days_ago: 30,
        eyecatch_banner: None,
        body: "4人同時通話に対応した新型インカムを、マスツーリングで使ってみました。\n\n高速道路の走行風の中でも声が途切れにくく、ノイズキャンセリングの効果を実感できました。\n\nバッテリーは約13時間もち、1日のツーリングなら充電の心配はありません。USB Type-C充電に対応した点もうれしいポイントです。",
    },
    Blog {
        key: "b-tire-pressure",
        category: MAINTENANCE,
        title: "自転車タイヤの空気圧、適正値を知っていますか",
        author: "自転車担当 高橋",
        days_ago: 37,
        eyecatch_banner: None,
        body: "タイヤの空気圧は走りの軽さとパンクのしにくさに直結します。適正値はタイヤの側面に記載されています。\n\nロードバイクは1週間で1割ほど空気が抜けるので、乗る前の点検を習慣にしましょう。\n\n仏式バルブは先端のナットを緩めてから空気を入れます。ゲージ付きのフロアポンプがあると便利です。",
    },
    Blog {
        key: "b-shimanami",
        category: TOURING,
        title: "しまなみ海道サイクリング 初心者向けガイド",
        author: "自転車担当 高橋",
        days_ago: 44,
        eyecatch_banner: None,
        body: "広島県尾道市から愛媛県今治市まで、6つの橋で島々をつなぐしまなみ海道。全長約70kmのサイクリングロードです。\n\n路面には青いラインが引かれていて、初めてでも道に迷うことはほとんどありません。\n\n途中にはレンタサイクルの返却ターミナルもあるので、体力に合わせて区間を選べます。",
    },
    Blog {
        key: "b-glove-review",
        category: REVIEW,
        title: "秋冬グローブ GK-839 を1か月使ってみて",
        author: "スタッフ 鈴木",
        days_ago: 52,
        eyecatch_banner: None,
        body: "防風・防水の秋冬グローブ GK-839 を通勤で1か月使いました。\n\n朝の気温5℃でも指先の冷えはほとんど感じず、雨の日も中まで濡れることはありませんでした。\n\nタッチパネル対応なので、グローブをしたままスマートフォンのナビを操作できるのも便利です。",
    },
    Blog {
        key: "b-plug-check",
        category: MAINTENANCE,
        title: "スパークプラグの焼け色でわかるエンジンの調子",
        author: "整備士 田中",
        days_ago: 60,
        eyecatch_banner: None,
        body: "スパークプラグの電極の色は、エンジンの燃焼状態を映す鏡です。\n\nきつね色なら良好、黒くすすけていれば燃料が濃いか点火が弱い、白っぽければ燃料が薄い可能性があります。\n\n一般的なプラグの交換目安は3,000〜5,000km。イリジウムプラグならさらに長く使えます。",
    },
    Blog {
        key: "b-bottle-cage-review",
        category: REVIEW,
        title: "18gのカーボンボトルケージは本当に使えるのか",
        author: "自転車担当 高橋",
        days_ago: 75,
        eyecatch_banner: None,
        body: "わずか18gのフルカーボン製ボトルケージを、荒れた林道で試しました。\n\n細身の見た目に反してホールド力は十分で、段差でもボトルが飛び出すことはありませんでした。\n\n軽さを求めるヒルクライマーには、特におすすめできる一品です。",
    },
    Blog {
        key: "b-new-year-plan",
        category: TOURING,
        title: "初日の出ツーリングの計画を立てよう",
        author: "スタッフ 佐藤",
        days_ago: -10,
        eyecatch_banner: None,
        body: "元日の朝、初日の出を見に走るのは格別です。路面凍結には十分注意して計画しましょう。",
    },
];

static DEMO_QA_CATEGORIES: &[(&str, &str)] = &[("order", "注文・支払い"), ("shipping", "配送"), ("return", "返品・交換"), ("member", "会員")];

static DEMO_QAS: &[(&str, &str, &str)] = &[
    (
        "order",
        "注文後に内容を変更できますか？",
        "発送準備に入る前であれば変更できます。マイページの注文履歴からご確認のうえ、お問い合わせフォームよりご連絡ください。",
    ),
    (
        "order",
        "利用できる支払方法を教えてください。",
        "クレジットカード（VISA・Mastercard・JCB・American Express・Diners）、コンビニ払い、銀行振込、代金引換、PayPayをご利用いただけます。",
    ),
    (
        "order",
        "注文確認メールが届きません。",
        "迷惑メールフォルダに振り分けられていないかご確認ください。ドメイン指定受信をされている場合は「ridecraft.example」からのメールを受信できるよう設定してください。",
    ),
    ("order", "領収書は発行できますか？", "マイページの注文履歴から領収書をダウンロードいただけます。宛名と但し書きはダウンロード前に入力できます。"),
    ("order", "コンビニ払いの支払期限はいつですか？", "ご注文日を含めて7日以内です。期限を過ぎた場合、ご注文は自動的にキャンセルとなります。"),
    (
        "shipping",
        "送料はいくらですか？",
        "全国一律880円（税込）です。沖縄県・離島は1,980円（税込）となります。\n\n税込5,500円以上のご注文で送料無料になります。",
    ),
    (
        "shipping",
        "注文からどのくらいで届きますか？",
        "営業日の正午（12:00）より前のご注文は当日に、正午以降と休業日のご注文は翌営業日にご注文を確認いたします。在庫のある商品は、ご注文確認後2営業日以内に発送いたします。お届けは発送の翌日（北海道・沖縄県は2日後、離島は3〜4日後）が最短です。",
    ),
    (
        "shipping",
        "配達日時を指定できますか？",
        "ご注文手続きの画面で、最短のお届け日から14日間のうちのお届け日と、時間帯（午前中・14-16時・16-18時・18-20時・19-21時）をご指定いただけます。最短のお届け日は、ご注文確認日から2営業日後の発送日に配送日数（1日、北海道・沖縄県は2日、離島は3〜4日）を加えた日です。小笠原村・青ヶ島村・大東諸島・三島村・十島村など船便の少ない島へは、お届け日時をご指定いただけません。",
    ),
    (
        "shipping",
        "営業日と休業日を教えてください。",
        "土曜日は営業、日曜日・祝日と年末年始（12月29日〜1月4日）、夏季休業（8月13日〜16日）は休業です。休業日のご注文と、営業日の正午（12:00）以降のご注文は翌営業日に確認いたします。",
    ),
    ("shipping", "複数の住所へ配送できますか？", "はい、ご注文手続きの画面で商品ごとにお届け先を分けることができます。お届け先ごとに送料がかかります。"),
    ("return", "返品はできますか？", "商品到着後8日以内の未使用品に限り、返品を承ります。お客様都合による返品の送料はお客様のご負担となります。"),
    (
        "return",
        "届いた商品が不良品でした。",
        "大変申し訳ございません。商品到着後8日以内にお問い合わせフォームよりご連絡ください。送料は当店負担で交換いたします。",
    ),
    (
        "return",
        "サイズが合わなかった場合、交換できますか？",
        "未使用・タグ付きの状態であれば、1回に限りサイズ交換を承ります。在庫がない場合は返金にて対応いたします。",
    ),
    ("return", "返品できない商品はありますか？", "開封済みのケミカル用品、補給食・ドリンク、取り付けや加工をした商品は返品をお受けできません。"),
    (
        "return",
        "返金はいつ頃になりますか？",
        "返品商品の到着・確認後、7営業日以内にご返金いたします。クレジットカードの場合はカード会社を通じての返金となります。",
    ),
    (
        "member",
        "会員登録のメリットは何ですか？",
        "ご購入金額の1%のポイントが貯まり、次回以降のお買い物に1ポイント1円としてご利用いただけます。お届け先の登録やお気に入りリストも使えます。",
    ),
    ("member", "パスワードを忘れました。", "ログイン画面の「パスワードをお忘れの方」から、ご登録のメールアドレス宛に再設定用のご案内をお送りします。"),
    (
        "member",
        "登録したメールアドレスを変更したい。",
        "マイページの会員情報から変更できます。変更後のアドレスに確認メールが届きますので、記載のリンクから手続きを完了してください。",
    ),
    ("member", "退会するにはどうすればよいですか？", "マイページの「退会手続き」から退会できます。保有ポイントは退会と同時に失効いたします。"),
    (
        "member",
        "ポイントの有効期限はありますか？",
        "最後にポイントが増減した日から1年間です。期間内にお買い物をされると、全てのポイントの有効期限が延長されます。",
    ),
];

static DEMO_FREE_AREAS: &[FreeArea] = &[
    FreeArea {
        code: "top_notice",
        title: "年末年始休業のお知らせ",
        body: "12月29日(火)〜1月4日(月)は休業いたします。\n\n期間中のご注文は1月5日(火)より順次発送いたします。",
        visible_for: "all",
        device: "all",
    },
    FreeArea {
        code: "guest_signup",
        title: "会員登録のご案内",
        body: "会員登録でお買い物金額の1%をポイント還元。\n\n今なら新規登録で500円クーポンをプレゼント中です。",
        visible_for: "guest",
        device: "all",
    },
    FreeArea {
        code: "member_point",
        title: "ポイント2倍デー",
        body: "会員様限定で、毎月5日・15日・25日のご注文はポイントが2倍になります。",
        visible_for: "member",
        device: "all",
    },
    FreeArea { code: "sp_shipping", title: "送料無料ライン", body: "税込5,500円以上で送料無料。", visible_for: "all", device: "sp" },
    FreeArea {
        code: "pc_support",
        title: "お問い合わせ窓口",
        body: "お電話でのお問い合わせは平日10:00〜17:00に承ります。\n\nメールでのお問い合わせは24時間受け付けております。",
        visible_for: "all",
        device: "pc",
    },
];

static DEMO_BANNERS: &[Banner] = &[
    Banner {
        area: "top_main",
        title: "冬のメンテナンス特集",
        caption: "チェーンルブ・ブレーキパッドが最大20%オフ",
        link: "/lp/winter-maintenance",
        is_show: true,
        starts_in_days: Some(-10),
        ends_in_days: Some(40),
        colours: ("#b3261e", "#ffffff"),
    },
    Banner {
        area: "top_main",
        title: "LEDヘッドライトバルブ 車検対応モデル",
        caption: "明るさ約2倍 カプラーオンで取り付け",
        link: "/product?category=bike-led-bulb",
        is_show: true,
        starts_in_days: None,
        ends_in_days: None,
        colours: ("#263238", "#f9a825"),
    },
    Banner {
        area: "top_main",
        title: "ツーリング用品 新作入荷",
        caption: "サイドバッグ・スマホホルダー・インカム",
        link: "/product?category=bike-touring",
        is_show: true,
        starts_in_days: None,
        ends_in_days: None,
        colours: ("#1b5e20", "#ffffff"),
    },
    Banner {
        area: "sidebar",
        title: "新規会員登録で500円クーポン",
        caption: "5,000円以上のお買い物で使えます",
        link: "/guide",
        is_show: true,
        starts_in_days: None,
        ends_in_days: None,
        colours: ("#f9a825", "#1c1b1f"),
    },
    Banner {
        area: "sidebar",
        title: "よくあるご質問",
        caption: "送料・返品・お支払いについて",
        link: "/faq",
        is_show: true,
        starts_in_days: None,
        ends_in_days: None,
        colours: ("#5f6368", "#ffffff"),
    },
    Banner {
        area: "top_main",
        title: "初売りセール",
        caption: "1月5日スタート",
        link: "/news",
        is_show: true,
        starts_in_days: Some(30),
        ends_in_days: Some(45),
        colours: ("#b3261e", "#f9a825"),
    },
    Banner {
        area: "footer",
        title: "ライドパーツ本舗",
        caption: "バイク・自転車パーツの通販",
        link: "/",
        is_show: true,
        starts_in_days: None,
        ends_in_days: None,
        colours: ("#263238", "#f9a825"),
    },
    Banner {
        area: "footer",
        title: "ライドパーツ本舗",
        caption: "リンクフリー",
        link: "/",
        is_show: true,
        starts_in_days: None,
        ends_in_days: None,
        colours: ("#f9a825", "#1c1b1f"),
    },
    Banner {
        area: "sidebar",
        title: "夏のツーリング特集",
        caption: "終了しました",
        link: "/news",
        is_show: false,
        starts_in_days: None,
        ends_in_days: None,
        colours: ("#0d47a1", "#ffffff"),
    },
];

static DEMO_POPUPS: &[Popup] = &[
    Popup {
        title: "冬のメンテナンス特集 開催中",
        body: "チェーンルブ・ブレーキパッド・バッテリー充電器が最大20%オフ。\n\n12月25日23:59まで。",
        image_banner: Some(0),
        link: "/lp/winter-maintenance",
        starts_in_days: Some(-10),
        ends_in_days: Some(40),
        display: "once",
        event: None,
    },
    Popup {
        title: "秋のツーリング応援キャンペーン",
        body: "このキャンペーンは終了しました。",
        image_banner: None,
        link: "/news",
        starts_in_days: Some(-60),
        ends_in_days: Some(-20),
        display: "always",
        event: None,
    },
    Popup {
        title: "ご注文ありがとうございます",
        body: "ただいま冬のメンテナンス特集を開催中です。チェーンルブ・ブレーキパッド・バッテリー充電器が最大20%オフ（12月25日23:59まで）。",
        image_banner: None,
        link: "/lp/winter-maintenance",
        starts_in_days: Some(-10),
        ends_in_days: Some(40),
        display: "once",
        event: Some("purchase"),
    },
];

static YEAR_END_CLOSURES: &[(Date, Date, &str)] = &[
    (date!(2025 - 12 - 29), date!(2026 - 01 - 04), "年末年始休業"),
    (date!(2026 - 08 - 13), date!(2026 - 08 - 16), "夏季休業"),
    (date!(2026 - 12 - 29), date!(2027 - 01 - 04), "年末年始休業"),
    (date!(2027 - 08 - 13), date!(2027 - 08 - 16), "夏季休業"),
    (date!(2027 - 12 - 29), date!(2028 - 01 - 04), "年末年始休業"),
];

fn demo() -> Content {
    Content {
        blogs: DEMO_BLOGS,
        qa_categories: DEMO_QA_CATEGORIES,
        qas: DEMO_QAS,
        static_pages: shop_pages(&Company {
            seller: "RideCraft株式会社",
            shop_name: "ライドパーツ本舗",
            manager: "山本 健一",
            address: "〒460-0008 愛知県名古屋市中区栄三丁目1番1号 ライドビル5階",
            phone: "052-000-1234（平日10:00〜17:00）",
            email: "support@ridecraft.example",
            shipping: "全国一律880円（税込）。沖縄県・離島は1,980円（税込）。\n\n税込5,500円以上のご注文で送料無料となります。",
            closed: "日曜日・祝日、年末年始（12月29日〜1月4日）、夏季休業（8月13日〜16日）",
        }),
        landing_pages: vec![
            LandingPage {
                slug: "winter-maintenance",
                title: "冬のメンテナンス特集",
                layout: json!([
                    { "kind": "hero", "props": {
                        "heading": "冬のメンテナンス特集",
                        "body": "寒い季節こそ、愛車の点検を。チェーンルブ、ブレーキパッド、バッテリー充電器が最大20%オフ。",
                        "image_banner": 0,
                        "coupon": ["RIDE10"]
                    }},
                    { "kind": "text", "props": { "heading": "この冬に見直したい3つのポイント",
                        "body": "1. チェーンの清掃と注油\n\n2. ブレーキパッドの残量\n\n3. バッテリーの充電状態" }},
                    { "kind": "products", "props": { "category": "maint-chain-lube", "count": 8 }},
                    { "kind": "products", "props": { "category": "bike-brake-pad", "count": 8 }},
                    { "kind": "links", "props": { "links": [
                        { "label": "チェーン清掃の手順を読む", "path": "/blog/b-chain-care" },
                        { "label": "バッテリー保管術を読む", "path": "/blog/b-winter-battery" }
                    ]}}
                ]),
                is_show_header: true,
                is_show_footer: true,
                redirect_to: None,
            },
            LandingPage {
                slug: "autumn-touring-2025",
                title: "秋のツーリング応援キャンペーン（終了）",
                layout: json!([
                    { "kind": "text", "props": { "heading": "キャンペーンは終了しました",
                        "body": "たくさんのご応募ありがとうございました。最新のキャンペーンはお知らせをご覧ください。", "coupon": [] }}
                ]),
                is_show_header: false,
                is_show_footer: false,
                redirect_to: Some("/news"),
            },
        ],
        free_areas: DEMO_FREE_AREAS,
        banners: DEMO_BANNERS,
        popups: DEMO_POPUPS,
        weekly_closed: &[0],
        closed_ranges: YEAR_END_CLOSURES,
    }
}

// =============================================================================================
// 瀧本商事 オンラインストア (corporate): a smaller set.

static CORPORATE_BLOGS: &[Blog] = &[
    Blog {
        key: "c-bulk-order",
        category: ("guide", "ご利用ガイド"),
        title: "法人様のまとめ買いをもっと便利に",
        author: "営業部",
        days_ago: 3,
        eyecatch_banner: Some(0),
        body: "複数の事業所へのお届けや、請求書払いに対応しています。\n\nご注文の際は、お届け先ごとに商品を分けてご指定ください。",
    },
    Blog {
        key: "c-stock-tips",
        category: ("guide", "ご利用ガイド"),
        title: "消耗品の在庫管理のコツ",
        author: "営業部",
        days_ago: 20,
        eyecatch_banner: None,
        body: "消耗品は使用量の記録から発注点を決めておくと、欠品と過剰在庫を防げます。\n\n定期的にご注文いただく商品は、お気に入りリストにまとめておくと便利です。",
    },
    Blog {
        key: "c-year-end",
        category: ("info", "お知らせ"),
        title: "年末年始の配送について",
        author: "物流部",
        days_ago: 40,
        eyecatch_banner: None,
        body: "年末は配送が混み合います。お急ぎの商品はお早めにご注文ください。",
    },
];

static CORPORATE_QA_CATEGORIES: &[(&str, &str)] = &[("order", "注文・支払い"), ("shipping", "配送")];

static CORPORATE_QAS: &[(&str, &str, &str)] = &[
    ("order", "請求書払いはできますか？", "法人会員様は月末締め翌月末払いの請求書払いをご利用いただけます。"),
    ("order", "見積書を発行できますか？", "カート画面の「見積書をダウンロード」から発行いただけます。"),
    ("shipping", "送料はいくらですか？", "税込11,000円以上のご注文で送料無料、それ未満は一律1,100円（税込）です。"),
    ("shipping", "土日の配送はありますか？", "土曜日・日曜日・祝日は出荷業務をお休みしております。"),
];

static CORPORATE_FREE_AREAS: &[FreeArea] = &[FreeArea {
    code: "top_notice",
    title: "法人様向けのご案内",
    body: "請求書払い・複数拠点への一括配送に対応しています。",
    visible_for: "all",
    device: "all",
}];

static CORPORATE_BANNERS: &[Banner] = &[Banner {
    area: "top_main",
    title: "法人様まとめ買いキャンペーン",
    caption: "税込11,000円以上で送料無料",
    link: "/blog/c-bulk-order",
    is_show: true,
    starts_in_days: None,
    ends_in_days: None,
    colours: ("#0d47a1", "#ffffff"),
}];

fn corporate() -> Content {
    Content {
        blogs: CORPORATE_BLOGS,
        qa_categories: CORPORATE_QA_CATEGORIES,
        qas: CORPORATE_QAS,
        static_pages: shop_pages(&Company {
            seller: "瀧本商事株式会社",
            shop_name: "瀧本商事 オンラインストア",
            manager: "瀧本 誠",
            address: "〒530-0001 大阪府大阪市北区梅田一丁目2番3号 瀧本ビル",
            phone: "06-0000-5678（平日9:00〜17:30）",
            email: "order@takimoto.example",
            shipping: "税込11,000円以上のご注文で送料無料。それ未満は一律1,100円（税込）。",
            closed: "土曜日、日曜日・祝日、年末年始（12月29日〜1月4日）",
        })
        .into_iter()
        .filter(|page| page.url != "/guide")
        .collect(),
        landing_pages: vec![LandingPage {
            slug: "bulk-order",
            title: "法人様まとめ買いのご案内",
            layout: json!([
                { "kind": "hero", "props": { "heading": "まとめ買いで、もっとお得に", "body": "税込11,000円以上で送料無料。", "coupon": [] }}
            ]),
            is_show_header: true,
            is_show_footer: true,
            redirect_to: None,
        }],
        free_areas: CORPORATE_FREE_AREAS,
        banners: CORPORATE_BANNERS,
        popups: &[],
        weekly_closed: &[0, 6],
        closed_ranges: &[(date!(2025 - 12 - 29), date!(2026 - 01 - 04), "年末年始休業"), (date!(2026 - 12 - 29), date!(2027 - 01 - 04), "年末年始休業")],
    }
}

// =============================================================================================
// The static pages every shop has, filled with its company's details.

pub struct Company {
    pub seller: &'static str,
    pub shop_name: &'static str,
    pub manager: &'static str,
    pub address: &'static str,
    pub phone: &'static str,
    pub email: &'static str,
    pub shipping: &'static str,
    pub closed: &'static str,
}

pub fn shop_pages(c: &Company) -> Vec<StaticPage> {
    vec![
        StaticPage {
            url: "/law",
            title: "特定商取引法に基づく表記",
            sections: vec![
                ("販売業者", c.seller.to_owned()),
                ("運営統括責任者", c.manager.to_owned()),
                ("所在地", c.address.to_owned()),
                ("電話番号", c.phone.to_owned()),
                ("メールアドレス", c.email.to_owned()),
                ("販売価格", "各商品ページに税込価格で表示しております。".to_owned()),
                ("商品代金以外の必要料金", "送料、代金引換手数料（330円・税込）、銀行振込の振込手数料。".to_owned()),
                ("送料", c.shipping.to_owned()),
                ("支払方法", "クレジットカード、コンビニ払い、銀行振込（前払い）、代金引換、PayPay".to_owned()),
                ("支払時期", "クレジットカード・PayPay：ご注文時。コンビニ払い・銀行振込：ご注文日から7日以内。代金引換：商品お受け取り時。".to_owned()),
                ("引渡時期", "在庫のある商品は、ご注文確認（前払いの場合はご入金確認）後2営業日以内に発送いたします。".to_owned()),
                ("返品・交換", "商品到着後8日以内の未使用品に限り承ります。お客様都合の返品送料はお客様のご負担となります。不良品・誤配送の場合は当社負担で交換いたします。".to_owned()),
                ("休業日", c.closed.to_owned()),
            ],
        },
        StaticPage {
            url: "/privacy",
            title: "プライバシーポリシー",
            sections: vec![
                ("基本方針", format!("{}（以下「当社」）は、{}をご利用のお客様の個人情報を適切に取り扱い、保護することを社会的責務と考えます。", c.seller, c.shop_name)),
                ("取得する情報", "氏名、住所、電話番号、メールアドレス、購入履歴、ご利用端末の情報など、サービスの提供に必要な情報を取得します。".to_owned()),
                ("利用目的", "商品の発送、ご注文に関するご連絡、お問い合わせへの回答、サービスの改善、お客様の同意を得たうえでのお知らせの送付のために利用します。".to_owned()),
                ("第三者提供", "法令に基づく場合を除き、ご本人の同意なく個人情報を第三者に提供することはありません。ただし、商品の配送や決済のために必要な範囲で、業務委託先に提供することがあります。".to_owned()),
                ("安全管理", "個人情報への不正アクセス、紛失、漏えいを防ぐため、通信の暗号化やアクセス制限などの安全管理措置を講じます。".to_owned()),
                ("開示・訂正・削除", format!("ご本人からの個人情報の開示、訂正、利用停止、削除のご請求には、本人確認のうえ遅滞なく対応いたします。窓口：{}", c.email)),
            ],
        },
        StaticPage {
            url: "/terms",
            title: "利用規約",
            sections: vec![
                ("第1条（適用）", format!("本規約は、{}が運営する{}（以下「本サービス」）の利用に関する条件を定めるものです。", c.seller, c.shop_name)),
                ("第2条（会員登録）", "会員登録を希望する方は、本規約に同意のうえ、当社の定める方法により登録を申請するものとします。".to_owned()),
                ("第3条（売買契約）", "売買契約は、当社がご注文の承諾を電子メールで通知した時点で成立するものとします。".to_owned()),
                ("第4条（禁止事項）", "法令または公序良俗に違反する行為、転売を目的とした購入、本サービスの運営を妨げる行為を禁止します。".to_owned()),
                ("第5条（免責）", "当社は、天災その他当社の責によらない事由による商品の遅配について責任を負いません。".to_owned()),
                ("第6条（準拠法・管轄）", "本規約は日本法に準拠し、本サービスに関する紛争は当社所在地を管轄する地方裁判所を第一審の専属的合意管轄裁判所とします。".to_owned()),
            ],
        },
        StaticPage {
            url: "/guide",
            title: "ご利用ガイド",
            sections: vec![
                ("ご注文の流れ", "商品をカートに入れ、お届け先とお支払方法を選んでご注文を確定してください。ご注文後、確認メールをお送りします。".to_owned()),
                ("お支払方法", "クレジットカード、コンビニ払い、銀行振込、代金引換、PayPayをご利用いただけます。".to_owned()),
                ("送料", c.shipping.to_owned()),
                ("営業日", format!("休業日：{}。営業日の正午（12:00）より前のご注文は当日に、正午以降と休業日のご注文は翌営業日にご注文を確認いたします。", c.closed)),
                ("発送とお届け", "在庫のある商品は、ご注文確認後2営業日以内に発送いたします。お届けは発送の翌日（北海道・沖縄県は2日後）が最短で、離島へは3〜4日後となります。小笠原村・青ヶ島村・大東諸島・三島村・十島村など船便の少ない島へは、お届け日時をご指定いただけません。".to_owned()),
            ],
        },
        StaticPage {
            url: "/guide/shipping",
            title: "配送について",
            sections: vec![
                ("配送業者", "ヤマト運輸または佐川急便でお届けします。".to_owned()),
                ("お届け日時の指定", "最短のお届け日（ご注文確認後2営業日以内の発送日の翌日。北海道・沖縄県は2日後、離島は3〜4日後）から14日間の日付と、午前中・14-16時・16-18時・18-20時・19-21時の時間帯を指定できます。営業日の正午（12:00）以降と休業日のご注文は、翌営業日の確認となります。小笠原村・青ヶ島村・大東諸島・三島村・十島村など船便の少ない島へは、お届け日時をご指定いただけません。".to_owned()),
                ("送料", c.shipping.to_owned()),
            ],
        },
    ]
}

// =============================================================================================
// Writing it.

/// Inserts the content of the shop `code` (if it has one) into the channel.
pub async fn insert(tx: &mut Tx, channel_id: &ChannelId, code: &str, now: i64) -> anyhow::Result<()> {
    let Some(content) = for_shop(code) else { return Ok(()) };
    let at = |days: Option<i64>| days.map(|d| now + d * DAY_MS);

    let banner_ids: Vec<String> = content.banners.iter().map(|_| new_id()).collect();
    for (position, (banner, id)) in content.banners.iter().zip(&banner_ids).enumerate() {
        let svg = banner_svg::render(&BannerArt {
            title: banner.title,
            caption: banner.caption,
            background: banner.colours.0,
            foreground: banner.colours.1,
            // Link banners take the common 468×60 size other sites have room for.
            width: match banner.area {
                "sidebar" => 600,
                "footer" => 468,
                _ => 1200,
            },
            height: match banner.area {
                "sidebar" => 500,
                "footer" => 60,
                _ => 400,
            },
        });
        let file_name = format!("{}.svg", banner.title);
        let new = NewBanner {
            area: banner.area,
            title: banner.title,
            alt: &format!("{} {}", banner.title, banner.caption),
            link: banner.link,
            position: position as i64,
            is_show: banner.is_show,
            starts_at: at(banner.starts_in_days),
            ends_at: at(banner.ends_in_days),
            file_name: &file_name,
            svg: &svg,
        };
        store::insert_banner(tx, channel_id, id, &new).await?;
    }
    let banner_image = |index: Option<usize>| index.and_then(|i| banner_ids.get(i)).map(|id| image_path(id));

    for blog in content.blogs {
        let eyecatch = banner_image(blog.eyecatch_banner);
        let new = NewBlog {
            key: blog.key,
            title: blog.title,
            body: blog.body,
            category_key: blog.category.0,
            category_name: blog.category.1,
            author: blog.author,
            eyecatch: eyecatch.as_deref(),
            published_at: now - blog.days_ago * DAY_MS,
            is_published: true,
        };
        store::insert_blog(tx, channel_id, &new_id(), &new).await?;
    }

    let mut category_ids = Vec::new();
    for (position, (key, name)) in content.qa_categories.iter().enumerate() {
        let id = new_id();
        store::insert_qa_category(tx, channel_id, &id, key, name, position as i64).await?;
        category_ids.push((*key, id));
    }
    for (position, (category, question, answer)) in content.qas.iter().enumerate() {
        let (_, category_id) = category_ids.iter().find(|(key, _)| key == category).ok_or_else(|| anyhow::anyhow!("no FAQ category {category}"))?;
        let search = search_text::normalise(&format!("{question} {answer}"));
        let new = NewQa { category_id, question, answer, search_text: &search, position: position as i64 };
        store::insert_qa(tx, channel_id, &new_id(), &new).await?;
    }

    for (position, page) in content.static_pages.iter().enumerate() {
        let sections: Vec<Value> = page.sections.iter().map(|(heading, body)| json!({ "heading": heading, "body": body })).collect();
        let sections = Value::Array(sections).to_string();
        let new = NewStaticPage { url: page.url, title: page.title, sections: &sections, position: position as i64, is_published: true };
        store::insert_static_page(tx, channel_id, &new, now).await?;
    }

    for (position, page) in content.landing_pages.iter().enumerate() {
        let redirect = match page.redirect_to {
            Some(target) => Some(SameSitePath::parse(target).ok_or_else(|| anyhow::anyhow!("{target} is not a same-site path"))?),
            None => None,
        };
        let layout = resolve_banner_images(page.layout.clone(), &banner_image);
        let new = NewLandingPage {
            slug: page.slug,
            title: page.title,
            layout: &layout.to_string(),
            is_show_header: page.is_show_header,
            is_show_footer: page.is_show_footer,
            redirect_to: redirect.as_ref(),
            position: position as i64,
        };
        store::insert_landing_page(tx, channel_id, &new_id(), &new).await?;
    }

    for (position, area) in content.free_areas.iter().enumerate() {
        let row = FreeAreaRow {
            code: area.code.into(),
            title: area.title.into(),
            body: area.body.into(),
            visible_for: area.visible_for.into(),
            device: area.device.into(),
        };
        store::insert_free_area(tx, channel_id, &new_id(), &row, position as i64).await?;
    }

    for (position, popup) in content.popups.iter().enumerate() {
        let row = PopupRow {
            id: new_id(),
            title: popup.title.into(),
            body: popup.body.into(),
            image: banner_image(popup.image_banner),
            link: popup.link.into(),
            starts_at: at(popup.starts_in_days),
            ends_at: at(popup.ends_in_days),
            display: popup.display.into(),
            event_name: popup.event.map(Into::into),
        };
        store::insert_popup(tx, channel_id, &row, position as i64).await?;
    }

    for weekday in content.weekly_closed {
        crate::delivery::store::insert_weekly_closure(tx, channel_id, *weekday).await?;
    }
    for (first, last, reason) in content.closed_ranges {
        let mut day = *first;
        while day <= *last {
            crate::delivery::store::insert_closed_date(tx, channel_id, &iso(day), reason).await?;
            day += Duration::days(1);
        }
    }
    Ok(())
}

/// A layout item's `image_banner: n` becomes `image: <that banner's picture path>`.
fn resolve_banner_images(mut layout: Value, banner_image: &dyn Fn(Option<usize>) -> Option<String>) -> Value {
    if let Some(items) = layout.as_array_mut() {
        for props in items.iter_mut().filter_map(|item| item.get_mut("props")).filter_map(Value::as_object_mut) {
            if let Some(index) = props.remove("image_banner") {
                let path = banner_image(index.as_u64().map(|i| i as usize));
                props.insert("image".into(), path.map_or(Value::Null, Value::String));
            }
        }
    }
    layout
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_demo_shop_has_the_promised_amounts() {
        let demo = demo();
        assert_eq!(demo.blogs.iter().filter(|b| b.days_ago >= 0).count(), 12);
        assert_eq!(demo.qas.len(), 20);
        for (key, _) in demo.qa_categories {
            assert_eq!(demo.qas.iter().filter(|(c, _, _)| c == key).count(), 5, "{key}");
        }
        assert_eq!(demo.banners.iter().filter(|b| b.area == "top_main" && b.is_show && b.starts_in_days.is_none_or(|d| d <= 0)).count(), 3);
        assert_eq!(demo.banners.iter().filter(|b| b.area == "sidebar" && b.is_show).count(), 2);
    }

    #[test]
    fn keys_are_unique_and_references_resolve() {
        for content in [demo(), corporate()] {
            let mut keys: Vec<_> = content.blogs.iter().map(|b| b.key).collect();
            keys.sort();
            keys.dedup();
            assert_eq!(keys.len(), content.blogs.len());
            for blog in content.blogs {
                assert!(blog.eyecatch_banner.is_none_or(|i| i < content.banners.len()));
            }
            for (category, _, _) in content.qas {
                assert!(content.qa_categories.iter().any(|(key, _)| key == category), "{category}");
            }
            for page in &content.landing_pages {
                assert!(page.redirect_to.is_none_or(|t| SameSitePath::parse(t).is_some()));
                assert!(page.layout[0]["props"]["coupon"].is_array(), "{} has coupon props", page.slug);
            }
            for banner in content.banners {
                assert!(crate::content::banners::AREAS.contains(&banner.area));
            }
        }
    }
}
