//! The demo shop's stylists (スタッフのおすすめ). Each pick names a leaf category and takes its
//! most popular product not yet picked by that stylist, so the picks follow the catalogue and
//! the comment always fits the kind of item. The corporate shop has none.
use super::DEMO;
use super::store;
use crate::infra::db::Tx;
use crate::infra::ids::ChannelId;
use crate::infra::ids::new_id;
use crate::stylists::store::{NewStylist, insert_stylist};

struct Stylist {
    key: &'static str,
    name: &'static str,
    kana: &'static str,
    role: &'static str,
    profile: &'static str,
    riding_style: &'static str,
    initials: &'static str,
    hue: i64,
    /// (leaf category key, comment)
    picks: &'static [(&'static str, &'static str)],
}

const DEMO_STYLISTS: &[Stylist] = &[
    Stylist {
        key: "sato-kenichi",
        name: "佐藤 健一",
        kana: "さとう けんいち",
        role: "店長",
        initials: "KS",
        hue: 210,
        profile: "バイク歴30年。ピットでの整備から仕入れまで見ている店長です。長く使える定番品を選ぶのが信条。",
        riding_style: "ツーリング（CB1300SF）",
        picks: &[
            ("bike-oil", "季節を問わず安心して使える一本。交換サイクルを守るのが一番のメンテナンスです。"),
            ("bike-battery", "液入り充電済みで届いてすぐ使えます。冬前の交換がおすすめ。"),
            ("bike-plug", "始動性が気になったらまずプラグ。純正同等で間違いがありません。"),
            ("bike-chain", "シールチェーンは伸びにくく、結果的に経済的です。"),
            ("bike-bag", "ロングツーリングの荷物はこれひとつで収まります。"),
        ],
    },
    Stylist {
        key: "takahashi-misaki",
        name: "高橋 美咲",
        kana: "たかはし みさき",
        role: "ライダー",
        initials: "MT",
        hue: 340,
        profile: "週末はキャンプツーリングで全国を走る女性ライダー。小柄な方の装備選びの相談もお任せください。",
        riding_style: "キャンプツーリング（Rebel 250）",
        picks: &[
            ("bike-helmet", "軽くて首が疲れにくい。長距離ほど違いがわかります。"),
            ("bike-glove", "手の小さい私でもぴったり。操作感が素直です。"),
            ("bike-jacket", "プロテクター入りでも着やすいシルエット。"),
            ("bike-phone-holder", "ナビを見ながら走るツーリングの必需品です。"),
            ("bike-intercom", "仲間との会話でツーリングが何倍も楽しくなります。"),
            ("bike-usb", "スマホの充電切れの心配がなくなりました。"),
        ],
    },
    Stylist {
        key: "suzuki-daisuke",
        name: "鈴木 大輔",
        kana: "すずき だいすけ",
        role: "整備士",
        initials: "DS",
        hue: 25,
        profile: "二級二輪自動車整備士。車検整備とカスタムを担当しています。取り付けの難しさも正直にお伝えします。",
        riding_style: "サーキット走行（GSX-R600）",
        picks: &[
            ("bike-brake-pad", "効きとコントロール性のバランスが良く、ローターにも優しいパッドです。"),
            ("bike-muffler", "音質と抜けの良さはさすが。車検対応なのも安心です。"),
            ("bike-sprocket", "丁数を変えるだけで加速感が変わります。チェーンと同時交換を。"),
            ("bike-engine-parts", "小排気量車のパワーアップならまずこれ。慣らし運転はしっかりと。"),
            ("bike-led-bulb", "夜道の見え方が別物になります。カットラインもきれいです。"),
        ],
    },
    Stylist {
        key: "ito-haruka",
        name: "伊藤 遥",
        kana: "いとう はるか",
        role: "サイクルメカニック",
        initials: "HI",
        hue: 140,
        profile: "自転車担当のメカニック。ロードバイクからママチャリまで、通勤・通学の足を支えています。",
        riding_style: "ロードバイク通勤・ヒルクライム",
        picks: &[
            ("cycle-tire-road", "転がりが軽く、パンクにも強い。通勤にもレースにも使えます。"),
            ("cycle-chain", "変速が決まらなくなったらチェーン交換のサインです。"),
            ("cycle-light", "明るさと電池持ちの両立。夜の通勤でも安心です。"),
            ("cycle-lock", "駐輪時間が長い方は太めのロックを選んでください。"),
            ("cycle-brake-shoe", "雨の日の効きが変わります。早めの交換を。"),
        ],
    },
];

pub async fn insert(tx: &mut Tx, channel_id: &ChannelId, code: &str) -> anyhow::Result<()> {
    if code != DEMO {
        return Ok(());
    }
    for (position, s) in DEMO_STYLISTS.iter().enumerate() {
        let mut picks: Vec<(String, &str)> = Vec::new();
        for (category, comment) in s.picks {
            let ids = store::list_product_ids_by_category(tx, channel_id, category).await?;
            if let Some(id) = ids.into_iter().find(|id| !picks.iter().any(|(picked, _)| picked == id)) {
                picks.push((id, comment));
            }
        }
        let stylist = NewStylist {
            key: s.key,
            name: s.name,
            name_kana: s.kana,
            role: s.role,
            profile: s.profile,
            riding_style: s.riding_style,
            hue: s.hue,
            initials: s.initials,
            position: position as i64,
        };
        insert_stylist(tx, channel_id, &new_id(), &stylist, &picks).await?;
    }
    Ok(())
}
