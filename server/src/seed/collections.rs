//! The demo shops' collections: each picks the products of one tag, so the lists follow the
//! catalogue when it changes. Unlistable members (not yet on sale, ended) are kept on purpose:
//! the endpoint must skip them.
use super::store::{self, PickOrder};
use super::{CORPORATE, DEMO};
use crate::collections::store::insert_collection;
use crate::infra::db::Tx;
use crate::infra::ids::ChannelId;
use crate::infra::ids::new_id;

struct Collection {
    alias: &'static str,
    title: &'static str,
    description: &'static str,
    tag: &'static str,
    order: PickOrder,
    limit: i64,
}

const DEMO_COLLECTIONS: &[Collection] = &[
    Collection {
        alias: "new-arrivals",
        title: "新着商品",
        description: "今月入荷したばかりのパーツ・用品です。",
        tag: "new",
        order: PickOrder::Newest,
        limit: 12,
    },
    Collection {
        alias: "staff-picks",
        title: "スタッフおすすめ",
        description: "整備スタッフが実際に使って選んだ逸品。",
        tag: "staff-pick",
        order: PickOrder::Popular,
        limit: 100,
    },
    Collection {
        alias: "winter-maintenance",
        title: "冬のメンテナンス特集",
        description: "寒い季節のライドを快適にする防寒・メンテナンス用品。",
        tag: "winter",
        order: PickOrder::Popular,
        limit: 100,
    },
];

const CORPORATE_COLLECTIONS: &[Collection] = &[Collection {
    alias: "new-arrivals",
    title: "新規取扱商品",
    description: "新たにお取り扱いを始めた業務用商品です。",
    tag: "new",
    order: PickOrder::Newest,
    limit: 12,
}];

pub async fn insert(tx: &mut Tx, channel_id: &ChannelId, code: &str) -> anyhow::Result<()> {
    let collections = match code {
        DEMO => DEMO_COLLECTIONS,
        CORPORATE => CORPORATE_COLLECTIONS,
        _ => return Ok(()),
    };
    for c in collections {
        let ids = store::list_product_ids_by_tag(tx, channel_id, c.tag, c.order, c.limit).await?;
        insert_collection(tx, channel_id, &new_id(), c.alias, c.title, c.description, &ids).await?;
    }
    Ok(())
}
