//! Handlers of the cart, split by what they change: `lifecycle` (init, show, reset), `lines`,
//! `shippings`, `orderer` (buyer and payment), `accessories`, `discounts` (coupons, points),
//! `gift` (a cart that is a social gift) and `embroidery`. Each works on the cart its body
//! names through the [`OpenCart`](super::open_cart::OpenCart) extractor; what others also use
//! lives outside this folder (open_cart.rs, loaded.rs, line_rules.rs, gift.rs, embroidery.rs …).
mod accessories;
mod discounts;
mod embroidery;
mod gift;
mod lifecycle;
mod lines;
mod orderer;
mod shippings;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(lifecycle::init_cart))
        .routes(routes!(lifecycle::show_cart))
        .routes(routes!(lifecycle::reset_cart))
        .routes(routes!(lifecycle::reset_shippings))
        .routes(routes!(lines::add_product))
        .routes(routes!(lines::add_product_set))
        .routes(routes!(lines::modify_product))
        .routes(routes!(lines::delete_product))
        .routes(routes!(lines::divide_product))
        .routes(routes!(shippings::add_shipping))
        .routes(routes!(shippings::modify_shipping))
        .routes(routes!(shippings::delete_shipping))
        .routes(routes!(shippings::add_packing))
        .routes(routes!(shippings::modify_packing))
        .routes(routes!(orderer::modify_order))
        .routes(routes!(orderer::modify_other))
        .routes(routes!(accessories::add_accessory))
        .routes(routes!(accessories::modify_accessory))
        .routes(routes!(accessories::delete_accessory))
        .routes(routes!(discounts::add_coupon))
        .routes(routes!(discounts::delete_coupon))
        .routes(routes!(discounts::use_points))
        .routes(routes!(discounts::delete_transaction_error))
        .routes(routes!(gift::social_receiver))
        .routes(routes!(embroidery::set_embroidery))
}

crate::cart_token_bodies!(
    accessories::CartAccessoryAddRequest,
    lines::CartAddProductRequest,
    lines::CartAddSetRequest,
    discounts::CartCouponRequest,
    discounts::CartPointRequest,
    lines::CartDivideRequest,
    lines::CartLineQuantityRequest,
    lines::CartLineRequest,
    orderer::CartOrderModifyRequest,
    orderer::CartOtherModifyRequest,
    shippings::CartPackingRequest,
    shippings::CartShippingAddRequest,
    shippings::CartShippingModifyRequest,
    shippings::CartShippingDeleteRequest,
    lifecycle::CartShippingsResetRequest,
    lifecycle::CartTokenRequest,
    gift::CartGiftReceiverRequest,
    embroidery::CartEmbroideryRequest,
);
