//! The contact form's topics of each demo shop (カタログ請求 has the key `catalog`, whose
//! requests need the postal address), and a few system messages to the demo member — one
//! already read, one not — so the message centre and its unread count have something to show.
use super::{CORPORATE, DEMO};
use crate::catalog::store as catalog;
use crate::infra::db::Tx;
use crate::infra::ids::new_id;
use crate::infra::ids::{ChannelId, UserId};
use crate::infra::secret::random_hex;
use crate::infra::time::Timestamp;
use crate::inquiries::TOPICS_TABLE;
use crate::system_messages::Recipients;
use crate::system_messages::store::{self as messages, NewMessage};

/// (key, name) of the topics, in the form's order.
pub fn topics(shop: &str) -> Vec<(&'static str, &'static str)> {
    let mut topics = vec![("product", "商品について"), ("order", "注文・配送について"), ("return", "返品・交換"), ("catalog", "カタログ請求")];
    match shop {
        CORPORATE => topics.insert(0, ("business", "法人のお取引")),
        _ => topics.push(("business", "法人のお取引")),
    }
    topics.push(("other", "その他"));
    topics
}

pub async fn insert_topics(tx: &mut Tx, channel_id: &ChannelId, shop: &str) -> anyhow::Result<()> {
    for (key, name) in topics(shop) {
        catalog::taxonomy::insert_top_category(tx, channel_id, TOPICS_TABLE, &new_id(), key, name).await?;
    }
    Ok(())
}

/// (title, body, days before the seed, already read).
fn messages_for(shop: &str) -> Vec<(&'static str, &'static str, i64, bool)> {
    match shop {
        DEMO => vec![
            (
                "会員登録ありがとうございます",
                "ライドパーツ本舗にご登録いただき、誠にありがとうございます。\n\n会員様はご購入金額に応じてポイントが貯まり、1ポイント=1円としてお買い物にご利用いただけます。\nお気に入りやお届け先の登録もぜひご活用ください。",
                30,
                true,
            ),
            (
                "冬のメンテナンス応援セールのご案内",
                "いつもご利用いただきありがとうございます。\n\n12月25日(金)23:59まで、チェーンルブ・ブレーキパッド・バッテリー充電器などの対象商品が最大20%オフです。\n会員様はさらにポイント2倍でお買い求めいただけます。この機会にぜひご利用ください。",
                1,
                false,
            ),
        ],
        CORPORATE => vec![(
            "年末年始の出荷スケジュールについて",
            "平素より格別のお引き立てを賜り、厚く御礼申し上げます。\n\n12月24日(木)正午までのご注文は年内に出荷いたします。それ以降のご注文は1月5日(火)以降の出荷となります。\nお急ぎの場合は担当営業までご相談ください。",
            2,
            false,
        )],
        _ => Vec::new(),
    }
}

pub async fn insert_system_messages(tx: &mut Tx, channel_id: &ChannelId, user_id: &UserId, shop: &str, shop_name: &str, now: i64) -> anyhow::Result<()> {
    let recipients = Recipients::Member(user_id.to_string());
    for (title, body, days_ago, read) in messages_for(shop) {
        let id = new_id();
        let sent_at = now - days_ago * Timestamp::DAY_MS;
        let new =
            NewMessage { id: &id, channel_id, key: &random_hex(16), title, body, recipients: &recipients, staff_id: None, staff_name: shop_name, now: sent_at };
        messages::insert_message(tx, &new).await?;
        if read {
            messages::update_read(&mut **tx, &id, user_id, sent_at + Timestamp::HOUR_MS).await?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shop_has_the_catalogue_request_and_the_business_topic() {
        for shop in [DEMO, CORPORATE] {
            let keys: Vec<&str> = topics(shop).iter().map(|(key, _)| *key).collect();
            assert!(keys.contains(&crate::inquiries::CATALOG_TOPIC) && keys.contains(&"business"), "{shop}: {keys:?}");
            assert_eq!(keys.last(), Some(&"other"), "その他 comes last");
        }
        assert!(messages_for(DEMO).iter().any(|m| m.3) && messages_for(DEMO).iter().any(|m| !m.3), "one read, one unread");
    }
}
