//! The demo shops' catalogues: a printed winter catalogue of 12 pages, a digital-only
//! bicycle catalogue, and one scheduled for later (not shown yet). The corporate shop has
//! its trade catalogue.
use super::{CORPORATE, DEMO};
use crate::infra::db::Tx;
use crate::infra::ids::ChannelId;
use crate::infra::ids::new_id;
use crate::print_catalogs::store::{NewCatalog, insert_catalog};

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

struct Catalogue {
    title: &'static str,
    description: &'static str,
    edition: &'static str,
    /// Relative to seeding; positive means scheduled.
    published_days: i64,
    is_orderable: bool,
    pages: &'static [&'static str],
}

const DEMO_CATALOGUES: &[Catalogue] = &[
    Catalogue {
        title: "ライドパーツ総合カタログ",
        description: "バイク・自転車のパーツと用品を一冊にまとめた総合カタログです。冊子は無料でお届けします。",
        edition: "2026 冬号",
        published_days: -20,
        is_orderable: true,
        pages: &[
            "表紙・ごあいさつ",
            "冬のおすすめ特集",
            "電装パーツ",
            "LEDバルブ・ライト",
            "ブレーキ・足回り",
            "オイル・ケミカル",
            "工具・メンテナンス",
            "ヘルメット",
            "ウェア・グローブ",
            "自転車パーツ",
            "自転車ウェア・補給食",
            "ご注文方法・お問い合わせ",
        ],
    },
    Catalogue {
        title: "サイクルパーツ デジタルカタログ",
        description: "ロードバイク・クロスバイク向けパーツを集めたデジタル版カタログです。",
        edition: "2026 春夏",
        published_days: -5,
        is_orderable: false,
        pages: &["表紙", "ホイール・タイヤ", "ドライブトレイン", "ウェア", "補給食・ドリンク", "メンテナンス用品"],
    },
    Catalogue {
        title: "ライドパーツ総合カタログ",
        description: "次号の総合カタログ(準備中)。",
        edition: "2026 夏号",
        published_days: 60,
        is_orderable: true,
        pages: &["表紙"],
    },
];

const CORPORATE_CATALOGUES: &[Catalogue] = &[Catalogue {
    title: "業務用資材カタログ",
    description: "整備工場・販売店さま向けの業務用商品カタログです。",
    edition: "2026年版",
    published_days: -30,
    is_orderable: true,
    pages: &["表紙", "まとめ買い商品", "特価商品", "ご注文方法"],
}];

pub async fn insert(tx: &mut Tx, channel_id: &ChannelId, code: &str, now: i64) -> anyhow::Result<()> {
    let catalogues = match code {
        DEMO => DEMO_CATALOGUES,
        CORPORATE => CORPORATE_CATALOGUES,
        _ => return Ok(()),
    };
    for (position, c) in catalogues.iter().enumerate() {
        let new = NewCatalog {
            id: &new_id(),
            title: c.title,
            description: c.description,
            edition: c.edition,
            published_at: now + c.published_days * DAY_MS,
            is_orderable: c.is_orderable,
            position: position as i64,
            pages: c.pages,
        };
        insert_catalog(tx, channel_id, &new).await?;
    }
    Ok(())
}
