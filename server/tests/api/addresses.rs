//! The address book as the mypage screens drive it: the list with its limit, add, edit,
//! delete, the two defaults, the own address (division_ct 1) that is the profile, CSV import
//! and export in Shift_JIS and UTF-8 — on the demo shop and the corporate one.
use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{Answer, TestApp};
use crate::members::registered_demo_member;
use crate::on_both_databases;

const BOOK: &str = "/v1/me/user-addresses";
const HEADER: &str = "お届け先名(姓),お届け先名(名),フリガナ(姓),フリガナ(名),郵便番号,都道府県,市区町村,番地,建物名,電話番号,携帯電話番号";

/// The seeded demo member, logged in with the documented password.
async fn demo_member(app: &TestApp) -> String {
    let answer = app.post("/v1/auth/login").json(&json!({ "username": "demo-member", "password": "ride2026demo" })).send().await;
    answer.assert_status(StatusCode::OK);
    answer.json()["access_token"].as_str().unwrap().to_owned()
}

/// The seeded corporate buyer (their shop asks for a mailed code at login; the token is
/// issued directly here — the members tests cover that login).
async fn corporate_buyer(app: &TestApp) -> String {
    let channel_id = app.channel_id("corporate").await;
    let user = shop::members::store::find_user_by_email(&app.state.db, &channel_id, "buyer@example.co.jp").await.unwrap().unwrap();
    app.member_token(&user.id, "corporate").await
}

/// Japan Post's data for the codes these tests use (the whole set is loaded by `shop serve`).
async fn with_postal_data(app: &TestApp) {
    let prefixes = ["150", "420", "100", "530", "103", "231"];
    shop::postal::import::load(&app.state.db, |code| prefixes.iter().any(|p| code.starts_with(p))).await.unwrap();
}

fn osaka() -> Value {
    json!({
        "shipping_last_name": "大阪", "shipping_first_name": "花子",
        "shipping_last_name_kana": "オオサカ", "shipping_first_name_kana": "ハナコ",
        "postal_code": "530-0001", "prefecture": "大阪府", "city": "大阪市北区", "address1": "梅田1-1-1",
        "address2": "梅田ビル5F", "phone_number": "06-1234-5678"
    })
}

async fn list(app: &TestApp, token: &str) -> (Answer, Vec<Value>) {
    let answer = app.get(&format!("{BOOK}?per=100")).bearer(token).send().await;
    answer.assert_status(StatusCode::OK);
    let items = answer.json()["data"].as_array().unwrap().clone();
    (answer, items)
}

fn find<'a>(items: &'a [Value], name: &str) -> &'a Value {
    items.iter().find(|a| a["shipping_name"] == name).unwrap_or_else(|| panic!("no {name} in {items:?}"))
}

fn flagged(items: &[Value], flag: &str) -> Vec<String> {
    items.iter().filter(|a| a[flag] == true).map(|a| a["shipping_name"].as_str().unwrap().to_owned()).collect()
}

async fn the_demo_member_finds_the_own_address_first_then_home_and_office(app: TestApp) {
    let token = demo_member(&app).await;
    let (answer, items) = list(&app, &token).await;
    assert_eq!(answer.header("x-limit"), "20");
    assert_eq!((answer.header("x-total"), answer.header("x-current-page"), answer.header("x-last-page")), ("3", "1", "1"));
    let own = &items[0];
    let id = own["id"].as_str().unwrap();
    assert_eq!(
        own,
        &json!({
            "id": id, "division_ct": 1, "is_default": true, "is_sender_default": true,
            "shipping_name": "山田 太郎", "shipping_last_name": "山田", "shipping_first_name": "太郎",
            "shipping_kana": "ヤマダ タロウ", "shipping_last_name_kana": "ヤマダ", "shipping_first_name_kana": "タロウ",
            "postal_code": "1500001", "formatted_postal_code": "150-0001", "prefecture": "東京都", "city": "渋谷区",
            "address1": "神宮前1-2-3", "address2": "ライドマンション101",
            "combined_address": "東京都渋谷区神宮前1-2-3 ライドマンション101",
            "full_address": "〒150-0001 東京都渋谷区神宮前1-2-3 ライドマンション101",
            "phone_number": "03-1234-5678", "cell_phone_number": "",
            "created_at": own["created_at"], "updated_at": own["updated_at"],
        })
    );
    assert_eq!((items[1]["shipping_name"].as_str(), items[1]["prefecture"].as_str()), (Some("山田 一郎"), Some("静岡県")));
    assert_eq!(items[2]["full_address"], "〒100-0005 東京都千代田区丸の内1-9-1 ライドクラフト株式会社 12階");
    assert!(items[1..].iter().all(|a| a["division_ct"] == 2 && a["is_default"] == false && a["is_sender_default"] == false));
    // Paginated like every list; the CORS layer exposes x-limit.
    let page = app.get(&format!("{BOOK}?per=2&page=2")).bearer(&token).header("origin", "https://shop.example.jp").send().await;
    assert_eq!((page.header("x-total"), page.header("x-last-page")), ("3", "2"));
    assert_eq!(page.json()["data"].as_array().unwrap().len(), 1);
    assert!(page.header("access-control-expose-headers").contains("x-limit"), "{:?}", page.headers);
    app.get(&format!("{BOOK}?per=0")).bearer(&token).send().await.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
}

async fn a_member_adds_reads_edits_and_deletes_an_entry(app: TestApp) {
    with_postal_data(&app).await;
    let token = demo_member(&app).await;
    let added = app.post(BOOK).bearer(&token).json(&osaka()).send().await;
    added.assert_status(StatusCode::CREATED);
    let entry = added.json();
    let id = entry["id"].as_str().unwrap().to_owned();
    assert_eq!((entry["division_ct"].clone(), entry["is_default"].clone()), (json!(2), json!(false)));
    assert_eq!((entry["postal_code"].as_str(), entry["formatted_postal_code"].as_str()), (Some("5300001"), Some("530-0001")));
    assert_eq!(entry["full_address"], "〒530-0001 大阪府大阪市北区梅田1-1-1 梅田ビル5F");
    assert_eq!(entry["shipping_kana"], "オオサカ ハナコ");

    let shown = app.get(&format!("{BOOK}/{id}")).bearer(&token).send().await;
    shown.assert_status(StatusCode::OK);
    assert_eq!(shown.json(), entry);

    let mut edit = osaka();
    edit["postal_code"] = json!("1030027");
    edit["prefecture"] = json!("東京都");
    edit["city"] = json!("中央区");
    edit["address1"] = json!("日本橋2-7-1");
    edit["address2"] = json!("");
    edit["phone_number"] = json!("");
    edit["cell_phone_number"] = json!("090-1111-2222");
    let edited = app.put(&format!("{BOOK}/{id}")).bearer(&token).json(&edit).send().await;
    edited.assert_status(StatusCode::OK);
    assert_eq!(edited.json()["full_address"], "〒103-0027 東京都中央区日本橋2-7-1");
    assert_eq!(edited.json()["cell_phone_number"], "090-1111-2222");
    // The profile is not touched by another entry.
    let me = app.get("/v1/me/user").bearer(&token).send().await.json();
    assert_eq!(me["city"], "渋谷区");

    app.delete(&format!("{BOOK}/{id}")).bearer(&token).send().await.assert_status(StatusCode::NO_CONTENT);
    app.get(&format!("{BOOK}/{id}")).bearer(&token).send().await.assert_status(StatusCode::NOT_FOUND);
    app.delete(&format!("{BOOK}/{id}")).bearer(&token).send().await.assert_status(StatusCode::NOT_FOUND);
    app.get(&format!("{BOOK}/no-such-id")).bearer(&token).send().await.assert_status(StatusCode::NOT_FOUND);
}

async fn bad_fields_are_japanese_field_errors_and_change_nothing(app: TestApp) {
    with_postal_data(&app).await;
    let token = demo_member(&app).await;
    let mut bad = osaka();
    bad["shipping_first_name_kana"] = json!("はなこ");
    bad["postal_code"] = json!("53-00011");
    bad["prefecture"] = json!("大阪");
    bad["phone_number"] = json!("");
    let answer = app.post(BOOK).bearer(&token).json(&bad).send().await;
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    let errors = &answer.json()["errors"];
    assert_eq!(errors["shipping_first_name_kana"][0], "全角カタカナで入力してください");
    assert_eq!(errors["postal_code"][0], "郵便番号の形式で入力してください 例：123-4567");
    assert_eq!(errors["prefecture"][0], "都道府県を選択してください");
    assert_eq!(errors["phone_number"][0], "いずれかは必須項目です");
    assert_eq!(errors["cell_phone_number"][0], "いずれかは必須項目です");
    let empty = app.post(BOOK).bearer(&token).json(&json!({})).send().await;
    assert_eq!(empty.json()["errors"]["shipping_last_name"][0], "必須項目です");
    // Well-formed but unknown to Japan Post, or in another prefecture.
    let mut unknown = osaka();
    unknown["postal_code"] = json!("530-9999");
    let answer = app.post(BOOK).bearer(&token).json(&unknown).send().await;
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer.json()["errors"]["postal_code"][0], "この郵便番号は存在しません");
    let mut elsewhere = osaka();
    elsewhere["prefecture"] = json!("京都府");
    let answer = app.post(BOOK).bearer(&token).json(&elsewhere).send().await;
    assert_eq!(answer.json()["errors"]["postal_code"][0], "郵便番号と都道府県が一致しません");
    app.post(BOOK).bearer(&token).raw_body("application/json", "{").send().await.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    let (answer, _) = list(&app, &token).await;
    assert_eq!(answer.header("x-total"), "3", "nothing was added");
}

async fn one_more_than_the_limit_is_refused_with_the_limit_named(app: TestApp) {
    with_postal_data(&app).await;
    let token = demo_member(&app).await;
    // 3 seeded (own, 実家, 会社) + 17 = the demo shop's 20.
    for n in 0..17 {
        let mut entry = osaka();
        entry["address1"] = json!(format!("梅田1-1-{n}"));
        app.post(BOOK).bearer(&token).json(&entry).send().await.assert_status(StatusCode::CREATED);
    }
    let answer = app.post(BOOK).bearer(&token).json(&osaka()).send().await;
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer.json()["code"], "user_addresses.limit_exceeded");
    assert_eq!(answer.json()["message"], "お届け先は20件まで登録できます。");
    let (answer, items) = list(&app, &token).await;
    assert_eq!((answer.header("x-total"), items.len()), ("20", 20));
    // Deleting one makes room again.
    let last = items.last().unwrap()["id"].as_str().unwrap().to_owned();
    app.delete(&format!("{BOOK}/{last}")).bearer(&token).send().await.assert_status(StatusCode::NO_CONTENT);
    app.post(BOOK).bearer(&token).json(&osaka()).send().await.assert_status(StatusCode::CREATED);
}

async fn exactly_one_default_and_one_sender_default(app: TestApp) {
    let token = demo_member(&app).await;
    let (_, items) = list(&app, &token).await;
    let own = items[0]["id"].as_str().unwrap().to_owned();
    let home = find(&items, "山田 一郎")["id"].as_str().unwrap().to_owned();
    // The office entry carries the member's own name, but is an entry of its own.
    let office = items[2]["id"].as_str().unwrap().to_owned();
    assert_eq!((items[2]["shipping_name"].as_str(), items[2]["division_ct"].clone()), (Some("山田 太郎"), json!(2)));

    let used = app.patch(&format!("{BOOK}/{home}/use")).bearer(&token).send().await;
    used.assert_status(StatusCode::OK);
    assert_eq!((used.json()["is_default"].clone(), used.json()["is_sender_default"].clone()), (json!(true), json!(false)));
    let sender = app.patch(&format!("{BOOK}/{office}/use-sender")).bearer(&token).send().await;
    sender.assert_status(StatusCode::OK);
    let (_, items) = list(&app, &token).await;
    let ids = |flag| items.iter().filter(|a| a[flag] == true).map(|a| a["id"].as_str().unwrap().to_owned()).collect::<Vec<_>>();
    assert_eq!(ids("is_default"), std::slice::from_ref(&home));
    assert_eq!(ids("is_sender_default"), std::slice::from_ref(&office));
    // Setting it again changes nothing; the other flag stays where it is.
    app.patch(&format!("{BOOK}/{home}/use")).bearer(&token).send().await.assert_status(StatusCode::OK);
    app.patch(&format!("{BOOK}/{office}/use")).bearer(&token).send().await.assert_status(StatusCode::OK);
    let (_, items) = list(&app, &token).await;
    assert_eq!(flagged(&items, "is_default").len(), 1);
    assert_eq!(items[2]["is_default"], true);
    assert_eq!(items[2]["is_sender_default"], true);
    app.patch(&format!("{BOOK}/no-such-id/use")).bearer(&token).send().await.assert_status(StatusCode::NOT_FOUND);

    // Deleting the holder gives both flags back to the own address.
    app.delete(&format!("{BOOK}/{office}")).bearer(&token).send().await.assert_status(StatusCode::NO_CONTENT);
    let (_, items) = list(&app, &token).await;
    assert_eq!((items[0]["is_default"].clone(), items[0]["is_sender_default"].clone()), (json!(true), json!(true)));
    assert_eq!(flagged(&items, "is_default").len() + flagged(&items, "is_sender_default").len(), 2);

    // The own address cannot be deleted; "delete all" keeps it.
    let refused = app.delete(&format!("{BOOK}/{own}")).bearer(&token).send().await;
    refused.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(refused.json()["code"], "user_addresses.own_address");
    app.patch(&format!("{BOOK}/{home}/use-sender")).bearer(&token).send().await.assert_status(StatusCode::OK);
    let all = app.delete("/v1/me/user-addresses-all").bearer(&token).send().await;
    all.assert_status(StatusCode::OK);
    assert_eq!(all.json(), json!({ "count": 1 }));
    let (answer, items) = list(&app, &token).await;
    assert_eq!(answer.header("x-total"), "1");
    assert_eq!(
        (items[0]["id"].as_str(), items[0]["is_default"].clone(), items[0]["is_sender_default"].clone()),
        (Some(own.as_str()), json!(true), json!(true))
    );
}

async fn concurrent_writes_keep_one_default_and_the_limit(app: TestApp) {
    with_postal_data(&app).await;
    let token = demo_member(&app).await;
    for n in 0..15 {
        let mut entry = osaka();
        entry["address1"] = json!(format!("梅田2-2-{n}"));
        app.post(BOOK).bearer(&token).json(&entry).send().await.assert_status(StatusCode::CREATED);
    }
    let (_, items) = list(&app, &token).await;
    assert_eq!(items.len(), 18);
    // Six entries made the default and the sender default at the same time.
    let ids: Vec<String> = items[..6].iter().map(|a| a["id"].as_str().unwrap().to_owned()).collect();
    let set = |id: &str, flag: &str| app.patch(&format!("{BOOK}/{id}/{flag}")).bearer(&token).send();
    let answers = tokio::join!(
        set(&ids[0], "use"),
        set(&ids[1], "use-sender"),
        set(&ids[2], "use"),
        set(&ids[3], "use-sender"),
        set(&ids[4], "use"),
        set(&ids[5], "use-sender"),
    );
    for answer in [answers.0, answers.1, answers.2, answers.3, answers.4, answers.5] {
        answer.assert_status(StatusCode::OK);
    }
    let (_, items) = list(&app, &token).await;
    assert_eq!(flagged(&items, "is_default").len(), 1);
    assert_eq!(flagged(&items, "is_sender_default").len(), 1);
    // Two places left, five added at once: exactly two get in.
    let add = || app.post(BOOK).bearer(&token).json(&osaka()).send();
    let answers = tokio::join!(add(), add(), add(), add(), add());
    let statuses = [answers.0.status, answers.1.status, answers.2.status, answers.3.status, answers.4.status];
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::CREATED).count(), 2, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::UNPROCESSABLE_ENTITY).count(), 3, "{statuses:?}");
    let (answer, _) = list(&app, &token).await;
    assert_eq!(answer.header("x-total"), "20");
}

async fn editing_the_own_address_edits_the_profile_and_the_other_way_round(app: TestApp) {
    with_postal_data(&app).await;
    let token = demo_member(&app).await;
    let (_, items) = list(&app, &token).await;
    let own = items[0]["id"].as_str().unwrap().to_owned();
    let mut moved = osaka();
    moved["shipping_last_name"] = json!("山田");
    moved["shipping_first_name"] = json!("太郎");
    moved["shipping_last_name_kana"] = json!("ヤマダ");
    moved["shipping_first_name_kana"] = json!("タロウ");
    moved["cell_phone_number"] = json!("080-1234-5678");
    let answer = app.put(&format!("{BOOK}/{own}")).bearer(&token).json(&moved).send().await;
    answer.assert_status(StatusCode::OK);
    assert_eq!(
        (answer.json()["division_ct"].clone(), answer.json()["full_address"].clone()),
        (json!(1), json!("〒530-0001 大阪府大阪市北区梅田1-1-1 梅田ビル5F"))
    );
    let me = app.get("/v1/me/user").bearer(&token).send().await.json();
    assert_eq!(
        [&me["postal_code"], &me["prefecture"], &me["city"], &me["address1"], &me["address2"], &me["phone_number"], &me["cell_phone_number"]],
        [&json!("5300001"), &json!("大阪府"), &json!("大阪市北区"), &json!("梅田1-1-1"), &json!("梅田ビル5F"), &json!("06-1234-5678"), &json!("080-1234-5678")]
    );
    assert_eq!((me["email"].as_str(), me["birthday"].as_str()), (Some("member@example.com"), Some("1985-06-15")), "the rest of the profile is kept");

    // The profile form changes the own entry too (it is the same data).
    let mut profile = me.clone();
    profile["last_name"] = json!("佐藤");
    profile["last_name_kana"] = json!("サトウ");
    profile["city"] = json!("大阪市中央区");
    app.put("/v1/me/user").bearer(&token).json(&profile).send().await.assert_status(StatusCode::OK);
    let entry = app.get(&format!("{BOOK}/{own}")).bearer(&token).send().await.json();
    assert_eq!((entry["shipping_name"].as_str(), entry["shipping_kana"].as_str()), (Some("佐藤 太郎"), Some("サトウ タロウ")));
    assert_eq!(entry["combined_address"], "大阪府大阪市中央区梅田1-1-1 梅田ビル5F");
    // Other entries keep their own names (spec 001 §5).
    let (_, items) = list(&app, &token).await;
    assert_eq!(items[2]["shipping_name"], "山田 太郎");
}

async fn a_new_member_gets_the_own_address_as_the_default(app: TestApp) {
    let member = registered_demo_member(&app, "newbook@example.jp").await;
    let (answer, items) = list(&app, &member.access_token).await;
    assert_eq!(answer.header("x-total"), "1");
    assert_eq!((items[0]["division_ct"].clone(), items[0]["is_default"].clone(), items[0]["is_sender_default"].clone()), (json!(1), json!(true), json!(true)));
    assert_eq!(items[0]["full_address"], "〒150-0001 東京都渋谷区神宮前1-2-3");
    // Made once, however often the book is opened at the same time.
    let call = || app.get(BOOK).bearer(&member.access_token).send();
    let answers = tokio::join!(call(), call(), call(), call());
    for answer in [answers.0, answers.1, answers.2, answers.3] {
        assert_eq!(answer.header("x-total"), "1");
    }
}

async fn the_corporate_shop_takes_the_tsunagu_rules_and_its_own_limit(app: TestApp) {
    let token = corporate_buyer(&app).await;
    let book = app.get(BOOK).channel("corporate").bearer(&token).send().await;
    book.assert_status(StatusCode::OK);
    assert_eq!((book.header("x-limit"), book.header("x-total")), ("50", "2"));
    let answer = app.post(BOOK).channel("corporate").bearer(&token).json(&osaka()).send().await;
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    let errors = &answer.json()["errors"];
    assert_eq!(errors["postal_code"][0], "半角数字7桁で入力してください");
    assert_eq!(errors["phone_number"][0], "半角数字（ハイフンなし）11桁以内で入力してください");
    let mut tsunagu = osaka();
    tsunagu["postal_code"] = json!("5300001");
    tsunagu["phone_number"] = json!("0612345678");
    tsunagu["shipping_first_name_kana"] = json!("");
    tsunagu["shipping_last_name_kana"] = json!("");
    let answer = app.post(BOOK).channel("corporate").bearer(&token).json(&tsunagu).send().await;
    answer.assert_status(StatusCode::CREATED);
    assert_eq!(answer.json()["shipping_kana"], "");
    // A demo-shop token opens nothing on the corporate shop.
    let demo = demo_member(&app).await;
    app.get(BOOK).channel("corporate").bearer(&demo).send().await.assert_status(StatusCode::UNAUTHORIZED);
}

fn csv_file(rows: &[&str]) -> String {
    let mut text = format!("{HEADER}\r\n");
    for row in rows {
        text.push_str(row);
        text.push_str("\r\n");
    }
    text
}

fn shift_jis(text: &str) -> Vec<u8> {
    let (bytes, _, unmappable) = encoding_rs::SHIFT_JIS.encode(text);
    assert!(!unmappable, "test data fits Shift_JIS");
    bytes.into_owned()
}

async fn import(app: &TestApp, token: &str, bytes: &[u8]) -> Answer {
    app.post(&format!("{BOOK}/import")).bearer(token).file("file", "addresses.csv", "text/csv", bytes).send().await
}

async fn a_csv_in_shift_jis_or_utf8_is_imported(app: TestApp) {
    with_postal_data(&app).await;
    let token = demo_member(&app).await;
    let sjis = csv_file(&[
        "髙橋,花子,タカハシ,ハナコ,530-0001,大阪府,大阪市北区,梅田1-1-1,梅田ビル5F,06-1234-5678,",
        ",,,,,,,,,,",
        "鈴木,次郎,スズキ,ジロウ,１０３－００２７,東京都,中央区,日本橋2-7-1,,,090-1234-5678",
    ]);
    let answer = import(&app, &token, &shift_jis(&sjis)).await;
    answer.assert_status(StatusCode::OK);
    assert_eq!(answer.json(), json!({ "count": 2 }));
    let (_, items) = list(&app, &token).await;
    let takahashi = find(&items, "髙橋 花子");
    assert_eq!((takahashi["full_address"].as_str(), takahashi["division_ct"].clone()), (Some("〒530-0001 大阪府大阪市北区梅田1-1-1 梅田ビル5F"), json!(2)));
    assert_eq!(find(&items, "鈴木 次郎")["postal_code"], "1030027", "full-width digits are read");

    // UTF-8 with a BOM, and without one, with the columns in another order.
    let utf8 = csv_file(&["横浜,三郎,ヨコハマ,サブロウ,231-0023,神奈川県,横浜市中区,山下町1,,045-123-4567,"]);
    let with_bom = [b"\xEF\xBB\xBF".as_slice(), utf8.as_bytes()].concat();
    import(&app, &token, &with_bom).await.assert_status(StatusCode::OK);
    let reordered = "携帯電話番号,電話番号,お届け先名(姓),お届け先名(名),フリガナ(姓),フリガナ(名),郵便番号,都道府県,市区町村,番地,建物名\r\n\
                     080-9999-0000,,静岡,四郎,シズオカ,シロウ,4200853,静岡県,静岡市葵区,追手町9-6,\r\n";
    import(&app, &token, reordered.as_bytes()).await.assert_status(StatusCode::OK);
    let (answer, items) = list(&app, &token).await;
    assert_eq!(answer.header("x-total"), "7");
    assert_eq!(find(&items, "静岡 四郎")["cell_phone_number"], "080-9999-0000");
    assert_eq!(flagged(&items, "is_default"), ["山田 太郎"], "imported entries take no flag");
}

async fn a_csv_with_one_bad_row_imports_nothing(app: TestApp) {
    with_postal_data(&app).await;
    let token = demo_member(&app).await;
    let text = csv_file(&[
        "髙橋,花子,タカハシ,ハナコ,530-0001,大阪府,大阪市北区,梅田1-1-1,,06-1234-5678,",
        "鈴木,次郎,すずき,ジロウ,12-345,東京都,中央区,日本橋2-7-1,,,",
        "横浜,三郎,ヨコハマ,サブロウ,530-9999,大阪府,大阪市北区,梅田,,06-1234-5678,",
    ]);
    let answer = import(&app, &token, &shift_jis(&text)).await;
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    let errors = answer.json()["errors"].clone();
    assert_eq!(errors["rows.3.postal_code"][0], "3行目「郵便番号」: 郵便番号の形式で入力してください 例：123-4567");
    assert_eq!(errors["rows.3.shipping_last_name_kana"][0], "3行目「フリガナ(姓)」: 全角カタカナで入力してください");
    assert_eq!(errors["rows.3.phone_number"][0], "3行目「電話番号」: いずれかは必須項目です");
    assert_eq!(errors["rows.4.postal_code"][0], "4行目「郵便番号」: この郵便番号は存在しません");
    assert!(errors.get("rows.2.postal_code").is_none(), "{errors}");
    let (answer, _) = list(&app, &token).await;
    assert_eq!(answer.header("x-total"), "3", "all or nothing");

    // Not a CSV of ours, no rows, no file, the wrong encoding, too many rows.
    let answer = import(&app, &token, "名前,住所\r\n山田,東京\r\n".as_bytes()).await;
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer.json()["errors"]["file"][0], "1行目(見出し)に「お届け先名(姓)」の列がありません");
    let answer = import(&app, &token, csv_file(&[]).as_bytes()).await;
    assert_eq!(answer.json()["errors"]["file"][0], "取り込むお届け先がありません");
    let answer = import(&app, &token, &[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF]).await;
    assert_eq!(answer.json()["errors"]["file"][0], "文字コードを判別できません。Shift_JISまたはUTF-8のCSVファイルを選択してください");
    let answer = app.post(&format!("{BOOK}/import")).bearer(&token).json(&json!({})).send().await;
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer.json()["errors"]["file"][0], "CSVファイルを選択してください");
    let row = "髙橋,花子,タカハシ,ハナコ,530-0001,大阪府,大阪市北区,梅田1-1-1,,06-1234-5678,";
    let answer = import(&app, &token, csv_file(&[row; 18]).as_bytes()).await;
    answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer.json()["code"], "user_addresses.limit_exceeded");
    assert_eq!(answer.json()["message"], "お届け先は20件まで登録できます。（登録済み3件、取り込み18件）");
    import(&app, &token, csv_file(&[row; 17]).as_bytes()).await.assert_status(StatusCode::OK);
    let big = vec![b'a'; IMPORT_MAX + 1];
    import(&app, &token, &big).await.assert_status(StatusCode::PAYLOAD_TOO_LARGE);
}

const IMPORT_MAX: usize = shop::addresses::IMPORT_MAX_BYTES;

async fn the_book_is_exported_in_shift_jis_or_utf8(app: TestApp) {
    let token = demo_member(&app).await;
    let expected = "お届け先名(姓),お届け先名(名),フリガナ(姓),フリガナ(名),郵便番号,都道府県,市区町村,番地,建物名,電話番号,携帯電話番号\r\n\
                    山田,太郎,ヤマダ,タロウ,150-0001,東京都,渋谷区,神宮前1-2-3,ライドマンション101,03-1234-5678,\r\n\
                    山田,一郎,ヤマダ,イチロウ,420-0853,静岡県,静岡市葵区,追手町9-6,,054-221-1234,\r\n\
                    山田,太郎,ヤマダ,タロウ,100-0005,東京都,千代田区,丸の内1-9-1,ライドクラフト株式会社 12階,03-6212-3456,090-1234-5678\r\n";
    let sjis = app.get(&format!("{BOOK}/export?encoding=sjis")).bearer(&token).send().await;
    sjis.assert_status(StatusCode::OK);
    assert_eq!(sjis.header("content-type"), "text/csv; charset=Shift_JIS");
    let name = "%E3%82%A2%E3%83%89%E3%83%AC%E3%82%B9%E5%B8%B3.csv";
    assert_eq!(sjis.header("content-disposition"), format!("attachment; filename=\"address-book.csv\"; filename*=UTF-8''{name}"));
    assert_eq!(sjis.header("x-suggested-filename"), name);
    assert_eq!(sjis.header("cache-control"), "no-store");
    let (text, _, malformed) = encoding_rs::SHIFT_JIS.decode(&sjis.bytes);
    assert!(!malformed);
    assert_eq!(text, expected);
    assert!(std::str::from_utf8(&sjis.bytes).is_err(), "really Shift_JIS, not UTF-8");

    let utf8 = app.get(&format!("{BOOK}/export?encoding=utf8")).bearer(&token).send().await;
    utf8.assert_status(StatusCode::OK);
    assert_eq!(utf8.header("content-type"), "text/csv; charset=UTF-8");
    assert!(utf8.bytes.starts_with(b"\xEF\xBB\xBF"), "a BOM for Excel");
    assert_eq!(std::str::from_utf8(&utf8.bytes[3..]).unwrap(), expected);
    // The default is Shift_JIS; an unknown encoding is refused.
    assert_eq!(app.get(&format!("{BOOK}/export")).bearer(&token).send().await.bytes, sjis.bytes);
    let bad = app.get(&format!("{BOOK}/export?encoding=latin1")).bearer(&token).send().await;
    bad.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert!(bad.json()["errors"]["encoding"].is_array());

    // What was exported imports again (as new entries) on a fresh member.
    let member = registered_demo_member(&app, "reimport@example.jp").await;
    let again = import(&app, &member.access_token, &utf8.bytes).await;
    again.assert_status(StatusCode::OK);
    assert_eq!(again.json()["count"], 3);
}

async fn another_members_entries_answer_404(app: TestApp) {
    let token = demo_member(&app).await;
    let (_, items) = list(&app, &token).await;
    let other = registered_demo_member(&app, "other@example.jp").await;
    let theirs = &other.access_token;
    for entry in &items {
        let path = format!("{BOOK}/{}", entry["id"].as_str().unwrap());
        app.get(&path).bearer(theirs).send().await.assert_status(StatusCode::NOT_FOUND);
        app.put(&path).bearer(theirs).json(&osaka()).send().await.assert_status(StatusCode::NOT_FOUND);
        app.delete(&path).bearer(theirs).send().await.assert_status(StatusCode::NOT_FOUND);
        app.patch(&format!("{path}/use")).bearer(theirs).send().await.assert_status(StatusCode::NOT_FOUND);
        app.patch(&format!("{path}/use-sender")).bearer(theirs).send().await.assert_status(StatusCode::NOT_FOUND);
    }
    app.delete("/v1/me/user-addresses-all").bearer(theirs).send().await.assert_status(StatusCode::OK);
    let (answer, mine) = list(&app, &token).await;
    assert_eq!(answer.header("x-total"), "3", "untouched");
    assert_eq!(mine, items);
    let (_, theirs) = list(&app, theirs).await;
    assert_eq!(theirs.len(), 1);
    assert_eq!(theirs[0]["shipping_name"], "山田 太郎", "their own profile's name");
    assert_ne!(theirs[0]["id"], items[0]["id"]);
}

async fn a_member_who_leaves_leaves_no_address_behind(app: TestApp) {
    let member = registered_demo_member(&app, "leaver@example.jp").await;
    app.post(BOOK).bearer(&member.access_token).json(&osaka()).send().await.assert_status(StatusCode::CREATED);
    let leave = json!({ "password": crate::members::PASSWORD });
    app.delete("/v1/me/user").bearer(&member.access_token).json(&leave).send().await.assert_status(StatusCode::NO_CONTENT);
    let left: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM user_addresses WHERE user_id = $1").bind(&member.user_id).fetch_one(&app.state.db.pool).await.unwrap();
    assert_eq!(left, 0);
}

async fn every_call_needs_a_member(app: TestApp) {
    let calls = [
        app.get(BOOK),
        app.post(BOOK).json(&osaka()),
        app.get(&format!("{BOOK}/x")),
        app.put(&format!("{BOOK}/x")).json(&osaka()),
        app.delete(&format!("{BOOK}/x")),
        app.delete("/v1/me/user-addresses-all"),
        app.patch(&format!("{BOOK}/x/use")),
        app.patch(&format!("{BOOK}/x/use-sender")),
        app.post(&format!("{BOOK}/import")).file("file", "a.csv", "text/csv", HEADER.as_bytes()),
        app.get(&format!("{BOOK}/export")),
    ];
    for call in calls {
        let answer = call.send().await;
        answer.assert_status(StatusCode::UNAUTHORIZED);
        assert_eq!(answer.json()["message"], "ログインしてください。");
    }
    let stranger = app.member_token("00000000-0000-7000-8000-000000000000", "demo").await;
    app.get(BOOK).bearer(&stranger).send().await.assert_status(StatusCode::UNAUTHORIZED);
}

on_both_databases!(
    the_demo_member_finds_the_own_address_first_then_home_and_office,
    a_member_adds_reads_edits_and_deletes_an_entry,
    bad_fields_are_japanese_field_errors_and_change_nothing,
    one_more_than_the_limit_is_refused_with_the_limit_named,
    exactly_one_default_and_one_sender_default,
    concurrent_writes_keep_one_default_and_the_limit,
    editing_the_own_address_edits_the_profile_and_the_other_way_round,
    a_new_member_gets_the_own_address_as_the_default,
    the_corporate_shop_takes_the_tsunagu_rules_and_its_own_limit,
    a_csv_in_shift_jis_or_utf8_is_imported,
    a_csv_with_one_bad_row_imports_nothing,
    the_book_is_exported_in_shift_jis_or_utf8,
    another_members_entries_answer_404,
    a_member_who_leaves_leaves_no_address_behind,
    every_call_needs_a_member,
);
