//! The demo catalogues. Each shop's catalogue is a set of tables — categories, makers,
//! brands, tags and product lines (one line = one kind of item in several models) — from
//! which [`products`] derives every product by its index alone: price reductions, stock,
//! sale periods, images, tags and reviews follow fixed rules below, with no randomness, so the
//! same seed always gives the same shop and tests can count on it.
//!
//! Each line's pictures are drawings of its kind of goods in the shop's palette, made and
//! stored by pictures.rs before the products are written.
use crate::infra::ids::ChannelId;
use std::collections::HashMap;

use super::illustrations::{Kind, kind_of};
use super::pictures::Pictures;

use crate::catalog::store::{
    self, product_writes::NewProduct, product_writes::NewReview, product_writes::NewVariation, products::Link, taxonomy::NewBrand, taxonomy::NewCategory,
    taxonomy::NewMaker, taxonomy::PRODUCTS_TABLE,
};
use crate::infra::db::Tx;
use crate::infra::ids::new_id;
use crate::infra::search_text;

const HOUR_MS: i64 = 60 * 60 * 1000;
const DAY_MS: i64 = 24 * HOUR_MS;

pub struct Catalogue {
    /// Product keys are this prefix and a four-digit number.
    pub key_prefix: &'static str,
    /// (key, name, parent key): parents before children, three levels.
    pub categories: &'static [(&'static str, &'static str, Option<&'static str>)],
    pub makers: &'static [Maker],
    pub brands: &'static [Brand],
    /// (key, name)
    pub tags: &'static [(&'static str, &'static str)],
    /// (tag key, password): tags whose product list opens only with the password.
    pub protected_tags: &'static [(&'static str, &'static str)],
    pub lines: &'static [Line],
    /// Leaf category → the leaf categories whose first items are offered as accessories.
    pub accessories: &'static [(&'static str, &'static [&'static str])],
    /// What its customers write about its items.
    pub reviews: &'static ReviewTexts,
}

/// Reviews in a shop's own trade, written to fit any of its items. The ratings follow the same
/// order in every shop (see RIDER_REVIEWS), so every catalogue has the same spread of stars.
pub struct ReviewTexts {
    /// (rating, title, body)
    pub texts: &'static [(i64, &'static str, &'static str)],
    pub nicknames: &'static [&'static str],
}

pub struct Maker {
    pub key: &'static str,
    pub name: &'static str,
    pub kana: &'static str,
    pub description: &'static str,
}

pub struct Brand {
    pub key: &'static str,
    pub name: &'static str,
    pub maker: &'static str,
    pub description: &'static str,
}

/// Sizes and colours a line's items come in; each combination is one sellable variation.
#[derive(Clone, Copy)]
pub enum Options {
    Single,
    Sizes(&'static [&'static str]),
    Colors(&'static [&'static str]),
    SizesColors(&'static [&'static str], &'static [&'static str]),
}

pub struct Line {
    /// Leaf category key.
    pub category: &'static str,
    pub maker: &'static str,
    pub brand: &'static str,
    /// Product codes are this prefix and the model's two-digit number.
    pub code: &'static str,
    /// What the item is; the product name is this and the model.
    pub noun: &'static str,
    /// (model, tax-included price in yen)
    pub models: &'static [(&'static str, i64)],
    pub options: Options,
    /// 10, or 8 for food and drink (reduced rate).
    pub tax_rate: i64,
    pub tags: &'static [&'static str],
    pub description: &'static str,
}

pub fn for_shop(code: &str) -> Option<&'static Catalogue> {
    match code {
        super::DEMO => Some(&DEMO_CATALOGUE),
        super::CORPORATE => Some(&CORPORATE_CATALOGUE),
        _ => super::tenants::find(code).map(|tenant| tenant.catalogue),
    }
}

// =============================================================================================
// ライドパーツ本舗 (demo): motorcycle and bicycle parts.

const GLOVE_SIZES: &[&str] = &["S", "M", "L", "LL", "3L"];

static DEMO_CATALOGUE: Catalogue = Catalogue {
    key_prefix: "rp",
    categories: &[
        ("bike", "バイク用品", None),
        ("bike-electric", "電装パーツ", Some("bike")),
        ("bike-led-bulb", "LEDバルブ", Some("bike-electric")),
        ("bike-battery", "バッテリー・充電器", Some("bike-electric")),
        ("bike-usb", "USB電源・充電器", Some("bike-electric")),
        ("bike-exterior", "外装パーツ", Some("bike")),
        ("bike-mirror", "ミラー", Some("bike-exterior")),
        ("bike-grip", "ハンドル・グリップ", Some("bike-exterior")),
        ("bike-screen", "スクリーン", Some("bike-exterior")),
        ("bike-fender", "フェンダーレス・ナンバー周り", Some("bike-exterior")),
        ("bike-engine", "エンジン・吸排気", Some("bike")),
        ("bike-muffler", "マフラー", Some("bike-engine")),
        ("bike-plug", "スパークプラグ", Some("bike-engine")),
        ("bike-oil", "エンジンオイル", Some("bike-engine")),
        ("bike-engine-parts", "エンジンパーツ", Some("bike-engine")),
        ("bike-chassis", "足回り・ブレーキ", Some("bike")),
        ("bike-brake-pad", "ブレーキパッド", Some("bike-chassis")),
        ("bike-chain", "ドライブチェーン", Some("bike-chassis")),
        ("bike-sprocket", "スプロケット", Some("bike-chassis")),
        ("bike-gear", "ライディングギア", Some("bike")),
        ("bike-glove", "グローブ", Some("bike-gear")),
        ("bike-helmet", "ヘルメット", Some("bike-gear")),
        ("bike-jacket", "ジャケット", Some("bike-gear")),
        ("bike-touring", "ツーリング用品", Some("bike")),
        ("bike-bag", "バッグ", Some("bike-touring")),
        ("bike-phone-holder", "スマホホルダー", Some("bike-touring")),
        ("bike-intercom", "インカム", Some("bike-touring")),
        ("cycle", "自転車パーツ", None),
        ("cycle-tire", "タイヤ・チューブ", Some("cycle")),
        ("cycle-tire-road", "ロードバイク用", Some("cycle-tire")),
        ("cycle-tire-mtb", "MTB用", Some("cycle-tire")),
        ("cycle-tire-city", "シティサイクル用", Some("cycle-tire")),
        ("cycle-drivetrain", "ドライブトレイン", Some("cycle")),
        ("cycle-chain", "チェーン", Some("cycle-drivetrain")),
        ("cycle-sprocket", "カセットスプロケット", Some("cycle-drivetrain")),
        ("cycle-pedal", "ペダル", Some("cycle-drivetrain")),
        ("cycle-brake", "ブレーキ", Some("cycle")),
        ("cycle-brake-shoe", "ブレーキシュー", Some("cycle-brake")),
        ("cycle-disc-pad", "ディスクブレーキパッド", Some("cycle-brake")),
        ("cycle-accessory", "アクセサリー", Some("cycle")),
        ("cycle-light", "ライト", Some("cycle-accessory")),
        ("cycle-bottle-cage", "ボトル・ボトルケージ", Some("cycle-accessory")),
        ("cycle-lock", "ロック", Some("cycle-accessory")),
        ("cycle-computer", "サイクルコンピューター", Some("cycle-accessory")),
        ("cycle-wear", "ウェア", Some("cycle")),
        ("cycle-glove", "サイクルグローブ", Some("cycle-wear")),
        ("cycle-helmet", "自転車ヘルメット", Some("cycle-wear")),
        ("cycle-nutrition", "補給食・ドリンク", Some("cycle")),
        ("cycle-gel", "エナジージェル", Some("cycle-nutrition")),
        ("cycle-drink", "ドリンク", Some("cycle-nutrition")),
        ("maintenance", "メンテナンス用品", None),
        ("maint-chemical", "ケミカル", Some("maintenance")),
        ("maint-chain-lube", "チェーンルブ", Some("maint-chemical")),
        ("maint-cleaner", "クリーナー", Some("maint-chemical")),
        ("maint-tools", "工具", Some("maintenance")),
        ("maint-wrench", "レンチ・ソケット", Some("maint-tools")),
        ("maint-pump", "空気入れ", Some("maint-tools")),
    ],
    makers: &[
        Maker {
            key: "daytona",
            name: "デイトナ",
            kana: "でいとな",
            description: "1972年創業。電装品からツーリング用品まで、二輪用品を幅広く手がける総合メーカー。",
        },
        Maker {
            key: "kitaco", name: "キタコ", kana: "きたこ", description: "大阪のパーツメーカー。小排気量車のカスタムパーツと補修部品に定評があります。"
        },
        Maker {
            key: "takegawa", name: "SP武川", kana: "すぺしゃるぱーつたけがわ", description: "ボアアップキットをはじめとするエンジンパーツの老舗。"
        },
        Maker {
            key: "yoshimura", name: "ヨシムラ", kana: "よしむら", description: "レースで培った技術を活かしたマフラーで知られるメーカー。"
        },
        Maker {
            key: "rk", name: "RKジャパン", kana: "あーるけーじゃぱん", description: "ドライブチェーンの専門メーカー。シールチェーンの種類が豊富です。"
        },
        Maker { key: "vesrah", name: "ベスラ", kana: "べすら", description: "ブレーキパッド・シューの専門メーカー。" },
        Maker { key: "ngk", name: "NGK", kana: "えぬじーけー", description: "スパークプラグの定番メーカー。純正採用多数。" },
        Maker {
            key: "gs-yuasa", name: "GSユアサ", kana: "じーえすゆあさ", description: "国内大手のバッテリーメーカー。純正採用多数。"
        },
        Maker { key: "kijima", name: "キジマ", kana: "きじま", description: "ミラーやグリップなど外装パーツを幅広く展開。" },
        Maker {
            key: "tanax", name: "タナックス", kana: "たなっくす", description: "ツーリングバッグブランド「MOTOFIZZ」を展開するメーカー。"
        },
        Maker {
            key: "komine", name: "コミネ", kana: "こみね", description: "プロテクター付きウェアとグローブを手頃な価格で展開。"
        },
        Maker { key: "rs-taichi", name: "RSタイチ", kana: "あーるえすたいち", description: "大阪発のライディングギアブランド。" },
        Maker { key: "shoei", name: "SHOEI", kana: "しょうえい", description: "国産ヘルメットメーカー。高い安全性とかぶり心地。" },
        Maker {
            key: "ogk-kabuto", name: "OGKカブト", kana: "おーじーけーかぶと", description: "自転車用ヘルメットの国内メーカー。子ども用も充実。"
        },
        Maker {
            key: "shimano", name: "シマノ", kana: "しまの", description: "自転車のドライブトレインとブレーキで世界的なシェアを持つメーカー。"
        },
        Maker {
            key: "panaracer", name: "パナレーサー", kana: "ぱなれーさー", description: "国産の自転車タイヤ・チューブ・空気入れのメーカー。"
        },
        Maker { key: "irc", name: "IRC", kana: "あいあーるしー", description: "井上ゴム工業の自転車タイヤブランド。" },
        Maker {
            key: "cateye", name: "キャットアイ", kana: "きゃっとあい", description: "自転車用ライトとサイクルコンピューターのメーカー。"
        },
        Maker {
            key: "topeak", name: "トピーク", kana: "とぴーく", description: "携帯工具・ポンプ・ボトルケージなどの自転車アクセサリー。"
        },
        Maker { key: "pearl-izumi", name: "パールイズミ", kana: "ぱーるいずみ", description: "国産サイクルウェアの老舗。" },
        Maker {
            key: "wakos", name: "ワコーズ", kana: "わこーず", description: "オイルとケミカル用品のメーカー。プロの整備士にも愛用者が多い。"
        },
        Maker {
            key: "ktc", name: "KTC", kana: "けーてぃーしー", description: "京都機械工具。国産ハンドツールの代表的メーカー。"
        },
        Maker {
            key: "ridecraft",
            name: "ライドクラフト",
            kana: "らいどくらふと",
            description: "ライドパーツ本舗のオリジナルブランド。補給食やロックなど日常使いの品を。",
        },
    ],
    brands: &[
        Brand { key: "daytona", name: "DAYTONA", maker: "daytona", description: "デイトナの主力ブランド。" },
        Brand {
            key: "henly-begins", name: "ヘンリービギンズ", maker: "daytona", description: "デイトナのツーリングバッグ・用品ブランド。"
        },
        Brand { key: "kitaco", name: "KITACO", maker: "kitaco", description: "キタコのパーツブランド。" },
        Brand { key: "sp-takegawa", name: "SP TAKEGAWA", maker: "takegawa", description: "SP武川のパーツブランド。" },
        Brand { key: "yoshimura", name: "YOSHIMURA", maker: "yoshimura", description: "ヨシムラのマフラーブランド。" },
        Brand { key: "rk", name: "RK", maker: "rk", description: "RKジャパンのチェーンブランド。" },
        Brand { key: "vesrah", name: "VESRAH", maker: "vesrah", description: "ベスラのブレーキブランド。" },
        Brand { key: "ngk", name: "NGK", maker: "ngk", description: "NGKスパークプラグ。" },
        Brand { key: "yuasa", name: "YUASA", maker: "gs-yuasa", description: "GSユアサの二輪用バッテリー。" },
        Brand { key: "kijima", name: "KIJIMA", maker: "kijima", description: "キジマの外装パーツブランド。" },
        Brand { key: "motofizz", name: "MOTOFIZZ", maker: "tanax", description: "タナックスのツーリングバッグブランド。" },
        Brand { key: "komine", name: "KOMINE", maker: "komine", description: "コミネのウェア・グローブ。" },
        Brand { key: "rs-taichi", name: "RS TAICHI", maker: "rs-taichi", description: "RSタイチのライディングギア。" },
        Brand { key: "shoei", name: "SHOEI", maker: "shoei", description: "SHOEIのヘルメット。" },
        Brand { key: "kabuto", name: "KABUTO", maker: "ogk-kabuto", description: "OGKカブトの自転車ヘルメット。" },
        Brand { key: "shimano-road", name: "SHIMANO ロード", maker: "shimano", description: "シマノのロードバイク向けコンポーネント。" },
        Brand { key: "shimano-mtb", name: "SHIMANO MTB", maker: "shimano", description: "シマノのMTB・クロスバイク向けコンポーネント。" },
        Brand { key: "panaracer", name: "Panaracer", maker: "panaracer", description: "パナレーサーのタイヤ・ポンプ。" },
        Brand { key: "irc", name: "IRC tire", maker: "irc", description: "IRCの自転車タイヤ。" },
        Brand { key: "cateye", name: "CATEYE", maker: "cateye", description: "キャットアイのライト・サイコン。" },
        Brand { key: "topeak", name: "TOPEAK", maker: "topeak", description: "トピークの自転車アクセサリー。" },
        Brand { key: "pearl-izumi", name: "PEARL IZUMI", maker: "pearl-izumi", description: "パールイズミのサイクルウェア。" },
        Brand { key: "wakos", name: "WAKO'S", maker: "wakos", description: "ワコーズのオイル・ケミカル。" },
        Brand { key: "ktc", name: "KTC", maker: "ktc", description: "KTCのハンドツール。" },
        Brand { key: "ride-fuel", name: "RIDE FUEL", maker: "ridecraft", description: "ライドクラフトの補給食・ドリンク。" },
        Brand { key: "ridecraft", name: "RIDECRAFT", maker: "ridecraft", description: "ライドクラフトのオリジナル用品。" },
    ],
    tags: &[
        ("new", "新商品"),
        ("sale", "セール"),
        ("shaken", "車検対応"),
        ("waterproof", "防水"),
        ("winter", "冬物"),
        ("staff-pick", "スタッフおすすめ"),
        ("long-seller", "ロングセラー"),
        ("limited", "期間限定"),
        ("members-sale", "会員限定セール"),
    ],
    // The password is in the README under the demo data.
    protected_tags: &[("members-sale", "ride-members")],
    lines: &[
        // --- バイク用品 > 電装パーツ
        Line {
            category: "bike-led-bulb",
            maker: "daytona",
            brand: "daytona",
            code: "DT-995",
            noun: "LEDヘッドライトバルブ",
            models: &[
                ("H4 Hi/Lo 6000K", 9980),
                ("H4 Hi/Lo 4500K", 9980),
                ("H7 6000K", 8980),
                ("HS1 Hi/Lo 6000K", 9480),
                ("PH7 Hi/Lo", 5980),
                ("PH8 Hi/Lo", 5980),
                ("HB3 6000K", 8980),
                ("H11 6000K", 8980),
                ("T10 ポジション 2個入", 1980),
            ],
            options: Options::Single,
            tax_rate: 10,
            tags: &["shaken"],
            description: "純正ハロゲンバルブと交換するだけで取り付けられるLEDバルブ。カットラインがはっきり出る配光で、車検にも対応します。",
        },
        Line {
            category: "bike-led-bulb",
            maker: "kitaco",
            brand: "kitaco",
            code: "KT-800",
            noun: "LEDウインカーバルブ",
            models: &[
                ("S25 シングル アンバー 2個入", 2980),
                ("T20 シングル アンバー 2個入", 2780),
                ("G18 アンバー 2個入", 2480),
                ("S25 ダブル レッド 2個入", 3280),
                ("T10 ホワイト 2個入", 1580),
                ("T13 メーター球 2個入", 1280),
                ("BA9s ホワイト 2個入", 1480),
                ("ハイフラ防止リレー 2ピン", 2680),
            ],
            options: Options::Single,
            tax_rate: 10,
            tags: &[],
            description: "省電力で長寿命なLEDバルブ。LED化したときのハイフラッシャー対策にはリレーを併せてお使いください。",
        },
        Line {
            category: "bike-battery",
            maker: "gs-yuasa",
            brand: "yuasa",
            code: "GY-12",
            noun: "バイク用バッテリー",
            models: &[
                ("YTX4L-BS 液入充電済", 6980),
                ("YTX5L-BS 液入充電済", 7980),
                ("YTX7L-BS 液入充電済", 9980),
                ("YTX9-BS 液入充電済", 12800),
                ("YTZ7S 液入充電済", 11800),
                ("YTZ10S 液入充電済", 17800),
                ("YTX12-BS 液入充電済", 15800),
                ("YB12AL-A2 開放型", 14800),
                ("GT4B-5 液入充電済", 6480),
            ],
            options: Options::Single,
            tax_rate: 10,
            tags: &["long-seller"],
            description: "液入り充電済みで届いてすぐに取り付けられる制御弁式バッテリー。端子ボルト付き。",
        },
        Line {
            category: "bike-battery",
            maker: "daytona",
            brand: "daytona",
            code: "DT-958",
            noun: "バッテリーチャージャー",
            models: &[
                ("ジェルバッテリー対応 4.5A", 9980),
                ("ミニ充電器 0.8A", 5980),
                ("リチウムイオン対応 5A", 14800),
                ("維持充電ケーブル SAE端子", 1480),
                ("バッテリーテスター デジタル", 3980),
                ("ジャンプスターター 8000mAh", 12800),
            ],
            options: Options::Single,
            tax_rate: 10,
            tags: &["winter"],
            description: "冬の間の保管や乗る頻度が少ない方におすすめ。つなぎっぱなしでも過充電しない維持充電モード付き。",
        },
        Line {
            category: "bike-usb",
            maker: "daytona",
            brand: "daytona",
            code: "DT-169",
            noun: "バイク専用電源",
            models: &[
                ("USB Type-A 1ポート 2.1A", 3480),
                ("USB Type-C 1ポート PD18W", 4480),
                ("Type-A+Type-C 2ポート", 5480),
                ("シガーソケット 1口", 2980),
                ("防水 Type-C PD 60W", 6980),
                ("ACC電源取り出しハーネス", 1980),
                ("ヒューズ電源 ミニ平型", 1280),
                ("電圧計付き USB 2ポート", 4980),
            ],
            options: Options::Single,
            tax_rate: 10,
            tags: &["waterproof"],
            description: "スマートフォンやインカムの充電に。雨の日も使える防水キャップ付きで、ハンドルバーに取り付けられます。",
        },
        // --- バイク用品 > 外装パーツ
        Line {
            category: "bike-mirror",
            maker: "kijima",
            brand: "kijima",
            code: "KJ-204",
            noun: "ミラー",
            models: &[
                ("タイプ1 ブラック 左右セット M10", 4980),
                ("タイプ2 クローム 左右セット M10", 5480),
                ("バーエンドミラー 左右セット", 9980),
                ("ラウンドミラー φ100 正ネジ", 2980),
                ("スクエアミラー 逆ネジ", 2980),
                ("カウルミラー アダプター付", 6480),
                ("ミラー延長アダプター 30mm", 1480),
                ("ミラー変換アダプター M8→M10", 880),
            ],
            options: Options::Single,
            tax_rate: 10,
            tags: &["shaken"],
            description: "保安基準に適合した鏡面サイズのミラー。ネジ径と正逆ネジを確認してお選びください。",
        },
        Line {
            category: "bike-grip",
            maker: "daytona",
            brand: "daytona",
            code: "DT-743",
            noun: "グリップ",
            models: &[
                ("GEL-GRIP ロング 120mm", 2980),
                ("GEL-GRIP ショート 115mm", 2980),
                ("ダイヤモンドグリップ 120mm", 1980),
                ("ヒートグリップ 巻き付けタイプ", 8980),
                ("スロットルパイプ ハイスロ", 4480),
                ("グリップエンド ブラック", 2480),
                ("ハンドルバー アップタイプ 22.2mm", 5980),
                ("ハンドルブレース 22.2mm", 2680),
            ],
            options: Options::Single,
            tax_rate: 10,
            tags: &[],
            description: "手のひらに伝わる振動をやわらげ、長距離でも疲れにくいグリップまわりのパーツ。",
        },
        Line {
            category: "bike-screen",
            maker: "daytona",
            brand: "daytona",
            code: "DT-177",
            noun: "ウインドシールド",
            models: &[
                ("ロングタイプ クリア", 15800),
                ("ショートタイプ スモーク", 12800),
                ("スポーツタイプ ライトスモーク", 13800),
                ("ミドルタイプ クリア", 14800),
                ("ハンドルマウントステー 22.2mm", 4980),
                ("スクリーン用クリーナー", 1280),
                ("エアロスクリーン ハードコート", 19800),
            ],
            options: Options::Single,
            tax_rate: 10,
            tags: &[],
            description: "高速走行時の風圧を減らし、ツーリングの疲れを軽くするスクリーン。傷に強いハードコート仕様もあります。",
        },
        Line {
            category: "bike-fender",
            maker: "kitaco",
            brand: "kitaco",
            code: "KT-691",
            noun: "フェンダーレスキット",
            models: &[
                ("GROM用", 14800),
                ("MONKEY125用", 13800),
                ("CB250R用", 16800),
                ("Z900RS用", 19800),
                ("ナンバーステー 汎用", 3980),
                ("リフレクター 丸型", 880),
                ("LEDナンバー灯", 2980),
            ],
            options: Options::Single,
            tax_rate: 10,
            tags: &["shaken"],
            description: "リア周りをすっきり見せるフェンダーレスキット。ナンバー灯・リフレクター付きで保安基準に適合します。",
        },
        // --- バイク用品 > エンジン・吸排気
        Line {
            category: "bike-muffler",
            maker: "yoshimura",
            brand: "yoshimura",
            code: "YS-110",
            noun: "機械曲サイクロンマフラー",
            models: &[
                ("GROM用 政府認証", 79800),
                ("CB125R用 政府認証", 84800),
                ("MONKEY125用 政府認証", 82800),
                ("Z900RS用 スリップオン", 118000),
                ("CT125用 政府認証", 79800),
                ("REBEL250用 スリップオン", 64800),
                ("GSX-S125用 政府認証", 74800),
                ("SR400用 クラシック", 98000),
            ],
            options: Options::Single,
            tax_rate: 10,
            tags: &["shaken"],
            description: "政府認証取得の車検対応マフラー。低中速のトルクを損なわず、心地よい排気音を楽しめます。",
        },
        Line {
            category: "bike-plug",
            maker: "ngk",
            brand: "ngk",
            code: "NG-30",
            noun: "スパークプラグ",
            models: &[
                ("CR7HSA", 680),
                ("CR8E", 780),
                ("CPR8EA-9", 780),
                ("DR8EA", 680),
                ("BPR6ES", 580),
                ("CR9EIX イリジウム", 1980),
                ("CPR7EAIX-9 イリジウム", 1980),
                ("LMAR8AI-9 イリジウム", 2480),
                ("プラグレンチ 16mm", 1280),
            ],
            options: Options::Single,
            tax_rate: 10,
            tags: &["long-seller"],
            description: "純正採用の定番スパークプラグ。イリジウムタイプは着火性と耐久性に優れます。",
        },
        Line {
            category: "bike-oil",
            maker: "wakos",
            brand: "wakos",
            code: "WK-E4",
            noun: "4サイクルエンジンオイル",
            models: &[
                ("4CT-S 10W-40 1L", 3480),
                ("4CT-S 10W-40 4L", 12800),
                ("プロステージS 10W-40 1L", 2980),
                ("プロステージS 10W-40 4L", 10800),
                ("トリプルアール 5W-30 1L", 2480),
                ("ミニバイク用 10W-30 1L", 1980),
                ("廃油処理パック 4.5L", 580),
                ("オイルフィルター カブ系", 980),
            ],
            options: Options::Single,
            tax_rate: 10,
            tags: &[],
            description: "高回転まで安定した油膜を保つ二輪用エンジンオイル。交換の目安は3,000〜5,000kmです。",
        },
        Line {
            category: "bike-engine-parts",
            maker: "takegawa",
            brand: "sp-takegawa",
            code: "SP-01",
            noun: "ボアアップキット",
            models: &[
                ("モンキー125 181cc", 79800),
                ("グロム 181cc", 79800),
                ("スーパーカブ110 125cc", 54800),
                ("CT125 143cc", 69800),
                ("ダックス125 181cc", 79800),
                ("強化クラッチキット カブ系", 19800),
                ("ハイカム ステージ2", 16800),
                ("オイルクーラーキット 3フィン", 29800),
            ],
            options: Options::Single,
            tax_rate: 10,
            tags: &[],
            description: "排気量アップでパワーとトルクを引き上げるエンジンパーツ。排気量変更の届出が必要な製品があります。",
        },
        // --- バイク用品 > 足回り・ブレーキ
        Line {
            category: "bike-brake-pad",
            maker: "vesrah",
            brand: "vesrah",
            code: "VS-SD",
            noun: "ブレーキパッド",
            models: &[
                ("SD-953 シンタード", 4980),
                ("SD-955 シンタード", 4980),
                ("RJL オーガニック", 2980),
                ("ZD-955 レーシング", 8980),
                ("SD-960", 4480),
                ("SD-968", 5280),
                ("SD-1013", 5480),
                ("VD-156 オーガニック", 2780),
                ("VD-353 オーガニック", 2780),
            ],
            options: Options::Single,
            tax_rate: 10,
            tags: &["long-seller"],
            description: "初期制動とコントロール性を両立したブレーキパッド。適合表で車種と年式をご確認ください。",
        },
        Line {
            category: "bike-chain",
            maker: "rk",
            brand: "rk",
            code: "RK-52",
            noun: "ドライブチェーン",
            models: &[
                ("428R-XW 120L", 9980),
                ("520R-XW 120L", 19800),
                ("525R-XW 120L", 21800),
                ("530R-XW 120L", 23800),
                ("420MRU 100L", 4480),
                ("428MRU 120L", 5980),
                ("GB520XSO 120L ゴールド", 24800),
                ("カシメジョイント 520", 1280),
                ("チェーンカッター&カシメツール", 7980),
            ],
            options: Options::Single,
            tax_rate: 10,
            tags: &[],
            description: "XWリングで摩擦を抑えた長寿命のシールチェーン。交換時はスプロケットの摩耗も点検してください。",
        },
        Line {
            category: "bike-sprocket",
            maker: "kitaco",
            brand: "kitaco",
            code: "KT-530",
            noun: "スプロケット",
            models: &[
                ("フロント 14T 428", 2480),
                ("フロント 15T 428", 2480),
                ("フロント 15T 520", 3280),
                ("フロント 16T 520", 3280),
                ("リア 36T 428", 5980),
                ("リア 38T 428", 5980),
                ("リア 40T 520", 7980),
                ("リア 42T 520", 7980),
            ],
            options: Options::Single,
            tax_rate: 10,
            tags: &[],
            description: "丁数を変えて加速重視・巡航重視に変えられるスプロケット。チェーンと同時交換がおすすめです。",
        },
        // --- バイク用品 > ライディングギア
        Line {
            category: "bike-glove",
            maker: "komine",
            brand: "komine",
            code: "KM-GK8",
            noun: "ウインターグローブ",
            models: &[("GK-839 プロテクト", 6480), ("GK-843 ヒート", 12800), ("GK-821 防水", 5480), ("GK-810 ネオプレーン", 3980)],
            options: Options::SizesColors(GLOVE_SIZES, &["ブラック", "レッド"]),
            tax_rate: 10,
            tags: &["winter", "waterproof"],
            description: "防風・防水フィルムを挟んだ冬用グローブ。スマートフォンのタッチパネルに対応した指先です。",
        },
        Line {
            category: "bike-glove",
            maker: "rs-taichi",
            brand: "rs-taichi",
            code: "RS-RST4",
            noun: "メッシュグローブ",
            models: &[("RST448 ラバーナックル", 5980), ("RST449 パンチング", 5480), ("RST462 ドライマスター", 6980), ("RST470 カーボンプロテクト", 8980)],
            options: Options::SizesColors(&["S", "M", "L", "LL"], &["ブラック", "ホワイト"]),
            tax_rate: 10,
            tags: &[],
            description: "夏でも蒸れにくいメッシュグローブ。拳の部分はプロテクターで保護します。",
        },
        Line {
            category: "bike-glove",
            maker: "komine",
            brand: "komine",
            code: "KM-GK2",
            noun: "レザーグローブ",
            models: &[("GK-217 プロテクトレザー", 7980), ("GK-234 ヴィンテージ", 8980), ("GK-246 ショート", 5980)],
            options: Options::SizesColors(&["M", "L", "LL"], &["ブラック", "ブラウン"]),
            tax_rate: 10,
            tags: &[],
            description: "使い込むほど手になじむ牛革グローブ。クラシックなバイクによく似合います。",
        },
        Line {
            category: "bike-helmet",
            maker: "shoei",
            brand: "shoei",
            code: "SH-FF",
            noun: "フルフェイスヘルメット",
            models: &[("Z-8", 59400), ("GT-Air3", 74800), ("X-Fifteen", 89100), ("NEOTEC 3", 84700)],
            options: Options::SizesColors(&["S", "M", "L", "XL"], &["ブラック", "ホワイト"]),
            tax_rate: 10,
            tags: &[],
            description: "JIS・SNELL規格に適合したフルフェイスヘルメット。内装は取り外して洗えます。",
        },
        Line {
            category: "bike-helmet",
            maker: "shoei",
            brand: "shoei",
            code: "SH-JT",
            noun: "ジェットヘルメット",
            models: &[("J-Cruise 3", 61600), ("J・O+", 50600), ("EX-ZERO", 52800)],
            options: Options::Sizes(&["S", "M", "L", "XL"]),
            tax_rate: 10,
            tags: &[],
            description: "開放感のあるジェットヘルメット。インナーサンバイザー付きのモデルもあります。",
        },
        Line {
            category: "bike-jacket",
            maker: "komine",
            brand: "komine",
            code: "KM-JK",
            noun: "ライディングジャケット",
            models: &[
                ("JK-603 プロテクトメッシュ", 14800),
                ("JK-596 ウインター", 19800),
                ("JK-147 プロテクトソフトシェル", 16800),
                ("JK-599 ライトウインドパーカー", 9980),
            ],
            options: Options::SizesColors(&["M", "L", "LL", "3L"], &["ブラック", "ネイビー", "カーキ"]),
            tax_rate: 10,
            tags: &[],
            description: "肩・肘・背中にCE規格プロテクターを備えたジャケット。普段着にもなじむデザインです。",
        },
        // --- バイク用品 > ツーリング用品
        Line {
            category: "bike-bag",
            maker: "tanax",
            brand: "motofizz",
            code: "MF-K",
            noun: "ツーリングバッグ",
            models: &[
                ("キャンピングシートバッグ2", 23100),
                ("シェルシートバッグ MT", 15400),
                ("ミニフィールドシートバッグ", 12100),
                ("タンクバッグ マグネット", 9900),
                ("サイドバッグ 28L", 16500),
                ("ツールバッグ", 4950),
                ("ウエストバッグ", 6600),
            ],
            options: Options::Colors(&["ブラック", "カーキ", "ネイビー"]),
            tax_rate: 10,
            tags: &["waterproof"],
            description: "キャンプツーリングにも日帰りにも使える容量可変のバッグ。レインカバー付き。",
        },
        Line {
            category: "bike-phone-holder",
            maker: "daytona",
            brand: "daytona",
            code: "DT-179",
            noun: "スマートフォンホルダー",
            models: &[
                ("IH-550D 振動吸収", 6980),
                ("クイックタイプ ハンドル用", 4980),
                ("ワイヤレス充電 Qi対応", 12800),
                ("ミラーマウント", 2480),
                ("防水ケース 6.5インチ", 3980),
                ("ボールマウント 22.2mm", 2980),
                ("振動吸収ダンパー 単品", 1980),
            ],
            options: Options::Single,
            tax_rate: 10,
            tags: &[],
            description: "エンジンの振動からスマートフォンのカメラを守るダンパー付きホルダー。片手で着脱できます。",
        },
        Line {
            category: "bike-intercom",
            maker: "daytona",
            brand: "daytona",
            code: "DT-E1",
            noun: "バイク用インカム",
            models: &[
                ("DT-E1+ シングル", 25800),
                ("DT-E1+ ペアセット", 49800),
                ("DT-01+ シングル", 19800),
                ("ヘルメット取付ブラケット", 2980),
                ("マイクスポンジ 2個入", 980),
                ("スピーカー ボリュームアップ", 5980),
            ],
            options: Options::Single,
            tax_rate: 10,
            tags: &["waterproof"],
            description: "仲間との会話も音楽もクリアに届くBluetoothインカム。最大4人まで同時通話できます。",
        },
        // --- 自転車パーツ > タイヤ・チューブ
        Line {
            category: "cycle-tire-road",
            maker: "panaracer",
            brand: "panaracer",
            code: "PR-AG",
            noun: "ロードバイクタイヤ",
            models: &[
                ("アジリスト 700x25C", 6600),
                ("アジリスト 700x28C", 6600),
                ("アジリスト TLR 700x28C", 8800),
                ("ツーキニスト 700x28C", 3300),
                ("グラベルキング 700x32C", 6050),
                ("グラベルキング SK 700x38C", 6600),
                ("Rエアチューブ 700x23-28C 仏式", 1650),
                ("チューブ 700x25-32C 仏式48mm", 990),
            ],
            options: Options::Single,
            tax_rate: 10,
            tags: &["long-seller"],
            description: "転がりの軽さと耐パンク性を両立した国産タイヤ。通勤からレースまで。",
        },
        Line {
            category: "cycle-tire-road",
            maker: "irc",
            brand: "irc",
            code: "IR-AS",
            noun: "ロードバイクタイヤ",
            models: &[
                ("ASPITE PRO 700x25C", 7480),
                ("FORMULA PRO TLR 700x28C", 8580),
                ("JETTY PLUS 700x25C", 3300),
                ("BOKEN 700x36C", 6380),
                ("チューブレス シーラント 150ml", 1980),
            ],
            options: Options::Single,
            tax_rate: 10,
            tags: &[],
            description: "グリップに優れたコンパウンドのタイヤ。チューブレスレディ対応モデルもあります。",
        },
        Line {
            category: "cycle-tire-mtb",
            maker: "panaracer",
            brand: "panaracer",
            code: "PR-DR",
            noun: "MTBタイヤ",
            models: &[
                ("ドライバー プロ 29x2.2", 7700),
                ("ドライバー 27.5x2.2", 5500),
                ("ファイアー XC 26x2.1", 4950),
                ("CG CX 700x33C", 6050),
                ("チューブ 29x1.9-2.35 仏式", 1320),
                ("チューブ 27.5x1.9-2.35 米式", 1100),
            ],
            options: Options::Single,
            tax_rate: 10,
            tags: &[],
            description: "泥や砂利でも食いつくブロックパターンのオフロードタイヤ。",
        },
        Line {
            category: "cycle-tire-city",
            maker: "irc",
            brand: "irc",
            code: "IR-CT",
            noun: "シティサイクルタイヤ",
            models: &[
                ("26x1 3/8 チューブ付", 2980),
                ("27x1 3/8 チューブ付", 2980),
                ("24x1 3/8 チューブ付", 2780),
                ("20x1.75 チューブ付", 2480),
                ("26x1 3/8 耐パンク", 4980),
                ("虫ゴム 英式バルブ 5個入", 330),
                ("チューブ 26インチ 英式", 880),
            ],
            options: Options::Single,
            tax_rate: 10,
            tags: &["long-seller"],
            description: "通勤・通学用のママチャリに。すり減りにくい厚めのトレッドです。",
        },
        // --- 自転車パーツ > ドライブトレイン
        Line {
            category: "cycle-chain",
            maker: "shimano",
            brand: "shimano-road",
            code: "SM-CN",
            noun: "チェーン",
            models: &[
                ("CN-M8100 12S 126L", 6050),
                ("CN-M7100 12S 126L", 4400),
                ("CN-HG701 11S 116L", 4950),
                ("CN-HG601 11S 116L", 3630),
                ("CN-HG54 10S 116L", 2750),
                ("CN-HG40 8S 116L", 1540),
                ("クイックリンク SM-CN900 11S", 990),
                ("チェーンチェッカー TL-CN42", 1980),
            ],
            options: Options::Single,
            tax_rate: 10,
            tags: &[],
            description: "変速性能を引き出す純正チェーン。伸びを定期的にチェックして交換しましょう。",
        },
        Line {
            category: "cycle-sprocket",
            maker: "shimano",
            brand: "shimano-road",
            code: "SM-CS",
            noun: "カセットスプロケット",
            models: &[
                ("CS-R8100 12S 11-30T", 16500),
                ("CS-R7100 12S 11-34T", 10450),
                ("CS-HG800 11S 11-34T", 8250),
                ("CS-R7000 11S 11-28T", 6600),
                ("CS-HG500 10S 11-34T", 3850),
                ("CS-HG41 8S 11-32T", 2750),
                ("ロックリング 11T用", 770),
            ],
            options: Options::Single,
            tax_rate: 10,
            tags: &[],
            description: "なめらかな変速のカセットスプロケット。ワイドレシオで坂道も楽に。",
        },
        Line {
            category: "cycle-pedal",
            maker: "shimano",
            brand: "shimano-mtb",
            code: "SM-PD",
            noun: "ペダル",
            models: &[
                ("PD-R8000 SPD-SL", 19800),
                ("PD-R7000 SPD-SL", 14300),
                ("PD-R550 SPD-SL", 7700),
                ("PD-M520 SPD", 5280),
                ("PD-EH500 片面SPD", 8800),
                ("PD-GR500 フラット", 6600),
                ("SM-SH11 クリート", 2530),
            ],
            options: Options::Single,
            tax_rate: 10,
            tags: &[],
            description: "踏み込んだ力を無駄なく伝えるビンディングペダルとフラットペダル。",
        },
        // --- 自転車パーツ > ブレーキ
        Line {
            category: "cycle-brake-shoe",
            maker: "shimano",
            brand: "shimano-road",
            code: "SM-BS",
            noun: "ブレーキシュー",
            models: &[
                ("R55C4 カートリッジ", 1980),
                ("R55C4 交換用シュー", 1100),
                ("S70C Vブレーキ", 880),
                ("M70R2 Vブレーキ", 990),
                ("BR-R7000 ブレーキキャリパー 前", 5500),
            ],
            options: Options::Single,
            tax_rate: 10,
            tags: &[],
            description: "雨の日でも制動力が落ちにくいブレーキシュー。溝がなくなったら交換時期です。",
        },
        Line {
            category: "cycle-disc-pad",
            maker: "shimano",
            brand: "shimano-mtb",
            code: "SM-DP",
            noun: "ディスクブレーキパッド",
            models: &[
                ("L05A レジン", 2200),
                ("L04C メタル", 2640),
                ("J05A レジン", 1980),
                ("N04C メタル", 3080),
                ("G05S レジン", 1650),
                ("ディスクローター RT-CL800 160mm", 7700),
            ],
            options: Options::Single,
            tax_rate: 10,
            tags: &[],
            description: "静かなレジンと長持ちするメタルから選べるディスクブレーキパッド。",
        },
        // --- 自転車パーツ > アクセサリー
        Line {
            category: "cycle-light",
            maker: "cateye",
            brand: "cateye",
            code: "CE-HL",
            noun: "自転車ライト",
            models: &[
                ("VOLT800 NEO", 13200),
                ("VOLT400 NEO", 7700),
                ("AMPP500", 6050),
                ("GVOLT70.1", 4950),
                ("RAPID mini テールライト", 3300),
                ("ORB テールライト", 1650),
                ("SYNC KINETIC テールライト", 9900),
                ("フレックスタイトブラケット", 880),
            ],
            options: Options::Single,
            tax_rate: 10,
            tags: &[],
            description: "USB充電式で明るく長持ちするライト。夜間の通勤を安全にします。",
        },
        Line {
            category: "cycle-bottle-cage",
            maker: "topeak",
            brand: "topeak",
            code: "TP-BC",
            noun: "ボトルケージ",
            models: &[
                ("シャトルケージ AL", 1650),
                ("シャトルケージ カーボン", 4950),
                ("モジュラーケージ EX", 2200),
                ("サイクルボトル 650ml", 990),
                ("保冷ボトル 750ml", 2200),
                ("ケージアダプター", 1320),
            ],
            options: Options::Single,
            tax_rate: 10,
            tags: &[],
            description: "走行中でもボトルを出し入れしやすいボトルケージ。軽量なカーボンモデルもあります。",
        },
        Line {
            category: "cycle-lock",
            maker: "ridecraft",
            brand: "ridecraft",
            code: "RC-LK",
            noun: "自転車ロック",
            models: &[
                ("ダイヤル式ワイヤー 12x1800mm", 1980),
                ("鍵式ワイヤー φ10x1200mm", 1480),
                ("U字ロック 極太", 4980),
                ("チェーンロック 900mm", 3980),
                ("ブレードロック 85cm", 7980),
            ],
            options: Options::Colors(&["ブラック", "ホワイト", "レッド"]),
            tax_rate: 10,
            tags: &[],
            description: "地球ロックにも使える長さのロック。盗難対策は2つ以上の鍵の併用がおすすめです。",
        },
        Line {
            category: "cycle-computer",
            maker: "cateye",
            brand: "cateye",
            code: "CE-CC",
            noun: "サイクルコンピューター",
            models: &[
                ("パドローネ", 4400),
                ("ストラーダ スマート", 8800),
                ("クイック", 3850),
                ("スピード・ケイデンスセンサー", 4950),
                ("心拍センサー", 6050),
                ("フレックスタイトブラケット", 990),
            ],
            options: Options::Single,
            tax_rate: 10,
            tags: &[],
            description: "速度・距離・時間が一目でわかるサイクルコンピューター。スマートフォン連携モデルもあります。",
        },
        // --- 自転車パーツ > ウェア
        Line {
            category: "cycle-glove",
            maker: "pearl-izumi",
            brand: "pearl-izumi",
            code: "PI-GL",
            noun: "サイクルグローブ",
            models: &[("プロ レーシング 指切り", 4950), ("サマー メッシュ", 3520), ("ウインター フルフィンガー", 6600), ("ウォーム ライト", 4400)],
            options: Options::SizesColors(&["S", "M", "L", "XL"], &["ブラック", "イエロー"]),
            tax_rate: 10,
            tags: &[],
            description: "手のひらのパッドがしびれを軽減するサイクルグローブ。",
        },
        Line {
            category: "cycle-helmet",
            maker: "ogk-kabuto",
            brand: "kabuto",
            code: "KB-HM",
            noun: "自転車ヘルメット",
            models: &[("FLAIR", 28600), ("AERO-R2", 30800), ("CANVAS-SPORTS", 9900), ("IZANAGI", 19800), ("子ども用 SGマーク付", 6600)],
            options: Options::SizesColors(&["S/M", "L/XL"], &["マットブラック", "ホワイト"]),
            tax_rate: 10,
            tags: &[],
            description: "JCF公認モデルを含む自転車用ヘルメット。後頭部のダイヤルでサイズを調整できます。",
        },
        // --- 自転車パーツ > 補給食・ドリンク (軽減税率 8%)
        Line {
            category: "cycle-gel",
            maker: "ridecraft",
            brand: "ride-fuel",
            code: "RF-GL",
            noun: "エナジージェル",
            models: &[
                ("レモン味 40g", 216),
                ("グレープ味 40g", 216),
                ("カフェイン入り コーラ味 40g", 259),
                ("塩梅味 40g", 216),
                ("10個セット ミックス", 2138),
                ("BCAA入り ピーチ味 40g", 259),
            ],
            options: Options::Single,
            tax_rate: 8,
            tags: &[],
            description: "ロングライドやレースの補給に。片手で開けられるキャップ付きパウチです。食品のため返品はお受けできません。",
        },
        Line {
            category: "cycle-drink",
            maker: "ridecraft",
            brand: "ride-fuel",
            code: "RF-DR",
            noun: "スポーツドリンク",
            models: &[
                ("粉末 1L用 10袋", 1080),
                ("粉末 500ml用 20袋", 1296),
                ("電解質タブレット 12錠", 756),
                ("ペットボトル 500ml 24本", 3456),
                ("経口補水パウダー 5袋", 648),
            ],
            options: Options::Single,
            tax_rate: 8,
            tags: &["limited"],
            description: "汗で失われる水分とミネラルを補給するドリンク。夏のライドの熱中症対策に。",
        },
        // --- メンテナンス用品
        Line {
            category: "maint-chain-lube",
            maker: "wakos",
            brand: "wakos",
            code: "WK-CL",
            noun: "チェーンルブ",
            models: &[
                ("チェーンルブ 180ml", 1980),
                ("チェーンクリーナー 330ml", 1650),
                ("自転車用 ドライルブ 50ml", 1650),
                ("自転車用 ウェットルブ 50ml", 1650),
                ("浸透潤滑剤 420ml", 1650),
                ("チェーンルブ 2本セット", 3680),
            ],
            options: Options::Single,
            tax_rate: 10,
            tags: &["long-seller"],
            description: "飛び散りにくく、汚れが付きにくいチェーン用潤滑剤。洗浄後に薄く塗るのがコツです。",
        },
        Line {
            category: "maint-cleaner",
            maker: "wakos",
            brand: "wakos",
            code: "WK-CC",
            noun: "クリーナー",
            models: &[
                ("フォーミングマルチクリーナー 300ml", 2200),
                ("ブレーキ&パーツクリーナー 840ml", 880),
                ("バリアスコート 300ml", 2860),
                ("メッキ&アルミクリーナー 180ml", 1760),
                ("ヘルメットクリーナー 220ml", 1320),
                ("マイクロファイバークロス 3枚", 990),
            ],
            options: Options::Single,
            tax_rate: 10,
            tags: &[],
            description: "塗装面・樹脂・金属に使える洗浄用ケミカル。仕上げのコーティングもこれ一本で。",
        },
        Line {
            category: "maint-wrench",
            maker: "ktc",
            brand: "ktc",
            code: "KT-TL",
            noun: "工具",
            models: &[
                ("トルクレンチ 1/2 20-100N·m", 24800),
                ("コンビネーションレンチ 8-17mm 7本組", 15800),
                ("ソケットセット 3/8 21点", 29800),
                ("ヘキサゴンレンチ 9本組", 5980),
                ("ラチェットハンドル 3/8 ショート", 6980),
                ("自転車用ツールセット 12点", 12800),
                ("ダイヤル式トルクドライバー", 9980),
            ],
            options: Options::Single,
            tax_rate: 10,
            tags: &[],
            description: "整備士が選ぶ国産ハンドツール。ボルトを傷めにくい精度の高い仕上げです。",
        },
        Line {
            category: "maint-pump",
            maker: "topeak",
            brand: "topeak",
            code: "TP-PM",
            noun: "空気入れ",
            models: &[
                ("フロアポンプ ジョーブロー スポーツ III", 5500),
                ("フロアポンプ ジョーブロー マックス HP", 8800),
                ("携帯ポンプ ロードモーフ G", 5280),
                ("携帯ポンプ ポケットロケット", 3520),
                ("CO2インフレーター 16g 2本付", 3850),
                ("デジタル空気圧ゲージ", 4950),
            ],
            options: Options::Single,
            tax_rate: 10,
            tags: &[],
            description: "仏式・米式・英式の各バルブに対応した空気入れ。ゲージ付きで適正空気圧を保てます。",
        },
    ],
    accessories: &[
        ("bike-led-bulb", &["bike-battery"]),
        ("bike-battery", &["bike-usb"]),
        ("bike-oil", &["bike-plug"]),
        ("bike-brake-pad", &["maint-cleaner"]),
        ("bike-chain", &["maint-chain-lube", "bike-sprocket"]),
        ("bike-sprocket", &["bike-chain"]),
        ("bike-glove", &["bike-jacket"]),
        ("bike-helmet", &["bike-intercom", "maint-cleaner"]),
        ("cycle-tire-road", &["maint-pump"]),
        ("cycle-tire-mtb", &["maint-pump"]),
        ("cycle-tire-city", &["maint-pump"]),
        ("cycle-chain", &["maint-chain-lube", "cycle-sprocket"]),
        ("cycle-helmet", &["cycle-glove"]),
        ("cycle-light", &["cycle-lock"]),
        ("cycle-gel", &["cycle-drink"]),
        ("cycle-drink", &["cycle-bottle-cage"]),
    ],
    reviews: &RIDER_REVIEWS,
};

// =============================================================================================
// ライドパーツ 業販サイト (corporate): bulk packs for workshops.

static CORPORATE_CATALOGUE: Catalogue = Catalogue {
    key_prefix: "bz",
    categories: &[
        ("b-repair", "二輪補修部品", None),
        ("b-brake", "ブレーキ", Some("b-repair")),
        ("b-brake-pad", "ブレーキパッド", Some("b-brake")),
        ("b-brake-shoe", "ブレーキシュー", Some("b-brake")),
        ("b-electric", "電装", Some("b-repair")),
        ("b-battery", "バッテリー", Some("b-electric")),
        ("b-chemical", "ケミカル・油脂", None),
        ("b-oil", "オイル", Some("b-chemical")),
        ("b-engine-oil", "業務用エンジンオイル", Some("b-oil")),
        ("b-cleaner", "洗浄剤", Some("b-chemical")),
        ("b-parts-cleaner", "パーツクリーナー", Some("b-cleaner")),
        ("b-tools", "整備工具", None),
        ("b-hand-tools", "ハンドツール", Some("b-tools")),
        ("b-torque", "トルクレンチ", Some("b-hand-tools")),
    ],
    makers: &[
        Maker { key: "vesrah", name: "ベスラ", kana: "べすら", description: "ブレーキパッド・シューの専門メーカー。" },
        Maker { key: "gs-yuasa", name: "GSユアサ", kana: "じーえすゆあさ", description: "国内大手のバッテリーメーカー。" },
        Maker { key: "wakos", name: "ワコーズ", kana: "わこーず", description: "オイルとケミカル用品のメーカー。" },
        Maker { key: "ktc", name: "KTC", kana: "けーてぃーしー", description: "京都機械工具。" },
    ],
    brands: &[
        Brand { key: "vesrah", name: "VESRAH", maker: "vesrah", description: "ベスラのブレーキブランド。" },
        Brand { key: "yuasa", name: "YUASA", maker: "gs-yuasa", description: "GSユアサの二輪用バッテリー。" },
        Brand { key: "wakos", name: "WAKO'S", maker: "wakos", description: "ワコーズのオイル・ケミカル。" },
        Brand { key: "ktc", name: "KTC", maker: "ktc", description: "KTCのハンドツール。" },
    ],
    tags: &[("bulk", "まとめ買い"), ("new", "新商品"), ("sale", "特価")],
    protected_tags: &[],
    lines: &[
        Line {
            category: "b-brake-pad",
            maker: "vesrah",
            brand: "vesrah",
            code: "VS-B10",
            noun: "ブレーキパッド 10セット",
            models: &[
                ("SD-953", 34800),
                ("SD-955", 34800),
                ("SD-960", 31800),
                ("SD-968", 36800),
                ("SD-1013", 38800),
                ("VD-156", 19800),
                ("VD-353", 19800),
                ("RJL", 20800),
            ],
            options: Options::Single,
            tax_rate: 10,
            tags: &["bulk"],
            description: "整備工場様向けの10セット入り。納品書・請求書は掛け払いでまとめてお送りします。",
        },
        Line {
            category: "b-brake-shoe",
            maker: "vesrah",
            brand: "vesrah",
            code: "VS-BS10",
            noun: "ブレーキシュー 10セット",
            models: &[("VB-104", 15800), ("VB-113", 15800), ("VB-120", 16800), ("VB-135", 16800), ("VB-206", 17800), ("VB-219", 17800)],
            options: Options::Single,
            tax_rate: 10,
            tags: &["bulk"],
            description: "スクーター・ビジネスバイク向けブレーキシューの10セット入り。",
        },
        Line {
            category: "b-battery",
            maker: "gs-yuasa",
            brand: "yuasa",
            code: "GY-C4",
            noun: "バッテリー 4個入ケース",
            models: &[
                ("YTX4L-BS", 22800),
                ("YTX5L-BS", 25800),
                ("YTX7L-BS", 32800),
                ("YTX9-BS", 41800),
                ("YTZ7S", 38800),
                ("YTZ10S", 58800),
                ("GT4B-5", 20800),
            ],
            options: Options::Single,
            tax_rate: 10,
            tags: &["bulk"],
            description: "液入充電済みバッテリーの4個入ケース。店舗在庫用にどうぞ。",
        },
        Line {
            category: "b-engine-oil",
            maker: "wakos",
            brand: "wakos",
            code: "WK-P20",
            noun: "エンジンオイル 20Lペール缶",
            models: &[
                ("4CT-S 10W-40", 49800),
                ("プロステージS 10W-40", 39800),
                ("プロステージS 15W-50", 41800),
                ("トリプルアール 5W-30", 29800),
                ("ミニバイク用 10W-30", 27800),
                ("2サイクル 2CT", 35800),
            ],
            options: Options::Single,
            tax_rate: 10,
            tags: &["bulk"],
            description: "オイル交換の多い店舗様向けの20Lペール缶。オイルジョッキは別売りです。",
        },
        Line {
            category: "b-parts-cleaner",
            maker: "wakos",
            brand: "wakos",
            code: "WK-C24",
            noun: "パーツクリーナー 24本ケース",
            models: &[
                ("ブレーキ&パーツクリーナー 840ml", 16800),
                ("速乾タイプ 650ml", 14800),
                ("プラスチック対応 500ml", 15800),
                ("チェーンクリーナー 330ml", 29800),
                ("フォーミングクリーナー 300ml", 38800),
            ],
            options: Options::Single,
            tax_rate: 10,
            tags: &["bulk"],
            description: "整備に欠かせない洗浄剤の24本入ケース。",
        },
        Line {
            category: "b-torque",
            maker: "ktc",
            brand: "ktc",
            code: "KT-TR",
            noun: "トルクレンチ",
            models: &[
                ("1/4 5-25N·m", 22800),
                ("3/8 10-50N·m", 24800),
                ("3/8 20-100N·m", 26800),
                ("1/2 40-200N·m", 32800),
                ("1/2 60-300N·m", 38800),
                ("デジタル 3/8 6-60N·m", 49800),
                ("校正証明書付 1/2 40-200N·m", 45800),
            ],
            options: Options::Single,
            tax_rate: 10,
            tags: &[],
            description: "締め付けトルクを確実に管理できるプレセット型トルクレンチ。校正証明書付きモデルもあります。",
        },
    ],
    accessories: &[("b-brake-pad", &["b-parts-cleaner"]), ("b-engine-oil", &["b-parts-cleaner"])],
    reviews: &RIDER_REVIEWS,
};

// =============================================================================================
// Deriving products from the tables.

/// Motorcycle and bicycle riders (the demo shop and its trade site).
pub static RIDER_REVIEWS: ReviewTexts = ReviewTexts {
    texts: &[
        (5, "期待以上でした", "取り付けも簡単で、品質も価格以上だと思います。また購入します。"),
        (4, "満足しています", "説明書が少し分かりにくかったですが、製品自体には満足しています。"),
        (5, "発送が早くて助かりました", "注文の翌日に届きました。梱包も丁寧でした。"),
        (3, "普通です", "可もなく不可もなくといったところです。価格相応だと思います。"),
        (4, "コスパが良い", "純正品より手頃で、性能も十分です。"),
        (5, "ツーリングで活躍", "先週のツーリングで使いましたが、まったく問題ありませんでした。"),
        (2, "サイズ感に注意", "思っていたより大きめでした。購入前に寸法をよく確認すべきでした。"),
        (4, "リピート購入", "消耗品なので定期的に買っています。安定の品質です。"),
    ],
    nicknames: &["カブ主", "週末ライダー", "ヒルクライマー", "峠の猫", "通勤チャリダー", "SR乗り", "ロード初心者", "ガレージ整備士"],
};

/// Colour label → the code used in variation keys.
const COLOR_CODES: &[(&str, &str)] = &[
    ("ブラック", "bk"),
    ("マットブラック", "mbk"),
    ("レッド", "rd"),
    ("ホワイト", "wh"),
    ("ネイビー", "nv"),
    ("カーキ", "kh"),
    ("ブラウン", "br"),
    ("イエロー", "ye"),
    ("グレー", "gy"),
    ("ベージュ", "be"),
    ("グリーン", "gn"),
    ("ナチュラル", "na"),
    ("アイボリー", "iv"),
    ("テラコッタ", "tc"),
    ("ピンク", "pk"),
    ("ブルー", "bl"),
    ("チャコール", "ch"),
];

/// Sizes that cost more (larger cut).
const LARGE_SIZE_SURCHARGE: (&str, i64) = ("3L", 550);

pub struct Product {
    pub key: String,
    pub code: String,
    pub name: String,
    pub description: String,
    pub line: usize,
    pub price: i64,
    pub before_price: Option<i64>,
    pub tax_rate: i64,
    /// Relative to the moment of seeding.
    pub sale_start_offset: Option<i64>,
    pub sale_end_offset: Option<i64>,
    pub is_published: bool,
    pub popularity: i64,
    pub created_offset: i64,
    pub variations: Vec<Variation>,
    /// (url, alt)
    pub images: Vec<(String, String)>,
    pub tags: Vec<&'static str>,
    pub reviews: Vec<Review>,
}

pub struct Variation {
    pub key: String,
    pub name: String,
    pub size: Option<&'static str>,
    pub color: Option<&'static str>,
    pub price: i64,
    pub stock: i64,
}

pub struct Review {
    pub rating: i64,
    pub title: &'static str,
    pub body: &'static str,
    pub nickname: &'static str,
    pub created_offset: i64,
    pub is_published: bool,
}

/// Every product of a catalogue; `n` is the product's position over all lines.
pub fn products(catalogue: &Catalogue) -> Vec<Product> {
    let mut products = Vec::new();
    for (line_index, line) in catalogue.lines.iter().enumerate() {
        for (model_index, (model, price)) in line.models.iter().enumerate() {
            let n = products.len() as i64;
            products.push(product(catalogue, line_index, line, model_index, model, *price, n));
        }
    }
    products
}

fn product(catalogue: &Catalogue, line_index: usize, line: &Line, model_index: usize, model: &str, price: i64, n: i64) -> Product {
    let key = format!("{}{:04}", catalogue.key_prefix, n + 1);
    let name = format!("{} {}", line.noun, model);
    // Every ninth item is reduced by a fifth from its former price.
    let before_price = (n % 9 == 4).then(|| round_price(price * 5 / 4));
    let popularity = (n * 7919 + 13) % 1000;
    let mut tags: Vec<&'static str> = line.tags.to_vec();
    if before_price.is_some() {
        tags.push("sale");
    }
    if n % 8 == 0 {
        tags.push("new");
    }
    if n % 10 == 7 {
        tags.push("staff-pick");
    }
    let sale_end_offset = match n {
        _ if n % 97 == 50 => Some(-DAY_MS),    // a sale that has ended: hidden from lists
        _ if n % 31 == 3 => Some(30 * DAY_MS), // limited-time items
        _ => None,
    };
    if sale_end_offset.is_some_and(|end| end > 0) {
        tags.push("limited");
    }
    if n % 29 == 13 {
        tags.push("members-sale");
    }
    tags.retain(|tag| catalogue.tags.iter().any(|(key, _)| key == tag));
    tags.sort_unstable();
    tags.dedup();
    let mut images = vec![(format!("/images/products/{key}.svg"), name.clone())];
    if n % 3 == 0 {
        images.push((format!("/images/products/{key}-2.svg"), format!("{name} 使用イメージ")));
    }
    let code = format!("{}{:02}", line.code, model_index + 1);
    Product {
        description: format!("{}\n\n品番: {code}", line.description),
        code,
        line: line_index,
        price,
        before_price,
        tax_rate: line.tax_rate,
        // A few items are announced before their release date.
        sale_start_offset: (n % 47 == 23).then_some(14 * DAY_MS),
        sale_end_offset,
        is_published: n % 101 != 77,
        popularity,
        // Spread over the past months, every instant distinct (1009 is prime).
        created_offset: -(((n * 7919) % 1009) * 3 * HOUR_MS + n * 1000),
        variations: variations(&key, &name, line.options, price, n),
        images,
        tags,
        reviews: reviews(catalogue.reviews, n, popularity),
        key,
        name,
    }
}

/// Prices of 10,000 yen and more end in 800, smaller ones in 80, as shops price them.
fn round_price(yen: i64) -> i64 {
    if yen >= 10_000 { yen / 1000 * 1000 + 800 } else { yen / 100 * 100 + 80 }
}

fn variations(key: &str, name: &str, options: Options, price: i64, n: i64) -> Vec<Variation> {
    let (sizes, colors): (&[&'static str], &[&'static str]) = match options {
        Options::Single => (&[], &[]),
        Options::Sizes(sizes) => (sizes, &[]),
        Options::Colors(colors) => (&[], colors),
        Options::SizesColors(sizes, colors) => (sizes, colors),
    };
    let sizes: Vec<Option<&'static str>> = if sizes.is_empty() { vec![None] } else { sizes.iter().copied().map(Some).collect() };
    let colors: Vec<Option<&'static str>> = if colors.is_empty() { vec![None] } else { colors.iter().copied().map(Some).collect() };
    let mut out = Vec::new();
    for color in &colors {
        for size in &sizes {
            let v = out.len() as i64;
            let labels: Vec<&str> = [*size, *color].into_iter().flatten().collect();
            let key = if labels.is_empty() {
                key.to_owned() // a simple product is sold under its own key
            } else {
                let mut parts = vec![key.to_owned()];
                parts.extend(size.map(slug));
                parts.extend(color.map(color_code));
                parts.join("-")
            };
            out.push(Variation {
                key,
                name: if labels.is_empty() { name.to_owned() } else { format!("{name}（{}）", labels.join(" / ")) },
                size: *size,
                color: *color,
                price: price + if *size == Some(LARGE_SIZE_SURCHARGE.0) { LARGE_SIZE_SURCHARGE.1 } else { 0 },
                stock: stock(n, v, colors.len() * sizes.len() > 1),
            });
        }
    }
    out
}

/// Every eleventh item is sold out, every thirteenth nearly (2 left); some sizes of the
/// others are sold out on their own.
fn stock(n: i64, v: i64, has_variations: bool) -> i64 {
    if n % 11 == 5 {
        0
    } else if n % 13 == 6 {
        if v == 0 { 2 } else { 0 }
    } else if has_variations && (n + v) % 7 == 0 {
        0
    } else {
        4 + (n * 7 + v * 5) % 37
    }
}

fn slug(label: &str) -> String {
    label.chars().filter(char::is_ascii_alphanumeric).collect::<String>().to_ascii_lowercase()
}

fn color_code(label: &str) -> String {
    COLOR_CODES.iter().find(|(name, _)| *name == label).map(|(_, code)| (*code).to_owned()).unwrap_or_else(|| slug(label))
}

/// Popular items (popularity 700 and up) have two to five reviews; one in five of those has
/// one more that the shop has not published.
fn reviews(written: &ReviewTexts, n: i64, popularity: i64) -> Vec<Review> {
    if popularity < 700 {
        return Vec::new();
    }
    let count = 2 + n % 4;
    let mut reviews: Vec<Review> = (0..count)
        .map(|r| {
            let (rating, title, body) = written.texts[((n + r * 3) % written.texts.len() as i64) as usize];
            Review {
                rating,
                title,
                body,
                nickname: written.nicknames[((n + r) % written.nicknames.len() as i64) as usize],
                created_offset: -((r * 9 + n % 5 + 1) * DAY_MS),
                is_published: true,
            }
        })
        .collect();
    if n % 5 == 0 {
        reviews.push(Review {
            rating: 1,
            title: "確認中のレビュー",
            body: "ショップの確認が済むまで公開されないレビューです。",
            nickname: "匿名",
            created_offset: -HOUR_MS,
            is_published: false,
        });
    }
    reviews
}

/// (product, recommended product) by position in `products`: the next items of the same line.
pub fn recommendations(products: &[Product]) -> Vec<(usize, usize)> {
    let mut links = Vec::new();
    for (index, product) in products.iter().enumerate() {
        let same_line: Vec<usize> = (0..products.len()).filter(|&i| products[i].line == product.line).collect();
        let at = same_line.iter().position(|&i| i == index).unwrap_or(0);
        for step in 1..=4.min(same_line.len().saturating_sub(1)) {
            links.push((index, same_line[(at + step) % same_line.len()]));
        }
    }
    links
}

/// (product, accessory) by position in `products`: the first item of each line in the
/// accessory categories named for the product's category, at most three.
pub fn accessories(catalogue: &Catalogue, products: &[Product]) -> Vec<(usize, usize)> {
    let first_of_line: Vec<usize> = (0..catalogue.lines.len()).filter_map(|line| products.iter().position(|p| p.line == line)).collect();
    let mut links = Vec::new();
    for (index, product) in products.iter().enumerate() {
        let category = catalogue.lines[product.line].category;
        let Some((_, targets)) = catalogue.accessories.iter().find(|(from, _)| *from == category) else { continue };
        let found = first_of_line.iter().copied().filter(|&i| targets.contains(&catalogue.lines[products[i].line].category)).take(3);
        links.extend(found.map(|accessory| (index, accessory)));
    }
    links
}

// =============================================================================================
// Writing it.

/// A copy of a demo product under a new key, for benchmarks that need a large catalogue.
fn scaled_copy(base: &Product, index: usize) -> Product {
    let key = format!("{}x{index:06}", base.key);
    Product {
        code: format!("{}-{index:06}", base.code),
        name: format!("{} ロット{index:06}", base.name),
        description: base.description.clone(),
        line: base.line,
        price: base.price,
        before_price: base.before_price,
        tax_rate: base.tax_rate,
        sale_start_offset: base.sale_start_offset,
        sale_end_offset: base.sale_end_offset,
        is_published: base.is_published,
        popularity: base.popularity,
        created_offset: base.created_offset - index as i64 * 1000,
        variations: base
            .variations
            .iter()
            .enumerate()
            .map(|(v, variation)| Variation {
                key: format!("{key}-{v}"),
                name: variation.name.clone(),
                size: variation.size,
                color: variation.color,
                price: variation.price,
                stock: variation.stock,
            })
            .collect(),
        images: vec![(format!("/images/products/{key}.svg"), base.name.clone())],
        key,
        tags: base.tags.clone(),
        reviews: Vec::new(),
    }
}

/// Inserts the catalogue of the shop `code` (if it has one) into the channel; with
/// `scale_to` above the catalogue's size, copies of its products fill it up to that many.
/// The kinds of goods a shop's catalogue draws, once each.
pub fn kinds(code: &str) -> Vec<Kind> {
    let mut kinds: Vec<Kind> = Vec::new();
    for line in for_shop(code).map(|c| c.lines).unwrap_or_default() {
        let kind = kind_of(line.category, line.noun);
        if !kinds.contains(&kind) {
            kinds.push(kind);
        }
    }
    kinds
}

pub async fn insert(tx: &mut Tx, channel_id: &ChannelId, code: &str, now: i64, scale_to: usize, pictures: &Pictures) -> anyhow::Result<()> {
    let Some(catalogue) = for_shop(code) else { return Ok(()) };

    let mut category_ids: HashMap<&str, String> = HashMap::new();
    let mut category_names: HashMap<&str, (&str, Option<&str>)> = HashMap::new();
    let mut depths: HashMap<&str, i64> = HashMap::new();
    for (position, (key, name, parent)) in catalogue.categories.iter().enumerate() {
        let id = new_id();
        let depth = parent.and_then(|p| depths.get(p)).map_or(1, |d| d + 1);
        let parent_id = parent.and_then(|p| category_ids.get(p)).map(String::as_str);
        let category = NewCategory { id: &id, table: PRODUCTS_TABLE, key, name, parent_id, depth, position: position as i64 };
        store::taxonomy::insert_category(tx, channel_id, &category).await?;
        depths.insert(key, depth);
        category_names.insert(key, (name, *parent));
        category_ids.insert(key, id);
    }

    let mut maker_ids: HashMap<&str, String> = HashMap::new();
    for (position, maker) in catalogue.makers.iter().enumerate() {
        let id = new_id();
        let new =
            NewMaker { id: &id, key: maker.key, name: maker.name, name_kana: maker.kana, description: maker.description, url: None, position: position as i64 };
        store::taxonomy::insert_maker(tx, channel_id, &new).await?;
        maker_ids.insert(maker.key, id);
    }
    let mut brand_ids: HashMap<&str, String> = HashMap::new();
    for (position, brand) in catalogue.brands.iter().enumerate() {
        let id = new_id();
        let maker_id = maker_ids.get(brand.maker).map(String::as_str);
        let new = NewBrand { id: &id, key: brand.key, name: brand.name, maker_id, description: brand.description, position: position as i64 };
        store::taxonomy::insert_brand(tx, channel_id, &new).await?;
        brand_ids.insert(brand.key, id);
    }
    let mut tag_ids: HashMap<&str, String> = HashMap::new();
    for (position, (key, name)) in catalogue.tags.iter().enumerate() {
        let id = new_id();
        store::taxonomy::insert_tag(tx, channel_id, &id, key, name, position as i64).await?;
        tag_ids.insert(key, id);
    }
    for (key, password) in catalogue.protected_tags {
        let hash = crate::catalog::tag_password::hash(password)?;
        store::taxonomy::update_tag_password(tx, channel_id, key, Some(&hash)).await?;
    }

    let mut products = products(catalogue);
    let designed = products.len();
    for index in designed..scale_to {
        let copy = scaled_copy(&products[index % designed], index);
        products.push(copy);
    }
    let product_ids: Vec<String> = products.iter().map(|_| new_id()).collect();
    let mut rows = Vec::with_capacity(products.len());
    for (product, id) in products.iter().zip(&product_ids) {
        let line = &catalogue.lines[product.line];
        let maker = catalogue.makers.iter().find(|m| m.key == line.maker).map(|m| m.name);
        let brand = catalogue.brands.iter().find(|b| b.key == line.brand).map(|b| b.name);
        // The leaf and its ancestors, so a search for 電装パーツ finds LED bulbs too.
        let mut searchable: Vec<&str> = Vec::new();
        let mut category = Some(line.category);
        while let Some((name, parent)) = category.and_then(|key| category_names.get(key)) {
            searchable.push(name);
            category = *parent;
        }
        searchable.extend(product.variations.iter().filter_map(|v| v.color));
        let category_id = category_ids.get(line.category).ok_or_else(|| anyhow::anyhow!("no category {}", line.category))?;
        rows.push(NewProduct {
            id: id.clone(),
            key: product.key.clone(),
            code: product.code.clone(),
            name: product.name.clone(),
            description: product.description.clone(),
            maker_id: maker_ids.get(line.maker).cloned(),
            brand_id: brand_ids.get(line.brand).cloned(),
            tax_rate: product.tax_rate,
            price: product.price,
            before_price: product.before_price,
            sale_start: product.sale_start_offset.map(|offset| now + offset),
            sale_end: product.sale_end_offset.map(|offset| now + offset),
            is_published: product.is_published,
            popularity: product.popularity,
            created_at: now + product.created_offset,
            search_name: search_text::normalise(&product.name),
            search_text: search_text::product_search_text(&product.name, &product.code, maker, brand, &searchable),
            category_id: category_id.clone(),
            tag_ids: product.tags.iter().filter_map(|tag| tag_ids.get(tag).cloned()).collect(),
            variations: product
                .variations
                .iter()
                .map(|v| NewVariation {
                    key: v.key.clone(),
                    name: v.name.clone(),
                    size: v.size.map(str::to_owned),
                    color: v.color.map(str::to_owned),
                    price: v.price,
                    stock_quantity: v.stock,
                })
                .collect(),
            // The main picture shows the line's goods alone, the second in their scene.
            images: product
                .images
                .iter()
                .enumerate()
                .map(|(index, (url, alt))| (pictures.get(&(kind_of(line.category, line.noun), index > 0)).cloned().unwrap_or_else(|| url.clone()), alt.clone()))
                .collect(),
            reviews: product
                .reviews
                .iter()
                .map(|r| NewReview {
                    rating: r.rating,
                    title: r.title.to_owned(),
                    body: r.body.to_owned(),
                    nickname: r.nickname.to_owned(),
                    created_at: now + r.created_offset,
                    is_published: r.is_published,
                })
                .collect(),
        });
    }
    store::product_writes::insert_products(tx, channel_id, &rows, now).await?;
    // Links are made among the designed products only (the copies are for load, not for reading).
    let designed_products = &products[..designed];
    for (link, pairs) in [(Link::Recommendations, recommendations(designed_products)), (Link::Accessories, accessories(catalogue, designed_products))] {
        let ids: Vec<(String, String)> = pairs.into_iter().map(|(from, to)| (product_ids[from].clone(), product_ids[to].clone())).collect();
        store::product_writes::insert_links(tx, channel_id, link, &ids).await?;
    }
    for (product, id) in designed_products.iter().zip(&product_ids) {
        if let Some((purpose, measure, sizes)) = size_chart(catalogue.lines[product.line].code) {
            store::products::insert_size_chart(tx, id, purpose, measure, sizes).await?;
        }
        // Gloves and jackets take a name embroidery (名入れ刺繍): 550円, up to 10 characters.
        if EMBROIDERED_CATEGORIES.contains(&catalogue.lines[product.line].category) {
            crate::embroidery::store::set_product_embroidery(tx, id, 550, 10).await?;
        }
    }
    Ok(())
}

const EMBROIDERED_CATEGORIES: [&str; 3] = ["bike-glove", "bike-jacket", "cycle-glove"];

/// (size, min mm inclusive, max mm exclusive), smallest first.
type Sizes = &'static [(&'static str, i64, i64)];

/// The sizes of the lines sold by one body measure: (purpose, measure, sizes), as the makers'
/// charts give them.
pub fn size_chart(line_code: &str) -> Option<(&'static str, &'static str, Sizes)> {
    const FULL_FACE: &[(&str, i64, i64)] = &[("S", 550, 570), ("M", 570, 590), ("L", 590, 610), ("XL", 610, 630)];
    const CYCLE_HELMET: &[(&str, i64, i64)] = &[("S/M", 510, 570), ("L/XL", 570, 620)];
    const WINTER_GLOVE: &[(&str, i64, i64)] = &[("S", 160, 170), ("M", 170, 180), ("L", 180, 190), ("LL", 190, 200), ("3L", 200, 210)];
    const MESH_GLOVE: &[(&str, i64, i64)] = &[("S", 160, 170), ("M", 170, 180), ("L", 180, 190), ("LL", 190, 200)];
    const LEATHER_GLOVE: &[(&str, i64, i64)] = &[("M", 170, 180), ("L", 180, 190), ("LL", 190, 200)];
    const CYCLE_GLOVE: &[(&str, i64, i64)] = &[("S", 160, 170), ("M", 170, 180), ("L", 180, 190), ("XL", 190, 200)];
    match line_code {
        "SH-FF" | "SH-JT" => Some(("helmet", "head", FULL_FACE)),
        "KB-HM" => Some(("helmet", "head", CYCLE_HELMET)),
        "KM-GK8" => Some(("glove", "hand", WINTER_GLOVE)),
        "RS-RST4" => Some(("glove", "hand", MESH_GLOVE)),
        "KM-GK2" => Some(("glove", "hand", LEATHER_GLOVE)),
        "PI-GL" => Some(("glove", "hand", CYCLE_GLOVE)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listable(products: &[Product]) -> usize {
        products.iter().filter(|p| p.is_published && p.sale_start_offset.is_none() && p.sale_end_offset.is_none_or(|end| end > 0)).count()
    }

    #[test]
    fn the_shops_have_300_and_39_products_of_which_288_and_38_are_listed() {
        let products = products(&DEMO_CATALOGUE);
        assert_eq!(products.len(), 300);
        assert_eq!(listable(&products), 288);
        let corporate = super::products(&CORPORATE_CATALOGUE);
        assert_eq!(corporate.len(), 39);
        assert_eq!(listable(&corporate), 38, "one is announced before its release");
    }

    #[test]
    fn keys_are_unique_within_a_shop() {
        for catalogue in [&DEMO_CATALOGUE, &CORPORATE_CATALOGUE] {
            let products = products(catalogue);
            let mut keys: Vec<&str> = products.iter().flat_map(|p| p.variations.iter().map(|v| v.key.as_str())).collect();
            let all = keys.len();
            keys.sort();
            keys.dedup();
            assert_eq!(keys.len(), all, "{}", catalogue.key_prefix);
        }
    }

    #[test]
    fn every_line_names_a_known_leaf_maker_and_brand() {
        for catalogue in [&DEMO_CATALOGUE, &CORPORATE_CATALOGUE] {
            for line in catalogue.lines {
                assert!(catalogue.categories.iter().any(|(key, _, _)| *key == line.category), "{}", line.category);
                assert!(!catalogue.categories.iter().any(|(_, _, parent)| *parent == Some(line.category)), "{} is not a leaf", line.category);
                assert!(catalogue.makers.iter().any(|m| m.key == line.maker), "{}", line.maker);
                assert!(catalogue.brands.iter().any(|b| b.key == line.brand), "{}", line.brand);
            }
        }
    }

    #[test]
    fn reductions_always_lower_the_price() {
        for product in products(&DEMO_CATALOGUE) {
            if let Some(before) = product.before_price {
                assert!(before > product.price, "{}", product.key);
            }
        }
    }

    #[test]
    fn food_and_drink_take_the_reduced_rate() {
        let products = products(&DEMO_CATALOGUE);
        let reduced: Vec<_> = products.iter().filter(|p| p.tax_rate == 8).collect();
        assert_eq!(reduced.len(), 11);
        assert!(reduced.iter().all(|p| p.name.contains("ジェル") || p.name.contains("ドリンク")));
    }

    #[test]
    fn size_charts_name_exactly_the_sizes_sold() {
        let catalogue = for_shop("demo").unwrap();
        let mut charted = 0;
        for product in products(catalogue) {
            let Some((_, _, chart)) = size_chart(catalogue.lines[product.line].code) else { continue };
            charted += 1;
            let mut sold: Vec<&str> = product.variations.iter().filter_map(|v| v.size).collect();
            sold.dedup();
            let mut sold_sorted = sold.clone();
            sold_sorted.sort_unstable();
            sold_sorted.dedup();
            let mut labels: Vec<&str> = chart.iter().map(|(label, _, _)| *label).collect();
            labels.sort_unstable();
            assert_eq!(labels, sold_sorted, "{}", product.name);
            assert!(chart.windows(2).all(|w| w[0].2 == w[1].1), "{}: ranges follow each other", product.name);
        }
        assert!(charted >= 10, "helmets and gloves have charts");
    }

    #[test]
    fn apparel_comes_in_sizes_and_colours() {
        let products = products(&DEMO_CATALOGUE);
        let glove = products.iter().find(|p| p.name == "ウインターグローブ GK-839 プロテクト").unwrap();
        assert_eq!(glove.variations.len(), 10);
        assert_eq!(glove.variations[0].key, format!("{}-s-bk", glove.key));
        assert_eq!(glove.variations[4].price, glove.price + 550, "3L costs more");
    }
}
