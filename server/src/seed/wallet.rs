//! The demo shops' coupons, and the demo member's points and saved card, so /coupon,
//! /mypage/point and /mypage/card (and the checkout's card choice) have something real.
use super::{CORPORATE, DEMO};
use crate::cards::store::{self as cards, NewCard};
use crate::coupons::store::{self as coupons, NewCoupon};
use crate::infra::db::Tx;
use crate::infra::ids::new_id;
use crate::infra::ids::{ChannelId, UserId};
use crate::payments::sandbox;

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

pub fn demo_coupons(shop: &str, now: i64) -> Vec<NewCoupon<'static>> {
    let coupon = |code, name, description, kind, value, minimum, position| NewCoupon {
        code,
        name,
        description,
        discount_kind: kind,
        discount_value: value,
        minimum_amount: minimum,
        starts_at: None,
        ends_at: None,
        is_public: true,
        requires_take: false,
        member_only: false,
        position,
    };
    match shop {
        DEMO => vec![
            coupon(
                "WELCOME500",
                "はじめてのお買い物 500円引き",
                "3,000円以上のお買い物で使える500円引きクーポンです。カートでコードを入力してください。",
                "amount",
                500,
                3000,
                1,
            ),
            NewCoupon {
                requires_take: true,
                member_only: true,
                starts_at: Some(now - DAY_MS),
                ends_at: Some(now + 90 * DAY_MS),
                ..coupon("RIDE10", "会員限定 10%OFF", "会員さま限定。取得してから5,000円以上のお買い物でお使いいただけます。", "percent", 10, 5000, 2)
            },
            NewCoupon {
                starts_at: Some(now - 90 * DAY_MS),
                ends_at: Some(now - 30 * DAY_MS),
                ..coupon("AUTUMN300", "秋のツーリング応援 300円引き", "配布は終了しました。", "amount", 300, 2000, 3)
            },
        ],
        CORPORATE => vec![coupon("BIZ1000", "法人さま 1,000円引き", "30,000円以上のご注文で使える1,000円引きクーポンです。", "amount", 1000, 30000, 1)],
        _ => Vec::new(),
    }
}

pub async fn insert_coupons(tx: &mut Tx, channel_id: &ChannelId, shop: &str, now: i64) -> anyhow::Result<()> {
    for coupon in demo_coupons(shop, now) {
        coupons::insert_coupon(tx, &new_id(), channel_id, &coupon).await?;
    }
    Ok(())
}

/// The demo member's registration bonus and saved VISA card (the test number 4242 approves).
pub async fn insert_member(tx: &mut Tx, channel_id: &ChannelId, user_id: &UserId, shop: &str, now: i64) -> anyhow::Result<()> {
    if shop != DEMO {
        return Ok(());
    }
    crate::points::store::insert_grant(tx, channel_id, user_id, 500, "会員登録特典", now).await?;
    let saved = sandbox::insert_saved_card(tx, channel_id, "4242", "2030-12", "TARO YAMADA", now).await?;
    let card = NewCard {
        gateway: "sandbox",
        card_ref: &saved.card_ref,
        brand: &saved.brand,
        masked_number: &saved.masked_number,
        expiration: &saved.expiration,
        holder_name: &saved.holder_name,
    };
    cards::insert_card(tx, channel_id, user_id, &card, now).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_demo_shop_has_a_public_a_member_and_an_expired_coupon() {
        let now = 1_800_000_000_000;
        let demo = demo_coupons(DEMO, now);
        let codes: Vec<&str> = demo.iter().map(|c| c.code).collect();
        assert_eq!(codes, ["WELCOME500", "RIDE10", "AUTUMN300"]);
        assert!(demo[1].requires_take && demo[1].member_only);
        assert!(demo[2].ends_at.unwrap() < now);
        assert_eq!(demo_coupons(CORPORATE, now)[0].code, "BIZ1000");
    }
}
