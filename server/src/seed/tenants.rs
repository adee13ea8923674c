//! The five tenant demo shops (issue 16): one per tenant theme of the spec, each a small,
//! believable shop of its own trade, at `<code>.localhost`. The channel code, the theme and
//! the tenant are the tenant's name in lower case. Everything a tenant shop has that the two
//! main demo shops do not share is here: its shop shell, catalogue, pages, banner and news.
use serde_json::json;

use super::catalog::{Brand, Catalogue, Line, Maker, Options, ReviewTexts};
use super::content::{Banner, Company, Content, shop_pages};
use super::demo::{Block, News, Notice, Shop};

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

pub struct Tenant {
    pub code: &'static str,
    pub name: &'static str,
    /// Order numbers start with this (ORDER.NO_PREFIX).
    pub order_prefix: &'static str,
    pub palette_name: &'static str,
    /// primary, secondary, accent, text, surface, border
    pub colours: [&'static str; 6],
    pub home_title: &'static str,
    pub home_description: &'static str,
    pub hero: (&'static str, &'static str),
    /// (label, path) after ホーム and 商品一覧.
    pub navigation: &'static [(&'static str, &'static str)],
    pub company: Company,
    pub catalogue: &'static Catalogue,
    pub banner: Banner,
    /// (category, title, summary, body, days ago)
    pub news: &'static [(&'static str, &'static str, &'static str, &'static str, i64)],
}

pub fn find(code: &str) -> Option<&'static Tenant> {
    TENANTS.iter().find(|t| t.code == code)
}

pub fn shops() -> Vec<Shop> {
    TENANTS.iter().map(shop).collect()
}

pub fn content(tenant: &'static Tenant) -> Content {
    Content {
        blogs: &[],
        qa_categories: &[],
        qas: &[],
        static_pages: shop_pages(&tenant.company),
        landing_pages: Vec::new(),
        free_areas: &[],
        banners: std::slice::from_ref(&tenant.banner),
        popups: &[],
        weekly_closed: &[0],
        closed_ranges: &[],
    }
}

fn shop(t: &'static Tenant) -> Shop {
    let [primary, secondary, accent, text, surface, border] = t.colours;
    let mut header = vec![json!({ "label": "ホーム", "path": "/" }), json!({ "label": "商品一覧", "path": "/product" })];
    header.extend(t.navigation.iter().map(|(label, path)| json!({ "label": label, "path": path })));
    Shop {
        code: t.code,
        name: t.name,
        theme: t.code,
        tenant: Some(t.code),
        company_code: t.code,
        hosts: vec![host(t.code)],
        settings: vec![
            ("SITE.NAME", json!(t.name)),
            ("SITE.NAMESPACE", json!(t.code)),
            ("SITE.CHANNEL_PREFIX", json!("")),
            ("SITE.IS_CORPORATE", json!(false)),
            ("SITE.BREAKPOINT.SCREEN-SM", json!(767)),
            ("SITE.BREAKPOINT.SCREEN-MD", json!(1024)),
            ("ORDER.SHIPPING.IS_ALLOW_MULTIPLE", json!(false)),
            ("NO_MEMBER_USE", json!(false)),
            ("AUTH.IS_VERIFY_EMAIL_AT_FIRST_LOGIN", json!(false)),
            ("AUTH.IS_MFA", json!(false)),
            ("MEMBER.ADDRESS_LIMIT", json!(20)),
            ("SITE.COMPANY_ADDRESS", json!(t.company.address)),
            ("ORDER.NO_PREFIX", json!(t.order_prefix)),
        ],
        palette_name: t.palette_name,
        palette: json!({
            "primary": primary, "on_primary": "#ffffff", "secondary": secondary, "accent": accent,
            "text": text, "text_muted": "#595959", "background": "#ffffff", "surface": surface,
            "border": border, "danger": "#b00020", "success": "#1b5e20"
        }),
        maintenance_title: "ただいまメンテナンス中です",
        maintenance_message: "システムメンテナンスのため、一時的にサービスを停止しております。\nご不便をおかけいたしますが、再開まで今しばらくお待ちください。",
        header: json!({ "navigation": header }),
        footer: json!({
            "navigation": [
                { "label": "ホーム", "path": "/" },
                { "label": "お知らせ", "path": "/news" },
                { "label": "ご利用ガイド", "path": "/guide" },
                { "label": "お問い合わせ", "path": "/contact" },
                { "label": "特定商取引法に基づく表記", "path": "/law" },
                { "label": "プライバシーポリシー", "path": "/privacy" },
                { "label": "利用規約", "path": "/terms" }
            ],
            "copyright": format!("© 2026 {}", t.company.seller)
        }),
        home_title: t.home_title,
        home_description: t.home_description,
        home_blocks: vec![
            Block {
                kind: "hero",
                title: None,
                props: json!({ "heading": t.hero.0, "body": t.hero.1, "link_label": "商品を見る", "link_path": "/product" }),
                visible_for: "all",
                device: "all",
            },
            Block { kind: "news", title: Some("お知らせ"), props: json!({ "count": 3 }), visible_for: "all", device: "all" },
        ],
        messages: vec![Notice { code: "contact_complete_shop_info", title: None, body: t.company.phone }],
        news: t
            .news
            .iter()
            .enumerate()
            .map(|(index, (category, title, summary, body, days_ago))| News {
                key: format!("n{:04}", index + 1),
                title: (*title).into(),
                summary: (*summary).into(),
                body: (*body).into(),
                category,
                published_offset_ms: -days_ago * DAY_MS,
            })
            .collect(),
    }
}

fn host(code: &'static str) -> &'static str {
    Box::leak(format!("{code}.localhost").into_boxed_str())
}

const SIZES_SML: &[&str] = &["S", "M", "L"];
const WEAR_SIZES: &[&str] = &["S", "M", "L", "LL", "3L"];

pub static TENANTS: [Tenant; 5] = [
    // ---------------------------------------------------------------------------------------
    Tenant {
        code: "asone",
        name: "ラボネクスト",
        order_prefix: "AS",
        palette_name: "ラボブルー",
        colours: ["#0b5f8a", "#24434f", "#00796b", "#1b2630", "#f1f6f8", "#c9d6dc"],
        home_title: "研究・検査の現場に、確かな器具を",
        home_description: "ラボネクストは、理化学機器・ガラス器具・研究室の安全用品を取り揃えた研究用品の通販ショップです。",
        hero: (
            "研究・検査の現場に、確かな器具を。",
            "電子天びんからピペットチップまで、型番で探せて平日15時までのご注文は当日出荷。大学・研究機関の公費払いにも対応しています。",
        ),
        navigation: &[("お知らせ", "/news"), ("ご利用ガイド", "/guide")],
        company: Company {
            seller: "株式会社ラボネクスト",
            shop_name: "ラボネクスト",
            manager: "青木 健一",
            address: "〒532-0011 大阪府大阪市淀川区西中島五丁目1番1号",
            phone: "ラボネクスト カスタマーサポート TEL 06-0000-7100（平日9:00〜17:30）",
            email: "support@labnext.example",
            shipping: "税込5,500円以上のご注文で送料無料。それ未満は一律880円（税込）。",
            closed: "土曜日、日曜日・祝日、年末年始",
        },
        catalogue: &ASONE_CATALOGUE,
        banner: Banner {
            area: "top_main",
            title: "新年度の研究室準備フェア",
            caption: "ガラス器具・消耗品を最大15%オフ",
            link: "/product",
            is_show: true,
            starts_in_days: None,
            ends_in_days: None,
            colours: ("#0b5f8a", "#ffffff"),
        },
        news: &[
            (
                "お知らせ",
                "公費でのご注文について",
                "見積書・納品書・請求書を発行いたします。",
                "大学・研究機関の公費でのご注文に対応しております。カート画面から見積書をダウンロードいただけます。",
                3,
            ),
            (
                "出荷",
                "年末年始の出荷について",
                "12月26日正午までのご注文は年内に出荷します。",
                "12月26日(土)正午までのご注文を年内最終出荷とさせていただきます。",
                10,
            ),
        ],
    },
    // ---------------------------------------------------------------------------------------
    Tenant {
        code: "takimoto",
        name: "瀧本陶苑",
        order_prefix: "TK",
        palette_name: "藍と生成り",
        colours: ["#2c4a6e", "#5b3a29", "#8a5a00", "#2b2622", "#f7f3ea", "#d9cfbd"],
        home_title: "器とお茶の店 瀧本陶苑",
        home_description: "瀧本陶苑は、瀬戸・有田の窯元の和食器と、茶筅・抹茶碗などの茶道具を扱う器の専門店です。",
        hero: ("日々の食卓に、手仕事の器を。", "瀬戸と有田の窯元から届く飯碗・取り皿・抹茶碗。ひとつひとつ検品し、割れないよう丁寧に梱包してお届けします。"),
        navigation: &[("お知らせ", "/news"), ("ご利用ガイド", "/guide")],
        company: Company {
            seller: "有限会社瀧本陶苑",
            shop_name: "瀧本陶苑",
            manager: "瀧本 静香",
            address: "〒489-0000 愛知県瀬戸市窯町一丁目2番地",
            phone: "瀧本陶苑 TEL 0561-00-0000（10:00〜17:00 日曜定休）",
            email: "info@takimoto-toen.example",
            shipping: "税込11,000円以上のご注文で送料無料。それ未満は一律990円（税込）。",
            closed: "日曜日、年末年始",
        },
        catalogue: &TAKIMOTO_CATALOGUE,
        banner: Banner {
            area: "top_main",
            title: "冬の器市",
            caption: "飯碗・湯呑の新作が入荷しました",
            link: "/product",
            is_show: true,
            starts_in_days: None,
            ends_in_days: None,
            colours: ("#2c4a6e", "#ffffff"),
        },
        news: &[
            (
                "入荷",
                "瀬戸窯の新作飯碗が入荷しました",
                "織部・粉引の飯碗が入荷しました。",
                "瀬戸窯の新作、織部と粉引の飯碗が入荷いたしました。数に限りがございます。",
                2,
            ),
            (
                "お知らせ",
                "のし・包装を承ります",
                "贈答用の包装とのしを無料で承ります。",
                "ご注文時にお申し付けいただければ、贈答用の包装とのしを無料で承ります。",
                12,
            ),
        ],
    },
    // ---------------------------------------------------------------------------------------
    Tenant {
        code: "awjapan",
        name: "AWジャパン ワークストア",
        order_prefix: "AW",
        palette_name: "セーフティオレンジ",
        colours: ["#b34700", "#1c1c1c", "#b34700", "#141414", "#f4f4f4", "#c4c4c4"],
        home_title: "作業服・安全用品のAWジャパン",
        home_description: "AWジャパン ワークストアは、作業服・安全靴・ヘルメットなど現場で働く方の装備を揃える専門店です。",
        hero: ("現場の一日を、もっと安全に、快適に。", "ストレッチ作業服からJSAA規格の安全靴まで。10着以上のまとめ買いは名入れ刺繍のご相談も承ります。"),
        navigation: &[("お知らせ", "/news"), ("ご利用ガイド", "/guide")],
        company: Company {
            seller: "AWジャパン株式会社",
            shop_name: "AWジャパン ワークストア",
            manager: "荒井 剛",
            address: "〒330-0000 埼玉県さいたま市大宮区作業町三丁目4番5号",
            phone: "AWジャパン ワークストア TEL 048-000-2200（平日8:30〜17:30）",
            email: "store@awjapan.example",
            shipping: "税込8,800円以上のご注文で送料無料。それ未満は一律770円（税込）。",
            closed: "日曜日・祝日、年末年始",
        },
        catalogue: &AWJAPAN_CATALOGUE,
        banner: Banner {
            area: "top_main",
            title: "防寒ウェア入荷",
            caption: "冬の現場を支える防寒ジャケット",
            link: "/product",
            is_show: true,
            starts_in_days: None,
            ends_in_days: None,
            colours: ("#1c1c1c", "#ffffff"),
        },
        news: &[
            ("入荷", "防寒ジャケットを入荷しました", "冬の現場向けの防寒シリーズです。", "撥水加工の防寒ジャケットとカーゴパンツを入荷しました。", 4),
            (
                "お知らせ",
                "まとめ買いのお見積りについて",
                "10着以上はお見積りいたします。",
                "10着以上のご注文は、お問い合わせフォームからお見積りをご依頼ください。",
                15,
            ),
        ],
    },
    // ---------------------------------------------------------------------------------------
    Tenant {
        code: "halehana",
        name: "ハレハナ",
        order_prefix: "HH",
        palette_name: "プルメリア",
        colours: ["#a3245a", "#0f6b66", "#a3245a", "#2a1f24", "#fff6f2", "#ecd3cb"],
        home_title: "ハワイアン雑貨とフラ用品のハレハナ",
        home_description: "ハレハナは、パウスカートやムームーなどのフラ用品と、ハワイアンキルトやコナコーヒーを扱うお店です。",
        hero: (
            "アロハの風を、毎日の暮らしに。",
            "フラのレッスンに欠かせないパウスカートやレイ、お部屋を彩るハワイアンキルトまで。発表会のまとめ注文も承ります。",
        ),
        navigation: &[("お知らせ", "/news"), ("ご利用ガイド", "/guide")],
        company: Company {
            seller: "株式会社ハレハナ",
            shop_name: "ハレハナ",
            manager: "花村 あかり",
            address: "〒220-0000 神奈川県横浜市西区みなと一丁目1番1号",
            phone: "ハレハナ TEL 045-000-8787（11:00〜18:00 水曜定休）",
            email: "aloha@halehana.example",
            shipping: "税込7,700円以上のご注文で送料無料。それ未満は一律660円（税込）。",
            closed: "水曜日、年末年始",
        },
        catalogue: &HALEHANA_CATALOGUE,
        banner: Banner {
            area: "top_main",
            title: "発表会のパウ特集",
            caption: "おそろいのパウスカートをお届けします",
            link: "/product",
            is_show: true,
            starts_in_days: None,
            ends_in_days: None,
            colours: ("#a3245a", "#ffffff"),
        },
        news: &[
            (
                "入荷",
                "新柄のパウスカートが届きました",
                "モンステラ柄の5段パウが入荷しました。",
                "発表会にもぴったりのモンステラ柄5段パウスカートが入荷しました。",
                1,
            ),
            ("お知らせ", "コナコーヒーの焙煎日について", "毎週月曜日に焙煎しています。", "コナコーヒーは毎週月曜日に焙煎し、その週のうちに発送いたします。", 9),
        ],
    },
    // ---------------------------------------------------------------------------------------
    Tenant {
        code: "livins",
        name: "リヴィンズ",
        order_prefix: "LV",
        palette_name: "オークとリネン",
        colours: ["#4a5a3c", "#6b4f3a", "#8c5a2b", "#262522", "#f5f3ef", "#dcd7ce"],
        home_title: "暮らしを整えるインテリア リヴィンズ",
        home_description: "リヴィンズは、無垢材の家具と照明・ファブリックで、長く使える住まいの道具を提案するインテリアショップです。",
        hero: (
            "長く使える家具と、心地よい部屋を。",
            "旭川の工房で仕上げる無垢材のテーブルやシェルフ、リネンのファブリック。大型家具は組み立て設置までお届けします。",
        ),
        navigation: &[("お知らせ", "/news"), ("ご利用ガイド", "/guide")],
        company: Company {
            seller: "リヴィンズ株式会社",
            shop_name: "リヴィンズ",
            manager: "森田 陽介",
            address: "〒150-0000 東京都渋谷区住まい町二丁目3番4号",
            phone: "リヴィンズ TEL 03-0000-4455（11:00〜19:00）",
            email: "hello@livins.example",
            shipping: "税込16,500円以上のご注文で送料無料。それ未満は一律1,100円（税込）。大型家具は別途お見積り。",
            closed: "年末年始",
        },
        catalogue: &LIVINS_CATALOGUE,
        banner: Banner {
            area: "top_main",
            title: "冬のファブリック特集",
            caption: "ラグとクッションで部屋をあたたかく",
            link: "/product",
            is_show: true,
            starts_in_days: None,
            ends_in_days: None,
            colours: ("#4a5a3c", "#ffffff"),
        },
        news: &[
            (
                "お知らせ",
                "大型家具の配送について",
                "組み立て設置までお届けします。",
                "ソファ・シェルフなどの大型家具は、ご指定の部屋まで搬入し組み立て設置いたします。",
                5,
            ),
            ("入荷", "ウールラグ入荷のお知らせ", "冬に向けたウールラグを入荷しました。", "ニュージーランドウールのラグを3サイズで入荷しました。", 14),
        ],
    },
];

// =============================================================================================
// The catalogues. Colour labels need a code in catalog.rs's COLOR_CODES (variation keys).

static ASONE_CATALOGUE: Catalogue = Catalogue {
    key_prefix: "as",
    categories: &[
        ("lab", "理化学機器", None),
        ("lab-measure", "計測機器", Some("lab")),
        ("lab-balance", "電子天びん", Some("lab-measure")),
        ("lab-ph", "pHメーター", Some("lab-measure")),
        ("lab-heat", "加熱・撹拌", Some("lab")),
        ("lab-stirrer", "マグネチックスターラー", Some("lab-heat")),
        ("glass", "ガラス器具・消耗品", None),
        ("glass-ware", "ガラス器具", Some("glass")),
        ("glass-beaker", "ビーカー", Some("glass-ware")),
        ("glass-pipette", "ピペットチップ", Some("glass-ware")),
        ("safety", "研究室の安全用品", None),
        ("safety-ppe", "保護具", Some("safety")),
        ("safety-glove", "ニトリル手袋", Some("safety-ppe")),
    ],
    makers: &[
        Maker { key: "labtec", name: "ラボテック", kana: "らぼてっく", description: "計測・撹拌機器のメーカー。" },
        Maker { key: "kagaku-glass", name: "カガクガラス", kana: "かがくがらす", description: "硼珪酸ガラス器具の専門メーカー。" },
        Maker { key: "safeguard", name: "セーフガード", kana: "せーふがーど", description: "研究室用保護具のメーカー。" },
    ],
    brands: &[
        Brand { key: "labtec", name: "LABTEC", maker: "labtec", description: "ラボテックの計測機器。" },
        Brand { key: "kg", name: "KG-Pro", maker: "kagaku-glass", description: "カガクガラスの器具。" },
        Brand { key: "sg", name: "SAFEGUARD", maker: "safeguard", description: "セーフガードの保護具。" },
    ],
    tags: &[("new", "新商品"), ("sale", "セール"), ("limited", "期間限定")],
    protected_tags: &[],
    lines: &[
        Line {
            category: "lab-balance",
            maker: "labtec",
            brand: "labtec",
            code: "LT-BA",
            noun: "電子天びん",
            models: &[
                ("ひょう量220g 最小0.1mg", 298000),
                ("ひょう量320g 最小1mg", 148000),
                ("ひょう量620g 最小10mg", 68800),
                ("ひょう量3200g 最小0.1g", 39800),
            ],
            options: Options::Single,
            tax_rate: 10,
            tags: &[],
            description: "内部分銅による自動校正機能付き。校正証明書・トレーサビリティ体系図を添付してお届けします。",
        },
        Line {
            category: "lab-ph",
            maker: "labtec",
            brand: "labtec",
            code: "LT-PH",
            noun: "ポータブルpHメーター",
            models: &[("スタンダード", 24800), ("防水型", 39800), ("導電率計付", 58800)],
            options: Options::Single,
            tax_rate: 10,
            tags: &[],
            description: "3点校正対応。電極は交換式で、標準液(pH4・7・9)を同梱しています。",
        },
        Line {
            category: "lab-stirrer",
            maker: "labtec",
            brand: "labtec",
            code: "LT-ST",
            noun: "マグネチックスターラー",
            models: &[("ミニ 1L", 12800), ("スタンダード 3L", 21800), ("ホットスターラー 5L", 54800), ("多連式 6連", 89800)],
            options: Options::Single,
            tax_rate: 10,
            tags: &[],
            description: "回転数をデジタル表示。撹拌子(フッ素樹脂被覆)を1本付属します。",
        },
        Line {
            category: "glass-beaker",
            maker: "kagaku-glass",
            brand: "kg",
            code: "KG-BK",
            noun: "ビーカー 10個入",
            models: &[("50mL", 2480), ("100mL", 2780), ("200mL", 3280), ("500mL", 4980), ("1000mL", 7980)],
            options: Options::Single,
            tax_rate: 10,
            tags: &[],
            description: "硼珪酸ガラス製の目盛付きビーカー。耐熱・耐薬品性に優れています。",
        },
        Line {
            category: "glass-pipette",
            maker: "kagaku-glass",
            brand: "kg",
            code: "KG-PT",
            noun: "ピペットチップ",
            models: &[("10µL 1,000本", 1980), ("200µL 1,000本", 1680), ("1,000µL 500本", 1880)],
            options: Options::Single,
            tax_rate: 10,
            tags: &[],
            description: "主要メーカーのマイクロピペットに適合。ラック入り滅菌品もご用意しています。",
        },
        Line {
            category: "safety-glove",
            maker: "safeguard",
            brand: "sg",
            code: "SG-NG",
            noun: "ニトリル手袋 100枚入",
            models: &[("パウダーフリー", 980), ("極薄タイプ", 1180), ("耐薬品ロングカフ", 2480)],
            options: Options::Sizes(SIZES_SML),
            tax_rate: 10,
            tags: &[],
            description: "ラテックスフリーで手になじむニトリル手袋。実験・検査・食品の取り扱いに。",
        },
    ],
    accessories: &[("lab-stirrer", &["glass-beaker"]), ("lab-ph", &["glass-beaker"])],
    reviews: &LAB_REVIEWS,
};

static TAKIMOTO_CATALOGUE: Catalogue = Catalogue {
    key_prefix: "tk",
    categories: &[
        ("shokki", "和食器", None),
        ("shokki-daily", "普段使いの器", Some("shokki")),
        ("shokki-chawan", "飯碗", Some("shokki-daily")),
        ("shokki-sara", "皿・鉢", Some("shokki-daily")),
        ("shokki-yunomi", "湯呑", Some("shokki-daily")),
        ("chadogu", "茶道具", None),
        ("chadogu-tea", "茶の湯", Some("chadogu")),
        ("chadogu-matcha", "抹茶碗", Some("chadogu-tea")),
        ("chadogu-chasen", "茶筅・茶杓", Some("chadogu-tea")),
        ("food", "お茶", None),
        ("food-tea", "日本茶", Some("food")),
        ("food-matcha", "抹茶・煎茶", Some("food-tea")),
    ],
    makers: &[
        Maker {
            key: "seto-kama", name: "瀬戸窯", kana: "せとがま", description: "愛知県瀬戸市の窯元。織部・志野を得意とします。"
        },
        Maker { key: "arita-kobo", name: "有田工房", kana: "ありたこうぼう", description: "佐賀県有田町で磁器を焼く工房。" },
        Maker { key: "takayama", name: "高山茶筌", kana: "たかやまちゃせん", description: "奈良県生駒市高山の茶筅師。" },
        Maker { key: "uji-chaen", name: "宇治茶園", kana: "うじちゃえん", description: "京都府宇治の茶園。" },
    ],
    brands: &[
        Brand { key: "seto", name: "瀬戸窯", maker: "seto-kama", description: "瀬戸窯の器。" },
        Brand { key: "arita", name: "有田工房", maker: "arita-kobo", description: "有田工房の磁器。" },
        Brand { key: "takayama", name: "高山茶筌", maker: "takayama", description: "高山の茶筅。" },
        Brand { key: "uji", name: "宇治茶園", maker: "uji-chaen", description: "宇治のお茶。" },
    ],
    tags: &[("new", "新入荷"), ("sale", "お買い得"), ("limited", "数量限定")],
    protected_tags: &[],
    lines: &[
        Line {
            category: "shokki-chawan",
            maker: "seto-kama",
            brand: "seto",
            code: "SK-CW",
            noun: "飯碗",
            models: &[("織部 大", 3300), ("織部 小", 2800), ("粉引", 3080), ("十草", 2640)],
            options: Options::Colors(&["ホワイト", "ネイビー"]),
            tax_rate: 10,
            tags: &[],
            description: "手にしっくりなじむ轆轤挽きの飯碗。電子レンジ・食器洗い機がお使いいただけます。",
        },
        Line {
            category: "shokki-sara",
            maker: "arita-kobo",
            brand: "arita",
            code: "AR-SR",
            noun: "取り皿",
            models: &[("染付 五寸", 1980), ("染付 七寸", 3520), ("白磁 輪花 六寸", 2860), ("色絵 鉢", 4840)],
            options: Options::Single,
            tax_rate: 10,
            tags: &[],
            description: "有田の磁器。薄く丈夫で、和洋どちらの料理にも合います。",
        },
        Line {
            category: "shokki-yunomi",
            maker: "arita-kobo",
            brand: "arita",
            code: "AR-YN",
            noun: "湯呑",
            models: &[("染付 唐草", 2200), ("白磁", 1760), ("夫婦セット", 4950)],
            options: Options::Single,
            tax_rate: 10,
            tags: &[],
            description: "口当たりのよい薄手の湯呑。木箱入りの贈答用もございます。",
        },
        Line {
            category: "chadogu-matcha",
            maker: "seto-kama",
            brand: "seto",
            code: "SK-MC",
            noun: "抹茶碗",
            models: &[("志野", 16500), ("黒楽", 22000), ("瀬戸黒", 19800), ("御本手", 13200)],
            options: Options::Single,
            tax_rate: 10,
            tags: &[],
            description: "共箱入り。稽古用から茶会用まで、作家の手による一碗です。",
        },
        Line {
            category: "chadogu-chasen",
            maker: "takayama",
            brand: "takayama",
            code: "TY-CS",
            noun: "茶筅",
            models: &[("数穂", 4950), ("八十本立", 6380), ("百本立", 7700)],
            options: Options::Single,
            tax_rate: 10,
            tags: &[],
            description: "高山の茶筅師が一本ずつ削り出した茶筅。くせ直しを同梱します。",
        },
        Line {
            category: "food-matcha",
            maker: "uji-chaen",
            brand: "uji",
            code: "UJ-MT",
            noun: "宇治抹茶",
            models: &[("薄茶 30g", 1620), ("濃茶 30g", 3240), ("煎茶 100g", 1296)],
            options: Options::Single,
            tax_rate: 8,
            tags: &[],
            description: "宇治の茶園で石臼挽きした抹茶と煎茶。開封後は冷蔵庫で保存してください。",
        },
    ],
    accessories: &[("chadogu-matcha", &["chadogu-chasen", "food-matcha"])],
    reviews: &TABLEWARE_REVIEWS,
};

static AWJAPAN_CATALOGUE: Catalogue = Catalogue {
    key_prefix: "aw",
    categories: &[
        ("wear", "作業服", None),
        ("wear-top", "トップス", Some("wear")),
        ("wear-jacket", "作業ジャケット", Some("wear-top")),
        ("wear-polo", "ポロシャツ", Some("wear-top")),
        ("wear-bottom", "ボトムス", Some("wear")),
        ("wear-cargo", "カーゴパンツ", Some("wear-bottom")),
        ("safety", "安全用品", None),
        ("safety-foot", "安全靴", Some("safety")),
        ("safety-shoes", "セーフティスニーカー", Some("safety-foot")),
        ("safety-head", "保護具", Some("safety")),
        ("safety-helmet", "ヘルメット", Some("safety-head")),
        ("safety-glove", "作業手袋", Some("safety-head")),
    ],
    makers: &[
        Maker {
            key: "aw-works", name: "AWワークス", kana: "えーだぶりゅーわーくす", description: "AWジャパンのオリジナル作業服。"
        },
        Maker { key: "tesshin", name: "鉄心安全", kana: "てっしんあんぜん", description: "安全靴と保護帽のメーカー。" },
        Maker { key: "kazetec", name: "カゼテック", kana: "かぜてっく", description: "作業手袋のメーカー。" },
    ],
    brands: &[
        Brand { key: "aw", name: "AW WORKS", maker: "aw-works", description: "AWワークスの作業服。" },
        Brand { key: "tesshin", name: "TESSHIN", maker: "tesshin", description: "鉄心安全の安全用品。" },
        Brand { key: "kazetec", name: "KAZETEC", maker: "kazetec", description: "カゼテックの手袋。" },
    ],
    tags: &[("new", "新商品"), ("sale", "セール"), ("limited", "期間限定")],
    protected_tags: &[],
    lines: &[
        Line {
            category: "wear-jacket",
            maker: "aw-works",
            brand: "aw",
            code: "AW-JK",
            noun: "作業ジャケット",
            models: &[("ストレッチ", 4980), ("防寒", 8980), ("空調服対応", 6980)],
            options: Options::SizesColors(WEAR_SIZES, &["ネイビー", "チャコール", "カーキ"]),
            tax_rate: 10,
            tags: &[],
            description: "動きやすい4方向ストレッチ。胸ポケットはペンが2本入る仕切り付きです。",
        },
        Line {
            category: "wear-polo",
            maker: "aw-works",
            brand: "aw",
            code: "AW-PL",
            noun: "長袖ポロシャツ",
            models: &[("吸汗速乾", 2480), ("綿混", 2980)],
            options: Options::Sizes(WEAR_SIZES),
            tax_rate: 10,
            tags: &[],
            description: "汗をすばやく乾かす吸汗速乾素材。ユニフォームにもおすすめです。",
        },
        Line {
            category: "wear-cargo",
            maker: "aw-works",
            brand: "aw",
            code: "AW-CG",
            noun: "カーゴパンツ",
            models: &[("ストレッチ", 3980), ("防寒", 5980), ("ノータック", 3480)],
            options: Options::Sizes(WEAR_SIZES),
            tax_rate: 10,
            tags: &[],
            description: "膝の曲げ伸ばしが楽な立体裁断。両サイドにマチ付きカーゴポケット。",
        },
        Line {
            category: "safety-shoes",
            maker: "tesshin",
            brand: "tesshin",
            code: "TS-SN",
            noun: "セーフティスニーカー",
            models: &[("ローカット JSAA A種", 5980), ("ミドルカット", 7480), ("ダイヤル式", 9980)],
            options: Options::Sizes(&["24.5", "25.0", "25.5", "26.0", "26.5", "27.0", "28.0"]),
            tax_rate: 10,
            tags: &[],
            description: "樹脂先芯入りで軽量。耐滑ソールで油のある床でも滑りにくい安全靴です。",
        },
        Line {
            category: "safety-helmet",
            maker: "tesshin",
            brand: "tesshin",
            code: "TS-HM",
            noun: "ヘルメット",
            models: &[("飛来・落下物用", 2980), ("通気孔付", 3480), ("墜落時保護用", 3980)],
            options: Options::Colors(&["ホワイト", "イエロー", "ブルー"]),
            tax_rate: 10,
            tags: &[],
            description: "国家検定合格品。内装は洗えるあせ取りパッド付きです。",
        },
        Line {
            category: "safety-glove",
            maker: "kazetec",
            brand: "kazetec",
            code: "KZ-GL",
            noun: "作業手袋",
            models: &[("ニトリル背抜き 10双", 1280), ("防寒 5双", 2480), ("耐切創 1双", 1980)],
            options: Options::Sizes(&["M", "L", "LL"]),
            tax_rate: 10,
            tags: &[],
            description: "手のひらのコーティングでしっかりつかめる作業手袋。",
        },
    ],
    accessories: &[("wear-jacket", &["wear-cargo"]), ("safety-helmet", &["safety-glove"])],
    reviews: &WORKWEAR_REVIEWS,
};

static HALEHANA_CATALOGUE: Catalogue = Catalogue {
    key_prefix: "hh",
    categories: &[
        ("hula", "フラ用品", None),
        ("hula-wear", "フラ衣装", Some("hula")),
        ("hula-pau", "パウスカート", Some("hula-wear")),
        ("hula-muumuu", "ムームー", Some("hula-wear")),
        ("hula-item", "フラ小物", Some("hula")),
        ("hula-lei", "レイ・髪飾り", Some("hula-item")),
        ("zakka", "ハワイアン雑貨", None),
        ("zakka-home", "インテリア雑貨", Some("zakka")),
        ("zakka-quilt", "ハワイアンキルト", Some("zakka-home")),
        ("zakka-food", "ハワイの味", Some("zakka")),
        ("zakka-coffee", "コナコーヒー", Some("zakka-food")),
    ],
    makers: &[
        Maker { key: "lani", name: "ラニスタジオ", kana: "らにすたじお", description: "フラ衣装を縫製するスタジオ。" },
        Maker {
            key: "aloha-quilt", name: "アロハキルト工房", kana: "あろはきるとこうぼう", description: "ハワイアンキルトの工房。"
        },
        Maker { key: "kona", name: "コナ・ロースターズ", kana: "こなろーすたーず", description: "コナコーヒーの焙煎所。" },
    ],
    brands: &[
        Brand { key: "lani", name: "Lani Studio", maker: "lani", description: "ラニスタジオのフラ衣装。" },
        Brand { key: "aloha", name: "Aloha Quilt", maker: "aloha-quilt", description: "アロハキルト工房のキルト。" },
        Brand { key: "kona", name: "Kona Roasters", maker: "kona", description: "コナ・ロースターズのコーヒー。" },
    ],
    tags: &[("new", "新入荷"), ("sale", "セール"), ("limited", "期間限定")],
    protected_tags: &[],
    lines: &[
        Line {
            category: "hula-pau",
            maker: "lani",
            brand: "lani",
            code: "LN-PA",
            noun: "パウスカート",
            models: &[("ハイビスカス柄 3段", 6980), ("プルメリア柄 3段", 6980), ("モンステラ柄 5段", 8980)],
            options: Options::Colors(&["ピンク", "ブルー", "イエロー"]),
            tax_rate: 10,
            tags: &[],
            description: "綿100%のパウスカート。ウエストは4本ゴムで、レッスンにも発表会にも。",
        },
        Line {
            category: "hula-muumuu",
            maker: "lani",
            brand: "lani",
            code: "LN-MU",
            noun: "ロングムームー",
            models: &[("ハイビスカス", 9800), ("ティアレ", 10800)],
            options: Options::Sizes(&["S", "M", "L", "LL"]),
            tax_rate: 10,
            tags: &[],
            description: "裾の広がりがきれいなロングムームー。レーヨン素材で涼しく着られます。",
        },
        Line {
            category: "hula-lei",
            maker: "lani",
            brand: "lani",
            code: "LN-LE",
            noun: "レイ",
            models: &[("プルメリア ヘアクリップ", 1480), ("ティアレ ヘアピン", 1280), ("ハクレイ", 3980), ("ククイナッツレイ", 2480)],
            options: Options::Single,
            tax_rate: 10,
            tags: &[],
            description: "造花で作る、色あせにくいレイと髪飾り。",
        },
        Line {
            category: "zakka-quilt",
            maker: "aloha-quilt",
            brand: "aloha",
            code: "AQ-QL",
            noun: "ハワイアンキルト",
            models: &[("クッションカバー 45cm", 4980), ("タペストリー", 12800), ("ベッドカバー", 39800)],
            options: Options::Single,
            tax_rate: 10,
            tags: &[],
            description: "一針ずつ手縫いで仕上げたハワイアンキルト。モチーフはモンステラです。",
        },
        Line {
            category: "zakka-coffee",
            maker: "kona",
            brand: "kona",
            code: "KN-CF",
            noun: "コナコーヒー",
            models: &[("100% コナ 200g", 4980), ("ブレンド 200g", 1980), ("ドリップバッグ 10袋", 1680)],
            options: Options::Single,
            tax_rate: 8,
            tags: &[],
            description: "ハワイ島コナ地区の豆を毎週焙煎してお届けします。",
        },
    ],
    accessories: &[("hula-pau", &["hula-lei"])],
    reviews: &ALOHA_REVIEWS,
};

static LIVINS_CATALOGUE: Catalogue = Catalogue {
    key_prefix: "lv",
    categories: &[
        ("furniture", "家具", None),
        ("furniture-living", "リビング家具", Some("furniture")),
        ("furniture-sofa", "ソファ", Some("furniture-living")),
        ("furniture-table", "ローテーブル", Some("furniture-living")),
        ("furniture-storage", "収納家具", Some("furniture")),
        ("furniture-shelf", "シェルフ", Some("furniture-storage")),
        ("interior", "インテリア雑貨", None),
        ("interior-light", "照明", Some("interior")),
        ("interior-pendant", "ペンダントライト", Some("interior-light")),
        ("interior-fabric", "ファブリック", Some("interior")),
        ("interior-rug", "ラグ", Some("interior-fabric")),
        ("interior-cushion", "クッションカバー", Some("interior-fabric")),
    ],
    makers: &[
        Maker { key: "asahikawa", name: "旭川木工", kana: "あさひかわもっこう", description: "北海道旭川の家具工房。" },
        Maker { key: "livins-works", name: "リヴィンズ工房", kana: "りゔぃんずこうぼう", description: "リヴィンズのオリジナル。" },
        Maker { key: "hikari", name: "ひかり照明", kana: "ひかりしょうめい", description: "ガラスと木の照明のメーカー。" },
    ],
    brands: &[
        Brand { key: "asahikawa", name: "ASAHIKAWA WOOD", maker: "asahikawa", description: "旭川木工の無垢材家具。" },
        Brand { key: "livins", name: "livins", maker: "livins-works", description: "リヴィンズのファブリック。" },
        Brand { key: "hikari", name: "HIKARI", maker: "hikari", description: "ひかり照明のライト。" },
    ],
    tags: &[("new", "新入荷"), ("sale", "セール"), ("limited", "期間限定")],
    protected_tags: &[],
    lines: &[
        Line {
            category: "furniture-sofa",
            maker: "livins-works",
            brand: "livins",
            code: "LV-SF",
            noun: "ソファ",
            models: &[("2人掛け", 69800), ("3人掛け", 89800), ("カウチ", 119800)],
            options: Options::Colors(&["グレー", "ベージュ", "グリーン"]),
            tax_rate: 10,
            tags: &[],
            description: "カバーは取り外して洗えます。脚はオーク無垢材。組み立て設置までお届けします。",
        },
        Line {
            category: "furniture-table",
            maker: "asahikawa",
            brand: "asahikawa",
            code: "AS-TB",
            noun: "ローテーブル",
            models: &[("オーク 90cm", 32800), ("ウォールナット 110cm", 54800), ("丸型 直径80cm", 29800)],
            options: Options::Single,
            tax_rate: 10,
            tags: &[],
            description: "旭川の工房で仕上げた無垢材のローテーブル。植物性オイル仕上げです。",
        },
        Line {
            category: "furniture-shelf",
            maker: "asahikawa",
            brand: "asahikawa",
            code: "AS-SH",
            noun: "オープンシェルフ",
            models: &[("3段", 19800), ("5段", 29800), ("ワイド 5段", 39800)],
            options: Options::Colors(&["ナチュラル", "ブラウン"]),
            tax_rate: 10,
            tags: &[],
            description: "棚板の高さを変えられる無垢材のシェルフ。転倒防止金具付き。",
        },
        Line {
            category: "interior-pendant",
            maker: "hikari",
            brand: "hikari",
            code: "HK-PD",
            noun: "ペンダントライト",
            models: &[("ガラス 1灯", 12800), ("ファブリック 1灯", 9800), ("ウッド 3灯", 24800)],
            options: Options::Single,
            tax_rate: 10,
            tags: &[],
            description: "引掛シーリング対応で、工事なしで取り付けられます。LED電球対応。",
        },
        Line {
            category: "interior-rug",
            maker: "livins-works",
            brand: "livins",
            code: "LV-RG",
            noun: "ラグ",
            models: &[("ウール", 29800), ("コットン", 12800)],
            options: Options::Sizes(&["130×190", "185×185", "200×250"]),
            tax_rate: 10,
            tags: &[],
            description: "床暖房・ホットカーペット対応。裏面は滑り止め加工です。",
        },
        Line {
            category: "interior-cushion",
            maker: "livins-works",
            brand: "livins",
            code: "LV-CU",
            noun: "クッションカバー",
            models: &[("リネン 45cm", 2980), ("コーデュロイ 45cm", 2480)],
            options: Options::Colors(&["アイボリー", "テラコッタ", "ネイビー"]),
            tax_rate: 10,
            tags: &[],
            description: "洗うほどに風合いの増すカバー。ファスナー付きで中材は別売りです。",
        },
    ],
    accessories: &[("furniture-sofa", &["interior-cushion"])],
    reviews: &HOME_REVIEWS,
};

/// Researchers and lab staff (ラボネクスト).
static LAB_REVIEWS: ReviewTexts = ReviewTexts {
    texts: &[
        (5, "期待以上でした", "校正も簡単で、測定値も安定しています。研究室で追加購入しました。"),
        (4, "満足しています", "取扱説明書が少し分かりにくかったですが、製品自体には満足しています。"),
        (5, "発送が早くて助かりました", "注文の翌日に届き、実験に間に合いました。梱包も丁寧でした。"),
        (3, "普通です", "可もなく不可もなくといったところです。価格相応だと思います。"),
        (4, "コスパが良い", "他社品より手頃で、学生実習には十分な品質です。"),
        (5, "毎日の実験で活躍", "毎日使っていますが、不具合もなく安心して使えています。"),
        (2, "サイズ感に注意", "思っていたより大きく、置き場所に困りました。購入前に寸法をよく確認すべきでした。"),
        (4, "リピート購入", "研究室の定番として定期的に買っています。品質が安定しています。"),
    ],
    nicknames: &["研究員A", "分析担当", "大学院生", "品質管理部", "学生実習担当", "ラボマネージャー", "理科の先生", "受託分析"],
};

/// People who cook, serve and drink tea (瀧本陶苑).
static TABLEWARE_REVIEWS: ReviewTexts = ReviewTexts {
    texts: &[
        (5, "期待以上でした", "写真よりも色合いが美しく、毎日の食卓が楽しくなりました。"),
        (4, "満足しています", "手仕事ならではの形のゆらぎがあり、気に入っています。"),
        (5, "発送が早くて助かりました", "注文の翌々日に届きました。割れないよう丁寧に梱包されていました。"),
        (3, "普通です", "可もなく不可もなくといったところです。価格相応だと思います。"),
        (4, "贈り物に喜ばれました", "母の誕生日に贈りました。のし対応もしていただき助かりました。"),
        (5, "毎日使っています", "普段使いにちょうどよく、家族みんなで重宝しています。"),
        (2, "サイズ感に注意", "思っていたより小ぶりでした。購入前に寸法をよく確認すべきでした。"),
        (4, "リピート購入", "なくなるたびに買い足しています。安定の品質です。"),
    ],
    nicknames: &["器好き", "茶の湯初心者", "京都の主婦", "陶器市めぐり", "抹茶ラテ派", "料理教室講師", "和食器コレクター", "急須好き"],
};

/// People on building sites, in warehouses and workshops (AWジャパン).
static WORKWEAR_REVIEWS: ReviewTexts = ReviewTexts {
    texts: &[
        (5, "期待以上でした", "丈夫で動きやすく、現場でも安心して使えます。"),
        (4, "満足しています", "サイズ表が少し分かりにくかったですが、製品自体には満足しています。"),
        (5, "発送が早くて助かりました", "注文の翌日に届き、現場に間に合いました。"),
        (3, "普通です", "可もなく不可もなくといったところです。価格相応だと思います。"),
        (4, "コスパが良い", "大手ブランドより手頃で、性能も十分です。社員の分もまとめて購入しました。"),
        (5, "現場で活躍", "一日中使っていても疲れにくく、現場の仲間にも勧めました。"),
        (2, "サイズ感に注意", "思っていたより大きめでした。購入前にサイズ表をよく確認すべきでした。"),
        (4, "リピート購入", "現場の定番として、定期的に買い足しています。安定の品質です。"),
    ],
    nicknames: &["現場監督", "鳶職人", "電気工事士", "倉庫作業員", "配送ドライバー", "設備保全", "塗装職人", "総務担当"],
};

/// Hula dancers and lovers of Hawaii (ハレハナ).
static ALOHA_REVIEWS: ReviewTexts = ReviewTexts {
    texts: &[
        (5, "期待以上でした", "ハワイの雰囲気がそのまま届いたようで、とても気に入りました。"),
        (4, "満足しています", "色味が写真と少し違いましたが、品質には満足しています。"),
        (5, "発送が早くて助かりました", "注文の翌日に届きました。ラッピングも丁寧でした。"),
        (3, "普通です", "可もなく不可もなくといったところです。価格相応だと思います。"),
        (4, "贈り物に喜ばれました", "ハワイ好きの友人へのプレゼントに。とても喜んでもらえました。"),
        (5, "毎日の楽しみです", "届いてから毎日使っています。ハワイ気分が味わえてうれしいです。"),
        (2, "サイズ感に注意", "写真で見るより大きめでした。購入前にサイズ表記をよく確認すべきでした。"),
        (4, "リピート購入", "気に入って、家族の分も買い足しました。"),
    ],
    nicknames: &["フラ教室生徒", "オアフ好き", "アロハ金曜日", "コナ珈琲党", "ウクレレ練習中", "南国ママ", "ハワイ通い10年", "プルメリア"],
};

/// People furnishing their homes (リヴィンズ).
static HOME_REVIEWS: ReviewTexts = ReviewTexts {
    texts: &[
        (5, "期待以上でした", "質感がよく、部屋の雰囲気がぐっと良くなりました。"),
        (4, "満足しています", "組み立てに少し手間取りましたが、仕上がりには満足しています。"),
        (5, "発送が早くて助かりました", "注文から三日で届きました。大きな家具でも梱包が丁寧で安心しました。"),
        (3, "普通です", "可もなく不可もなくといったところです。価格相応だと思います。"),
        (4, "コスパが良い", "有名店より手頃で、品質も十分です。"),
        (5, "毎日使っています", "毎日使っていますが、へたりもなく快適です。"),
        (2, "サイズ感に注意", "思っていたより大きく、部屋が少し狭く感じます。購入前に寸法をよく測るべきでした。"),
        (4, "リピート購入", "気に入って、寝室用にもう一つ買い足しました。"),
    ],
    nicknames: &["新居準備中", "北欧インテリア好き", "一人暮らし3年目", "子育て中", "在宅ワーカー", "古家リノベ中", "ナチュラル派", "二人暮らし"],
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seed::catalog::products;

    #[test]
    fn every_tenant_has_its_own_code_host_and_catalogue() {
        let codes: Vec<_> = TENANTS.iter().map(|t| t.code).collect();
        assert_eq!(codes, ["asone", "takimoto", "awjapan", "halehana", "livins"]);
        for tenant in &TENANTS {
            let shop = shop(tenant);
            assert_eq!((shop.theme, shop.tenant), (tenant.code, Some(tenant.code)));
            assert_eq!(shop.hosts, [format!("{}.localhost", tenant.code)]);
            let items = products(tenant.catalogue);
            assert!(items.len() >= 15, "{} has {} products", tenant.code, items.len());
            for item in &items {
                let mut keys: Vec<_> = item.variations.iter().map(|v| v.key.as_str()).collect();
                keys.sort_unstable();
                keys.dedup();
                assert_eq!(keys.len(), item.variations.len(), "{}: every variation has its own key", item.name);
            }
        }
    }

    /// A coffee's or a beaker's reviews were once the motorcycle shop's (ツーリングで活躍, SR乗り).
    #[test]
    fn every_tenant_has_reviews_of_its_own_trade_with_the_same_spread_of_stars() {
        let stars = |written: &ReviewTexts| written.texts.iter().map(|(rating, ..)| *rating).collect::<Vec<_>>();
        let riders = &crate::seed::catalog::RIDER_REVIEWS;
        for tenant in &TENANTS {
            let own = tenant.catalogue.reviews;
            assert!(!std::ptr::eq(own, riders), "{} uses the demo shop's reviews", tenant.code);
            assert_eq!(stars(own), stars(riders), "{}", tenant.code);
            // Only the neutral 普通です (価格相応) may read the same in every trade.
            let shared = own.texts.iter().filter(|(_, _, body)| riders.texts.iter().any(|(_, _, b)| b == body)).count();
            assert!(shared <= 1, "{}: {shared} reviews are the demo shop's", tenant.code);
            assert!(own.nicknames.iter().all(|n| !riders.nicknames.contains(n)), "{}", tenant.code);
        }
    }
}
