//! Product photos (issue 31) as staff and customers meet them: a phone photo uploaded on the
//! product desk becomes WebP variants with content-hashed names and a year's cache; saved on the
//! product, the storefront's card and product page show it with `srcset`; reordering and
//! removing go through the version-guarded form; a file that is not a photo, a broken one, a
//! picture of another shop and a URL from elsewhere are refused in Japanese and change nothing;
//! only the shop's own staff with `catalog_edit` upload. Inquiry attachments live in the same
//! storage, older ones moved there from the database.
use std::io::Cursor;

use axum::http::StatusCode;
use image::{DynamicImage, ImageFormat, Rgb, RgbImage};
use serde_json::{Value, json};
use shop::staff::StaffRole;

use crate::helpers::{Answer, TestApp};
use crate::inquiries::staff_cookie;
use crate::keyword_freshness::{encode, items};
use crate::on_both_databases;
use crate::order_desk::{assert_forbidden, staff};

/// A JPEG as a phone camera makes one: a gradient, `width` × `height`.
pub fn jpeg(width: u32, height: u32) -> Vec<u8> {
    let picture = RgbImage::from_fn(width, height, |x, y| Rgb([(x * 255 / width) as u8, (y * 255 / height) as u8, 90]));
    let mut out = Cursor::new(Vec::new());
    DynamicImage::ImageRgb8(picture).write_to(&mut out, ImageFormat::Jpeg).unwrap();
    out.into_inner()
}

pub async fn upload(app: &TestApp, cookie: &str, name: &str, bytes: &[u8]) -> Answer {
    app.post("/v1/admin/catalog/photos").header("cookie", cookie).file("file", name, "image/jpeg", bytes).send().await
}

fn product(code: &str, images: Value) -> Value {
    json!({
        "code": code, "name": "帆布のトートバッグ", "price": 5500, "tax_rate": 10, "is_published": true,
        "variations": [{ "sku": format!("{code}-1"), "price": 5500, "initial_stock": 2 }],
        "images": images,
    })
}

fn file_error(answer: &Answer, field: &str) -> String {
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    answer.json()["errors"][field][0].as_str().unwrap_or_else(|| panic!("no errors.{field}: {}", answer.text())).to_owned()
}

async fn a_phone_photo_reaches_the_storefront_as_webp_variants(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let answer = upload(&app, &owner, "IMG_0012.jpg", &jpeg(2000, 1500)).await;
    answer.assert_status(StatusCode::CREATED);
    let photo = answer.json();
    let url = photo["url"].as_str().unwrap().to_owned();
    assert!(url.starts_with("/media/") && url.ends_with("-1440.webp"), "{photo}");
    assert_eq!((photo["width"].as_i64(), photo["height"].as_i64(), photo["name"].as_str()), (Some(1440), Some(1080), Some("IMG_0012.jpg")));
    let srcset = photo["srcset"].as_str().unwrap();
    for width in [240, 480, 960, 1440] {
        assert!(srcset.contains(&format!("-{width}.webp {width}w")), "{srcset}");
    }

    let small = url.replace("-1440.webp", "-240.webp");
    let file = app.get(&small).send().await;
    file.assert_status(StatusCode::OK);
    assert_eq!(file.header("content-type"), "image/webp");
    assert_eq!(file.header("cache-control"), "public, max-age=31536000, immutable");
    let decoded = image::load_from_memory_with_format(&file.bytes, ImageFormat::WebP).expect("a WebP picture");
    assert_eq!((decoded.width(), decoded.height()), (240, 180));
    assert!(file.bytes.len() < 20_000, "a card-sized variant stays small: {} bytes", file.bytes.len());
    // Another shop does not serve it, nor a name that is not a variant's.
    assert_eq!(app.get(&small).channel("corporate").send().await.status, StatusCode::NOT_FOUND);
    assert_eq!(app.get("/media/..%2F..%2Fetc%2Fpasswd").send().await.status, StatusCode::NOT_FOUND);

    // Uploading alone changes no product; saving the form puts it on one.
    let made = app.post("/v1/admin/products").header("cookie", &owner).json(&product("PH-TOTE", json!([{ "url": url, "alt": "正面" }]))).send().await;
    made.assert_status(StatusCode::CREATED);
    let made = made.json();
    assert_eq!(made["images"][0]["url"], url.as_str());
    assert_eq!(made["images"][0]["alt"], "正面");
    assert_eq!(made["images"][0]["srcset"], srcset);

    let page = app.get(&format!("/v1/products/{}", made["key"].as_str().unwrap())).send().await.json();
    assert_eq!(page["images"][0]["url"], url.as_str(), "{page}");
    assert_eq!(page["images"][0]["srcset"], srcset);
    let found = items(&app, &format!("keyword={}", encode("帆布のトートバッグ"))).await;
    assert_eq!(found[0]["image"]["srcset"], srcset, "the card too");
}

async fn pictures_are_reordered_and_removed_through_the_form(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let first = upload(&app, &owner, "front.jpg", &jpeg(600, 600)).await.json()["url"].as_str().unwrap().to_owned();
    let second = upload(&app, &owner, "back.png", &jpeg(640, 480)).await.json()["url"].as_str().unwrap().to_owned();
    let made = app
        .post("/v1/admin/products")
        .header("cookie", &owner)
        .json(&product("PH-ORDER", json!([{ "url": first, "alt": "正面" }, { "url": second, "alt": "" }])))
        .send()
        .await
        .json();
    let id = made["id"].as_str().unwrap();
    assert_eq!(made["images"][1]["alt"], "帆布のトートバッグ", "an empty alt becomes the name");

    // Without `images` the pictures stay; with them, the list is replaced in its order.
    let mut form = made.clone();
    form.as_object_mut().unwrap().remove("images");
    form["name"] = json!("帆布のトートバッグ 大");
    let kept = app.put(&format!("/v1/admin/products/{id}")).header("cookie", &owner).json(&form).send().await.json();
    assert_eq!(kept["images"].as_array().unwrap().len(), 2, "{kept}");
    let mut form = kept.clone();
    form["images"] = json!([{ "url": second, "alt": "背面" }]);
    let swapped = app.put(&format!("/v1/admin/products/{id}")).header("cookie", &owner).json(&form).send().await;
    swapped.assert_status(StatusCode::OK);
    let swapped = swapped.json();
    assert_eq!(swapped["images"], json!([{ "url": second, "alt": "背面", "srcset": swapped["images"][0]["srcset"] }]));
    let page = app.get(&format!("/v1/products/{}", made["key"].as_str().unwrap())).send().await.json();
    assert_eq!(page["image"]["url"], second.as_str(), "the main picture follows: {page}");

    // A save from the old version loses.
    let stale = app.put(&format!("/v1/admin/products/{id}")).header("cookie", &owner).json(&kept).send().await;
    stale.assert_status(StatusCode::CONFLICT);
}

async fn what_is_not_a_photo_of_this_shop_is_refused_in_japanese(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let text = upload(&app, &owner, "photo.jpg", b"this is not a picture at all").await;
    assert_eq!(file_error(&text, "file"), "JPEG・PNG・WebPの画像を選んでください。");
    let gif =
        upload(&app, &owner, "anim.gif", b"GIF89a\x01\0\x01\0\x80\0\0\0\0\0\xff\xff\xff!\xf9\x04\x01\0\0\0\0,\0\0\0\0\x01\0\x01\0\0\x02\x02D\x01\0;").await;
    assert_eq!(file_error(&gif, "file"), "JPEG・PNG・WebPの画像を選んでください。");
    let mut cut = jpeg(800, 600);
    cut.truncate(300);
    assert_eq!(file_error(&upload(&app, &owner, "cut.jpg", &cut).await, "file"), "画像を読み込めませんでした。ファイルが壊れていないか確認してください。");
    let mut big = jpeg(16, 16);
    big.resize(10 * 1024 * 1024 + 1, 0);
    assert_eq!(file_error(&upload(&app, &owner, "big.jpg", &big).await, "file"), "画像は10MBまでです。");
    let missing = app.post("/v1/admin/catalog/photos").header("cookie", &owner).raw_body("multipart/form-data; boundary=x", "--x--\r\n").send().await;
    assert_eq!(file_error(&missing, "file"), "画像ファイルを選んでください。");

    // A picture uploaded to another shop, and a URL from elsewhere, are not this shop's.
    let corporate = staff_cookie(&app, "corporate", StaffRole::Owner, "鈴木 課長").await;
    let theirs = app
        .post("/v1/admin/catalog/photos")
        .channel("corporate")
        .header("cookie", &corporate)
        .file("file", "c.jpg", "image/jpeg", &jpeg(300, 300))
        .send()
        .await;
    theirs.assert_status(StatusCode::CREATED);
    let theirs = theirs.json()["url"].as_str().unwrap().to_owned();
    for url in [theirs.as_str(), "https://evil.example/x.jpg", "/media/0123456789abcdef0123456789abcdef-240.webp"] {
        let answer = app.post("/v1/admin/products").header("cookie", &owner).json(&product("PH-BAD", json!([{ "url": url, "alt": "" }]))).send().await;
        assert_eq!(file_error(&answer, "images[0].url"), "画像が見つかりません。もう一度アップロードしてください。", "{url}");
    }
    let listed = app.get("/v1/admin/products?q=PH-BAD").header("cookie", &owner).send().await.json();
    assert_eq!(listed["data"].as_array().unwrap().len(), 0, "nothing was made");
}

async fn only_the_shops_staff_with_catalog_edit_upload(app: TestApp) {
    let bytes = jpeg(100, 100);
    let nobody = app.post("/v1/admin/catalog/photos").file("file", "a.jpg", "image/jpeg", &bytes).send().await;
    assert_eq!(nobody.status, StatusCode::UNAUTHORIZED);
    let member = crate::cart::demo_member(&app).await;
    let customer = app.post("/v1/admin/catalog/photos").bearer(&member).file("file", "a.jpg", "image/jpeg", &bytes).send().await;
    assert_eq!(customer.status, StatusCode::UNAUTHORIZED);
    let corporate = staff_cookie(&app, "corporate", StaffRole::Owner, "鈴木 課長").await;
    let other = upload(&app, &corporate, "a.jpg", &bytes).await;
    assert!(matches!(other.status, StatusCode::UNAUTHORIZED | StatusCode::NOT_FOUND), "{}", other.status);
    for role in [StaffRole::OrderClerk, StaffRole::ShippingClerk, StaffRole::Viewer] {
        let cookie = staff(&app, role).await;
        assert_forbidden(&upload(&app, &cookie, "a.jpg", &bytes).await, "商品を編集する権限がありません。");
    }
}

async fn attachments_live_in_the_storage_and_old_ones_move_there(app: TestApp) {
    let channel_id = app.channel_id("demo").await;
    let key = crate::uploads::uploaded(&app, None, "傷.png", crate::uploads::PNG).await;
    let stored = app.state.storage.get(&shop::uploads::storage_key(&channel_id, &key)).await.unwrap();
    assert_eq!(stored.as_deref(), Some(crate::uploads::PNG), "a new attachment's bytes are in the storage");

    // A file from before the storage kept its bytes in the database: it is still served, and
    // the move at start takes it into the storage.
    sqlx::query("UPDATE uploaded_files SET in_storage = 0, bytes = $1 WHERE file_key = $2")
        .bind(b"legacy bytes".to_vec())
        .bind(&key)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let row = shop::uploads::store::find_file(&app.state.db, &channel_id, &key).await.unwrap().unwrap();
    let read = shop::uploads::read_bytes(&app.state.db, &app.state.storage, &row).await.unwrap();
    assert_eq!(read.as_deref(), Some(&b"legacy bytes"[..]));
    assert_eq!(shop::uploads::move_into_storage(&app.state.db, &app.state.storage).await.unwrap(), 1);
    assert_eq!(shop::uploads::move_into_storage(&app.state.db, &app.state.storage).await.unwrap(), 0, "once");
    let read = shop::uploads::read_bytes(&app.state.db, &app.state.storage, &row).await.unwrap();
    assert_eq!(read.as_deref(), Some(&b"legacy bytes"[..]), "served from the storage now");
    let left: Vec<u8> = sqlx::query_scalar("SELECT bytes FROM uploaded_files WHERE file_key = $1").bind(&key).fetch_one(&app.state.db.pool).await.unwrap();
    assert!(left.is_empty(), "the database no longer holds the bytes");
}

on_both_databases!(
    a_phone_photo_reaches_the_storefront_as_webp_variants,
    pictures_are_reordered_and_removed_through_the_form,
    what_is_not_a_photo_of_this_shop_is_refused_in_japanese,
    only_the_shops_staff_with_catalog_edit_upload,
    attachments_live_in_the_storage_and_old_ones_move_there,
);
