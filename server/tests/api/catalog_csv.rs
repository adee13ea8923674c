//! The catalogue's CSV round trip (issue 31) as an owner meets it: the products export
//! re-imports as "nothing changed"; an edited file in Shift_JIS with a changed price and a new
//! product (its category path, maker and tag made on the way, its 初期在庫 the ledger's first
//! 入荷) is checked, then applied in the background, and the storefront follows; a file with
//! errors names each by line and column and writes nothing unless staff choose the clean
//! lines; the inventory CSV sets a count only where the shelf still holds the file's figure;
//! a job whose runner stopped is taken up after its last batch; and only the shop's staff with
//! the permission import.
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use encoding_rs::SHIFT_JIS;
use serde_json::{Value, json};
use shop::staff::StaffRole;

use crate::helpers::{Answer, TestApp};
use crate::inquiries::staff_cookie;
use crate::keyword_freshness::{encode, items};
use crate::on_both_databases;
use crate::order_desk::{assert_forbidden, staff};

async fn export(app: &TestApp, cookie: &str, path: &str) -> String {
    let answer = app.get(path).header("cookie", cookie).send().await;
    answer.assert_status(StatusCode::OK);
    let bytes = answer.bytes.clone();
    match bytes.strip_prefix(b"\xEF\xBB\xBF") {
        Some(rest) => String::from_utf8(rest.to_vec()).unwrap(),
        None => SHIFT_JIS.decode(&bytes).0.into_owned(),
    }
}

async fn upload(app: &TestApp, cookie: &str, kind: &str, name: &str, bytes: &[u8]) -> Answer {
    const BOUNDARY: &str = "----shop-csv-boundary-Zq81";
    let mut body = format!("--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"kind\"\r\n\r\n{kind}\r\n").into_bytes();
    body.extend_from_slice(
        format!("--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\nContent-Type: text/csv\r\n\r\n").as_bytes(),
    );
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{BOUNDARY}--\r\n").as_bytes());
    app.post("/v1/admin/catalog/imports").header("cookie", cookie).raw_body(&format!("multipart/form-data; boundary={BOUNDARY}"), body).send().await
}

/// The job once it rests in `state` (checked, done or failed).
async fn settled(app: &TestApp, cookie: &str, id: &str, state: &str) -> Value {
    let started = Instant::now();
    loop {
        let job = app.get(&format!("/v1/admin/catalog/imports/{id}")).header("cookie", cookie).send().await.json();
        if job["state"] == state {
            return job;
        }
        assert!(!matches!(job["state"].as_str(), Some("failed")) || state == "failed", "the job failed: {job}");
        assert!(started.elapsed() < Duration::from_secs(60), "still {} after a minute: {job}", job["state"]);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

async fn dry_run(app: &TestApp, cookie: &str, kind: &str, bytes: &[u8]) -> Value {
    let answer = upload(app, cookie, kind, "catalogue.csv", bytes).await;
    answer.assert_status(StatusCode::ACCEPTED);
    let job = answer.json();
    assert_eq!(job["state"], "checking", "{job}");
    settled(app, cookie, job["id"].as_str().unwrap(), "checked").await
}

async fn apply(app: &TestApp, cookie: &str, job: &Value, only_clean: bool) -> Value {
    let id = job["id"].as_str().unwrap();
    let answer = app.post(&format!("/v1/admin/catalog/imports/{id}/apply")).header("cookie", cookie).json(&json!({ "only_clean": only_clean })).send().await;
    answer.assert_status(StatusCode::ACCEPTED);
    settled(app, cookie, id, "done").await
}

/// Shift_JIS as the shop's own export writes it (〓 for what it cannot hold).
fn sjis(text: &str) -> Vec<u8> {
    shop::infra::text_csv::to_shift_jis(text)
}

async fn count_products(app: &TestApp) -> i64 {
    let channel_id = app.channel_id("demo").await;
    sqlx::query_scalar("SELECT COUNT(*) FROM products WHERE channel_id = $1").bind(&channel_id).fetch_one(&app.state.db.pool).await.unwrap()
}

async fn our_export_reimports_unchanged_and_an_edited_file_round_trips(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let before = count_products(&app).await;
    let exported = export(&app, &owner, "/v1/admin/catalog/products.csv").await;
    assert!(exported.starts_with("商品コード,商品名,説明,販売価格,通常価格,税率,メーカー,ブランド,カテゴリ,タグ,公開,"), "{}", &exported[..200]);
    let job = dry_run(&app, &owner, "products", format!("\u{feff}{exported}").as_bytes()).await;
    assert_eq!((job["summary"]["create"].as_i64(), job["summary"]["update"].as_i64(), job["error_count"].as_i64()), (Some(0), Some(0), Some(0)), "{job}");
    assert_eq!(job["summary"]["unchanged"].as_i64(), Some(before), "every product of our own export is unchanged");
    assert_eq!((job["to_apply"].as_i64(), job["encoding"].as_str()), (Some(0), Some("UTF-8")));

    // A spreadsheet edit: the first product's price, and a new product in two sizes.
    let mut reader = csv::Reader::from_reader(exported.as_bytes());
    let header: Vec<String> = reader.headers().unwrap().iter().map(str::to_owned).collect();
    let mut records: Vec<Vec<String>> = reader.records().map(|r| r.unwrap().iter().map(str::to_owned).collect()).collect();
    let code = records[0][0].clone();
    for record in records.iter_mut().filter(|r| r[0] == code) {
        record[3] = "12345".into();
    }
    // What the file has no column for stays as it is: 付属品, 名入れ刺繍 and のし対応.
    let pool = &app.state.db.pool;
    let channel_id = app.channel_id("demo").await;
    let id_of = |code: String| {
        sqlx::query_scalar::<_, String>("SELECT id FROM products WHERE code = $1 AND channel_id = $2").bind(code).bind(channel_id.clone()).fetch_one(pool)
    };
    let edited_id = id_of(code.clone()).await.unwrap();
    let other_id = id_of(records.iter().find(|r| r[0] != code).unwrap()[0].clone()).await.unwrap();
    sqlx::query("UPDATE products SET takes_noshi = 0 WHERE id = $1").bind(&edited_id).execute(pool).await.unwrap();
    sqlx::query("DELETE FROM product_embroidery WHERE product_id = $1").bind(&edited_id).execute(pool).await.unwrap();
    sqlx::query("INSERT INTO product_embroidery (product_id, price, max_chars) VALUES ($1, 550, 12)").bind(&edited_id).execute(pool).await.unwrap();
    sqlx::query("INSERT INTO product_accessories (channel_id, product_id, accessory_id, position) VALUES ($1, $2, $3, 0)")
        .bind(&channel_id)
        .bind(&edited_id)
        .bind(&other_id)
        .execute(pool)
        .await
        .unwrap();
    let new_row = |cells: &str| cells.split(',').map(str::to_owned).collect::<Vec<String>>();
    records.push(new_row("CSV-NEW,帆布のサコッシュ,肩から下げる小さなバッグです。,3300,,10,山田製作所,,新カテゴリ>小物,限定,公開,,,,,,CSV-NEW-S,S,S,,3300,,5"));
    records.push(new_row("CSV-NEW,,,,,,,,,,,,,,,,CSV-NEW-M,M,M,,3500,,0"));
    let mut writer = csv::WriterBuilder::new().terminator(csv::Terminator::CRLF).from_writer(Vec::new());
    writer.write_record(&header).unwrap();
    for record in &records {
        writer.write_record(record).unwrap();
    }
    let edited = String::from_utf8(writer.into_inner().unwrap()).unwrap();
    let job = dry_run(&app, &owner, "products", &sjis(&edited)).await;
    assert_eq!(job["encoding"], "Shift_JIS");
    assert_eq!((job["summary"]["create"].as_i64(), job["summary"]["update"].as_i64(), job["error_count"].as_i64()), (Some(1), Some(1), Some(0)), "{job}");
    let new_names: Vec<&str> = job["summary"]["new_names"].as_array().unwrap().iter().map(|n| n.as_str().unwrap()).collect();
    assert_eq!(new_names, vec!["カテゴリ: 新カテゴリ", "カテゴリ: 新カテゴリ>小物", "タグ: 限定", "メーカー: 山田製作所"]);
    assert_eq!(count_products(&app).await, before, "a dry run writes nothing");

    let done = apply(&app, &owner, &job, false).await;
    assert_eq!(done["applied"].as_i64(), Some(2), "{done}");
    assert_eq!(count_products(&app).await, before + 1);
    let found = items(&app, &format!("keyword={}", encode("帆布のサコッシュ"))).await;
    assert_eq!(found.len(), 1, "the storefront finds the new product");
    let desk = app.get("/v1/admin/products?q=CSV-NEW").header("cookie", &owner).send().await.json();
    let id = desk["data"][0]["id"].as_str().unwrap();
    let product = app.get(&format!("/v1/admin/products/{id}")).header("cookie", &owner).send().await.json();
    let stock: Vec<(String, i64)> =
        product["variations"].as_array().unwrap().iter().map(|v| (v["sku"].as_str().unwrap().to_owned(), v["available"].as_i64().unwrap())).collect();
    assert_eq!(stock, vec![("CSV-NEW-S".to_owned(), 5), ("CSV-NEW-M".to_owned(), 0)], "初期在庫 for a new SKU only");
    let edited = app.get(&format!("/v1/admin/products?q={}", encode(&code))).header("cookie", &owner).send().await.json();
    assert_eq!(edited["data"][0]["price"].as_i64(), Some(12345));
    let kept = app.get(&format!("/v1/admin/products/{edited_id}")).header("cookie", &owner).send().await.json();
    assert_eq!(kept["price"].as_i64(), Some(12345));
    // A variation priced as its product left バリエーション価格 empty in the export, so it follows.
    let own_price = header.iter().position(|h| h == "バリエーション価格").unwrap();
    let following: Vec<i64> =
        records.iter().filter(|r| r[0] == code).map(|r| if r[own_price].is_empty() { 12345 } else { r[own_price].parse().unwrap() }).collect();
    assert!(following.contains(&12345), "the demo product has a variation at its price");
    let prices: Vec<i64> = kept["variations"].as_array().unwrap().iter().map(|v| v["price"].as_i64().unwrap()).collect();
    assert_eq!(prices, following, "{kept}");
    assert_eq!((kept["accessory_ids"].clone(), kept["embroidery"].clone()), (json!([other_id]), json!({ "price": 550, "max_chars": 12 })), "{kept}");
    assert_eq!(kept["takes_noshi"], false, "the import keeps what its file has no column for");

    // The shop's export now holds the changes, and reads back unchanged again.
    let again = export(&app, &owner, "/v1/admin/catalog/products.csv?encoding=sjis").await;
    let job = dry_run(&app, &owner, "products", &sjis(&again)).await;
    assert_eq!((job["summary"]["create"].as_i64(), job["summary"]["update"].as_i64()), (Some(0), Some(0)), "{job}");
    let log = app.get("/v1/admin/audit-log").header("cookie", &owner).send().await;
    assert!(log.text().contains("商品CSV"), "the import is in the audit log: {}", log.text());
}

async fn a_file_with_errors_names_each_and_writes_nothing_unless_told(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let before = count_products(&app).await;
    let channel_id = app.channel_id("demo").await;
    let taken_sku: String = sqlx::query_scalar("SELECT variation_key FROM product_variations WHERE channel_id = $1 ORDER BY variation_key LIMIT 1")
        .bind(&channel_id)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    let file = format!(
        "商品コード,商品名,販売価格,SKU,JANコード,画像\n\
         ERR-1,価格が数字でない,abc,ERR-1-A,,\n\
         ERR-2,他の商品のSKU,1000,{taken_sku},,\n\
         ERR-3,JANが違う,1000,ERR-3-A,4901234567890,\n\
         ERR-4,よその画像,1000,ERR-4-A,,http://169.254.169.254/latest/meta-data/x.jpg\n\
         OK-1,正しい商品,1500,OK-1-A,4901234567894,\n"
    );
    let job = dry_run(&app, &owner, "products", file.as_bytes()).await;
    let errors: Vec<(i64, String)> =
        job["errors"].as_array().unwrap().iter().map(|e| (e["line"].as_i64().unwrap(), e["column"].as_str().unwrap().to_owned())).collect();
    assert_eq!(errors, vec![(2, "販売価格".to_owned()), (3, "SKU".to_owned()), (4, "JANコード".to_owned()), (5, "画像".to_owned())], "{job}");
    assert_eq!(job["errors"][0]["message"], "整数で入力してください。");
    assert_eq!((job["summary"]["error_lines"].as_i64(), job["summary"]["create"].as_i64(), job["to_apply"].as_i64()), (Some(4), Some(1), Some(1)));

    let refused = app
        .post(&format!("/v1/admin/catalog/imports/{}/apply", job["id"].as_str().unwrap()))
        .header("cookie", &owner)
        .json(&json!({ "only_clean": false }))
        .send()
        .await;
    refused.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(refused.json()["errors"]["only_clean"][0], "エラーのある行があります。修正したファイルを取り込み直すか、エラーのない行だけを反映してください。");
    assert_eq!(count_products(&app).await, before, "nothing written");

    let done = apply(&app, &owner, &job, true).await;
    assert_eq!(done["applied"].as_i64(), Some(1));
    assert_eq!(count_products(&app).await, before + 1, "only the clean product");
    let again = app
        .post(&format!("/v1/admin/catalog/imports/{}/apply", job["id"].as_str().unwrap()))
        .header("cookie", &owner)
        .json(&json!({ "only_clean": true }))
        .send()
        .await;
    again.assert_status(StatusCode::CONFLICT);

    // A file that is not ours at all.
    let headers = dry_run(&app, &owner, "products", "品番,値段\nA,1\n".as_bytes()).await;
    assert!(headers["errors"].as_array().unwrap().iter().all(|e| e["line"] == 1), "{headers}");
    let binary = upload(&app, &owner, "products", "x.csv", &[0x82, 0xFF, 0xFF, 0x00, 0x81]).await;
    binary.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(binary.json()["errors"]["file"][0], "文字コードを判別できません。Shift_JISまたはUTF-8のCSVファイルを選択してください");
    let kind = upload(&app, &owner, "everything", "x.csv", b"a,b\n").await;
    assert_eq!(kind.json()["errors"]["kind"][0], "取り込む種類（products か inventory）を指定してください。");
}

async fn the_inventory_csv_sets_counts_only_where_the_shelf_did_not_move(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let inventory = export(&app, &owner, "/v1/admin/catalog/inventory.csv").await;
    let mut reader = csv::Reader::from_reader(inventory.as_bytes());
    assert_eq!(reader.headers().unwrap().iter().collect::<Vec<_>>(), vec!["SKU", "商品コード", "商品名", "バリエーション名", "現在庫(参照)", "新在庫", "増減"]);
    let rows: Vec<Vec<String>> =
        reader.records().map(|r| r.unwrap().iter().map(str::to_owned).collect()).filter(|r: &Vec<String>| r[4].parse::<i64>().unwrap() >= 2).take(3).collect();
    let [a, b, c] = [&rows[0], &rows[1], &rows[2]];
    let on_hand = |row: &Vec<String>| row[4].parse::<i64>().unwrap();
    let file =
        format!("SKU,現在庫(参照),新在庫,増減\n{},{},{},\n{},,,-1\n{},{},{},\n", a[0], on_hand(a), on_hand(a) + 5, b[0], c[0], on_hand(c) + 1, on_hand(c) + 9);
    let job = dry_run(&app, &owner, "inventory", file.as_bytes()).await;
    assert_eq!(job["error_count"].as_i64(), Some(1), "{job}");
    assert_eq!(job["errors"][0]["line"].as_i64(), Some(4));
    assert!(job["errors"][0]["message"].as_str().unwrap().starts_with("在庫が変わっています（ファイル: "));

    // The shelf of A moves between the check and the apply: its line is refused, not overwritten.
    let variation_of = |sku: &str| {
        let sku = sku.to_owned();
        let pool = app.state.db.pool.clone();
        async move { sqlx::query_scalar::<_, String>("SELECT id FROM product_variations WHERE variation_key = $1").bind(sku).fetch_one(&pool).await.unwrap() }
    };
    let a_id = variation_of(&a[0]).await;
    let moved = app
        .post(&format!("/v1/admin/stock/{a_id}/adjustments"))
        .header("cookie", &owner)
        .json(&json!({ "delta": 1, "reason": "adjustment", "note": "破損品の戻り" }))
        .send()
        .await;
    moved.assert_status(StatusCode::OK);
    let done = apply(&app, &owner, &job, true).await;
    assert_eq!(done["applied"].as_i64(), Some(1), "{done}");
    let a_line = done["errors"].as_array().unwrap().iter().find(|e| e["line"] == 2).unwrap_or_else(|| panic!("A's line is refused: {done}"));
    assert!(a_line["message"].as_str().unwrap().starts_with("在庫が変わっています"), "{done}");
    let after = export(&app, &owner, "/v1/admin/catalog/inventory.csv").await;
    let now_of = |sku: &str| -> i64 {
        let mut reader = csv::Reader::from_reader(after.as_bytes());
        reader.records().map(|r| r.unwrap()).find(|r| &r[0] == sku).unwrap()[4].parse().unwrap()
    };
    assert_eq!(now_of(&a[0]), on_hand(a) + 1, "A keeps the desk's move");
    assert_eq!(now_of(&b[0]), on_hand(b) - 1, "B took the file's 増減");
    assert_eq!(now_of(&c[0]), on_hand(c), "C's line had an error");
}

async fn a_stopped_job_is_taken_up_after_its_last_batch(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let before = count_products(&app).await;
    let mut file = String::from("商品コード,商品名,販売価格,SKU\n");
    for n in 0..250 {
        file.push_str(&format!("RESUME-{n:03},再開テスト{n},1000,RESUME-{n:03}-A\n"));
    }
    let job = dry_run(&app, &owner, "products", file.as_bytes()).await;
    assert_eq!(job["to_apply"].as_i64(), Some(250));
    let id = job["id"].as_str().unwrap();
    // As if a runner had applied the first batch of 200 and the instance then stopped: the job
    // says applying at 200, and nobody holds it.
    sqlx::query("UPDATE catalog_imports SET state = 'applying', position = 200, applied = 200, lease_until = 0 WHERE id = $1")
        .bind(id)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let now = shop::infra::time::Timestamp::now().0;
    let claimed = shop::catalog::store::catalog_csv::claim_stalled_import(&app.state.db, now, now + 60_000).await.unwrap();
    assert_eq!(claimed.as_deref(), Some(id));
    assert_eq!(shop::catalog::store::catalog_csv::claim_stalled_import(&app.state.db, now, now + 60_000).await.unwrap(), None, "one runner");
    shop::catalog::imports::run(app.state.clone(), id.to_owned()).await;
    let done = settled(&app, &owner, id, "done").await;
    assert_eq!(done["applied"].as_i64(), Some(250));
    assert_eq!(count_products(&app).await, before + 50, "only the units after the last batch are written");
    let codes: Vec<String> =
        sqlx::query_scalar("SELECT code FROM products WHERE code LIKE 'RESUME-%' ORDER BY code").fetch_all(&app.state.db.pool).await.unwrap();
    assert_eq!(codes.first().map(String::as_str), Some("RESUME-200"));
}

async fn only_the_shops_staff_with_the_permission_import(app: TestApp) {
    let file = "SKU,増減\nX,1\n".as_bytes();
    let nobody = app.post("/v1/admin/catalog/imports").file("file", "a.csv", "text/csv", file).send().await;
    assert_eq!(nobody.status, StatusCode::UNAUTHORIZED);
    assert_eq!(app.get("/v1/admin/catalog/products.csv").send().await.status, StatusCode::UNAUTHORIZED);
    let member = crate::cart::demo_member(&app).await;
    assert_eq!(app.get("/v1/admin/catalog/imports").bearer(&member).send().await.status, StatusCode::UNAUTHORIZED);
    let corporate = staff_cookie(&app, "corporate", StaffRole::Owner, "鈴木 課長").await;
    let other = app.get("/v1/admin/catalog/inventory.csv").header("cookie", &corporate).send().await;
    assert!(matches!(other.status, StatusCode::UNAUTHORIZED | StatusCode::NOT_FOUND), "{}", other.status);
    let owner = staff(&app, StaffRole::Owner).await;
    let job = dry_run(&app, &owner, "inventory", b"SKU,\xe5\xa2\x97\xe6\xb8\x9b\nX,1\n").await;
    let theirs = app.get(&format!("/v1/admin/catalog/imports/{}", job["id"].as_str().unwrap())).channel("corporate").header("cookie", &corporate).send().await;
    assert_eq!(theirs.status, StatusCode::NOT_FOUND, "another shop's job");

    let viewer = staff(&app, StaffRole::Viewer).await;
    app.get("/v1/admin/catalog/products.csv").header("cookie", &viewer).send().await.assert_status(StatusCode::OK);
    assert_forbidden(&upload(&app, &viewer, "products", "a.csv", b"a\n").await, "商品を編集する権限がありません。");
    assert_forbidden(&upload(&app, &viewer, "inventory", "a.csv", b"a\n").await, "在庫を変更する権限がありません。");
    let shipping = staff(&app, StaffRole::ShippingClerk).await;
    upload(&app, &shipping, "inventory", "a.csv", b"SKU,\xe5\xa2\x97\xe6\xb8\x9b\n").await.assert_status(StatusCode::ACCEPTED);
    assert_forbidden(&upload(&app, &shipping, "products", "a.csv", b"a\n").await, "商品を編集する権限がありません。");
}

fn zip_of(files: &[(&str, &[u8])]) -> Vec<u8> {
    use std::io::Write;
    let mut writer = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (name, bytes) in files {
        writer.start_file(*name, zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated)).unwrap();
        writer.write_all(bytes).unwrap();
    }
    writer.finish().unwrap().into_inner()
}

fn png(width: u32, height: u32) -> Vec<u8> {
    let picture = image::RgbImage::from_fn(width, height, |x, _| image::Rgb([(x % 200) as u8, 120, 60]));
    let mut out = std::io::Cursor::new(Vec::new());
    image::DynamicImage::ImageRgb8(picture).write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

/// A web server on this machine with a photo, a page posing as one, and a redirect into a
/// private network: the hosts a shop's CSV may name by URL.
async fn picture_server() -> u16 {
    use axum::routing::get;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let photo = crate::product_photos::jpeg(900, 600);
    let routes = axum::Router::new()
        .route("/tee.jpg", get(move || async move { ([("content-type", "image/jpeg")], photo) }))
        .route("/page.jpg", get(|| async { ([("content-type", "image/jpeg")], "<html><script>alert(1)</script></html>") }))
        .route("/hop.jpg", get(|| async { (StatusCode::FOUND, [("location", "http://10.0.0.1/x.jpg")]) }));
    tokio::spawn(async move { axum::serve(listener, routes).await.unwrap() });
    port
}

async fn images_of(app: &TestApp, cookie: &str, code: &str) -> Vec<Value> {
    let desk = app.get(&format!("/v1/admin/products?q={code}")).header("cookie", cookie).send().await.json();
    let id = desk["data"][0]["id"].as_str().unwrap_or_else(|| panic!("no product {code}: {desk}"));
    let product = app.get(&format!("/v1/admin/products/{id}")).header("cookie", cookie).send().await.json();
    product["images"].as_array().unwrap().clone()
}

async fn a_zip_brings_its_photos_and_urls_come_from_public_hosts_only(app: TestApp, port: u16) {
    let owner = staff(&app, StaffRole::Owner).await;
    let before = count_products(&app).await;
    let csv = format!(
        "商品コード,商品名,販売価格,SKU,画像\n\
         ZIP-1,ZIPの写真の商品,2200,ZIP-1-A,front.jpg|back.png\n\
         ZIP-2,URLの写真の商品,3300,ZIP-2-A,http://127.0.0.1:{port}/tee.jpg\n"
    );
    let front = crate::product_photos::jpeg(1600, 1200);
    let bundle = zip_of(&[("商品.csv", csv.as_bytes()), ("photos/front.jpg", &front), ("photos/back.png", &png(500, 500)), ("__MACOSX/._front.jpg", b"x")]);
    let answer = upload(&app, &owner, "products", "catalogue.zip", &bundle).await;
    answer.assert_status(StatusCode::ACCEPTED);
    let job = settled(&app, &owner, answer.json()["id"].as_str().unwrap(), "checked").await;
    assert_eq!((job["summary"]["create"].as_i64(), job["error_count"].as_i64()), (Some(2), Some(0)), "{job}");
    assert_eq!(count_products(&app).await, before, "a dry run writes no product");
    apply(&app, &owner, &job, false).await;

    let zipped = images_of(&app, &owner, "ZIP-1").await;
    assert_eq!(zipped.len(), 2, "{zipped:?}");
    assert!(zipped[0]["url"].as_str().unwrap().ends_with("-1440.webp"), "the 1600-pixel photo in the storefront's widths: {zipped:?}");
    assert!(zipped[0]["srcset"].as_str().unwrap().contains("240w"), "{zipped:?}");
    assert!(zipped[1]["url"].as_str().unwrap().ends_with("-500.webp"), "{zipped:?}");
    let fetched = images_of(&app, &owner, "ZIP-2").await;
    assert!(fetched[0]["url"].as_str().unwrap().ends_with("-900.webp"), "{fetched:?}");
    let variant = app.get(fetched[0]["url"].as_str().unwrap()).send().await;
    variant.assert_status(StatusCode::OK);
    assert_eq!(image::load_from_memory(&variant.bytes).unwrap().width(), 900, "the fetched photo is served re-encoded");
    let found = items(&app, &format!("keyword={}", encode("ZIPの写真の商品"))).await;
    assert_eq!(found[0]["image"]["srcset"], zipped[0]["srcset"], "the storefront's card shows the photo");

    // The same ZIP again: the same photos, so nothing changed.
    let answer = upload(&app, &owner, "products", "catalogue.zip", &bundle).await;
    let again = settled(&app, &owner, answer.json()["id"].as_str().unwrap(), "checked").await;
    assert_eq!((again["summary"]["unchanged"].as_i64(), again["to_apply"].as_i64()), (Some(2), Some(0)), "{again}");

    // Each wrong picture is an error of its line; nothing is written.
    let csv = format!(
        "商品コード,商品名,販売価格,SKU,画像\n\
         BAD-1,ZIPにない,1000,BAD-1-A,missing.jpg\n\
         BAD-2,写真に見せたHTML,1000,BAD-2-A,fake.jpg\n\
         BAD-3,URLのHTML,1000,BAD-3-A,http://127.0.0.1:{port}/page.jpg\n\
         BAD-4,内部のアドレス,1000,BAD-4-A,http://localhost/x.jpg\n\
         BAD-5,内部への転送,1000,BAD-5-A,http://127.0.0.1:{port}/hop.jpg\n\
         BAD-6,見つからないURL,1000,BAD-6-A,http://127.0.0.1:{port}/gone.jpg\n\
         BAD-7,大きすぎる,1000,BAD-7-A,huge.jpg\n"
    );
    let mut huge = crate::product_photos::jpeg(40, 40);
    huge.resize(11 * 1024 * 1024, 0);
    let bundle = zip_of(&[("a.csv", csv.as_bytes()), ("fake.jpg", b"<html><body>not a photo</body></html>"), ("huge.jpg", &huge)]);
    let answer = upload(&app, &owner, "products", "bad.zip", &bundle).await;
    let job = settled(&app, &owner, answer.json()["id"].as_str().unwrap(), "checked").await;
    let errors: Vec<(i64, &str, &str)> = job["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["line"].as_i64().unwrap(), e["column"].as_str().unwrap(), e["message"].as_str().unwrap()))
        .collect();
    assert_eq!(errors.len(), 7, "{job}");
    assert!(errors.iter().all(|(_, column, _)| *column == "画像"), "{errors:?}");
    let message = |line: i64| errors.iter().find(|e| e.0 == line).map(|e| e.2).unwrap_or_default();
    assert!(message(2).contains("ZIPに画像「missing.jpg」がありません"), "{errors:?}");
    assert!(message(3).contains("JPEG・PNG・WebPの画像を選んでください。"), "{errors:?}");
    assert!(message(4).contains("JPEG・PNG・WebPの画像を選んでください。"), "{errors:?}");
    assert!(message(5).contains("このアドレスからは画像を取得できません"), "{errors:?}");
    assert!(message(6).contains("このアドレスからは画像を取得できません"), "a redirect into a private network: {errors:?}");
    assert!(message(7).contains("HTTP 404"), "{errors:?}");
    assert!(message(8).contains("画像は10MBまでです"), "{errors:?}");
    assert_eq!(job["to_apply"].as_i64(), Some(0));

    // A CSV alone cannot bring a photo by file name; a ZIP needs its one CSV.
    let alone = dry_run(&app, &owner, "products", "商品コード,商品名,販売価格,SKU,画像\nSOLO-1,単体,1000,SOLO-1-A,front.jpg\n".as_bytes()).await;
    assert!(alone["errors"][0]["message"].as_str().unwrap().contains("ZIPにまとめて"), "{alone}");
    let no_csv = upload(&app, &owner, "products", "photos.zip", &zip_of(&[("front.jpg", &front)])).await;
    no_csv.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(no_csv.json()["errors"]["file"][0], "ZIPにCSVファイルが入っていません。商品CSVを1つ入れてください。");
    assert_eq!(count_products(&app).await, before + 2, "only the first file's two products were written");
}

async fn with_a_picture_server(backend: crate::helpers::Backend) {
    let port = picture_server().await;
    crate::helpers::run_with(
        backend,
        |config| config.picture_fetch_allow_hosts = vec!["127.0.0.1".into()],
        move |app| a_zip_brings_its_photos_and_urls_come_from_public_hosts_only(app, port),
    )
    .await
}

mod a_zip_brings_its_photos_and_urls_come_from_public_hosts_only {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn on_sqlite() {
        super::with_a_picture_server(crate::helpers::Backend::Sqlite).await
    }
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn on_postgres() {
        super::with_a_picture_server(crate::helpers::Backend::Postgres).await
    }
}

on_both_databases!(
    our_export_reimports_unchanged_and_an_edited_file_round_trips,
    a_file_with_errors_names_each_and_writes_nothing_unless_told,
    the_inventory_csv_sets_counts_only_where_the_shelf_did_not_move,
    a_stopped_job_is_taken_up_after_its_last_batch,
    only_the_shops_staff_with_the_permission_import,
);
