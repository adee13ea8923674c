//! A guest cart joining the member's cart when the member opens it (init with a bearer token
//! while the member already has an open cart): its lines move over.
use super::{LIFETIME_MS, shipping_store, store};
use crate::catalog::availability::MAX_QUANTITY;
use crate::infra::db::Tx;
use crate::infra::error::ApiResult;

/// The guest cart's lines join the member's: the same variation adds up (at most 99),
/// others move over with their accessories.
pub async fn merge_lines(tx: &mut Tx, from: &str, to: &str, now: i64) -> ApiResult<()> {
    let target = store::list_lines(&mut **tx, to).await?;
    let mut shipping = shipping_store::list_shippings(&mut **tx, to).await?.first().map(|s| s.id.clone());
    for line in store::list_lines(&mut **tx, from).await?.into_iter().filter(|l| l.parent_line_id.is_none()) {
        let same = target.iter().find(|t| t.parent_line_id.is_none() && t.variation.variation_id == line.variation.variation_id);
        match same {
            Some(existing) => {
                store::update_line_quantity(tx, &existing.id, (existing.quantity + line.quantity).min(MAX_QUANTITY)).await?;
                store::update_accessories_parent(tx, &line.id, to, &existing.id, existing.shipping_id.as_deref()).await?;
                store::delete_line(tx, &line.id).await?;
            }
            None => {
                if shipping.is_none() {
                    shipping = Some(shipping_store::insert_shipping(tx, to).await?);
                }
                store::update_line_cart(tx, &line.id, to, shipping.as_deref()).await?;
                store::update_accessories_cart(tx, &line.id, to, shipping.as_deref()).await?;
            }
        }
    }
    store::update_touched(tx, to, now, now + LIFETIME_MS).await?;
    Ok(())
}
