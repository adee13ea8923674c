//! 会員管理, the member desk (issue 33, docs/contracts/member-desk.md), as the shop's staff use
//! it: a member found by name, kana, e-mail and EC-CUBE's purchase filters, with the CSV holding
//! the very row of the screen; a locked account unlocked, and a 要注意 flag the order desk then
//! shows; points adjusted by hand only from the balance the screen showed; bad input refused in
//! Japanese and nothing changed; and each role, a member, nobody and another shop's staff kept
//! to what they may do.
use axum::http::StatusCode;
use serde_json::{Value, json};
use shop::staff::StaffRole;

use crate::cart::{demo_member, demo_member_id};
use crate::helpers::{Answer, TestApp};
use crate::on_both_databases;
use crate::order_desk::{assert_forbidden, audit_log, errors_of, jst_day, member_order, read, staff};
use crate::staff::{create, log_in};

const MEMBERS: &str = "/v1/admin/members";
const DEMO_EMAIL: &str = "member@example.com";

async fn get(app: &TestApp, cookie: &str, path: &str) -> Answer {
    app.get(path).header("cookie", cookie).send().await
}

/// The rows of a list page, with its x-total.
async fn listed(app: &TestApp, cookie: &str, query: &str) -> (Vec<Value>, i64) {
    let answer = get(app, cookie, &format!("{MEMBERS}?{query}")).await;
    answer.assert_status(StatusCode::OK);
    (answer.json()["data"].as_array().unwrap().clone(), answer.header("x-total").parse().unwrap())
}

async fn finds(app: &TestApp, cookie: &str, query: &str, id: &str) -> bool {
    listed(app, cookie, query).await.0.iter().any(|row| row["id"] == id)
}

async fn member(app: &TestApp, cookie: &str, id: &str) -> Value {
    let answer = get(app, cookie, &format!("{MEMBERS}/{id}")).await;
    answer.assert_status(StatusCode::OK);
    answer.json()
}

async fn send(app: &TestApp, cookie: &str, method: &str, path: &str, body: Value) -> Answer {
    let call = if method == "put" { app.put(path) } else { app.post(path) };
    call.header("cookie", cookie).json(&body).send().await
}

async fn wrong_login(app: &TestApp, password: &str) -> Answer {
    app.post("/v1/auth/login").json(&json!({ "username": "demo-member", "password": password })).send().await
}

fn csv_rows(answer: &Answer) -> Vec<Vec<String>> {
    answer.assert_status(StatusCode::OK);
    assert!(answer.bytes.starts_with(b"\xEF\xBB\xBF"), "UTF-8 with a BOM");
    let text = String::from_utf8(answer.bytes[3..].to_vec()).unwrap();
    text.split("\r\n").filter(|l| !l.is_empty()).map(|l| l.split(',').map(str::to_owned).collect()).collect()
}

async fn staff_find_a_member_by_their_purchases_and_the_csv_holds_the_row_of_the_screen(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let id = demo_member_id(&app).await;
    let before = member(&app, &owner, &id).await;
    let (placed, _) = member_order(&app, "md-buy").await;

    let seen = member(&app, &owner, &id).await;
    assert_eq!(seen["name"], "山田 太郎");
    assert_eq!(seen["email"], DEMO_EMAIL);
    let count = seen["order_count"].as_i64().unwrap();
    let spent = seen["spent"].as_i64().unwrap();
    assert_eq!(count, before["order_count"].as_i64().unwrap() + 1, "the new order counts");
    assert_eq!(spent, before["spent"].as_i64().unwrap() + placed.total);
    assert!(seen["last_ordered_at"].is_string());

    // The name with a space, the kana typed in hiragana, the e-mail in capitals, the number.
    let code = seen["code"].as_str().unwrap().to_owned();
    for q in ["山田　太郎", "やまだ", "MEMBER@example.com", code.as_str()] {
        assert!(finds(&app, &owner, &format!("q={}", urlencoding(q)), &id).await, "q={q}");
    }
    assert!(!finds(&app, &owner, "q=存在しない名前", &id).await);
    let today = jst_day(0);
    let prefecture = seen["prefecture"].as_str().unwrap().to_owned();
    let other_prefecture = if prefecture == "沖縄県" { "北海道" } else { "沖縄県" };
    for (query, found) in [
        (format!("orders_min={count}&orders_max={count}"), true),
        (format!("orders_min={}", count + 1), false),
        (format!("spent_min={spent}&spent_max={spent}"), true),
        (format!("spent_max={}", spent - 1), false),
        (format!("last_order_from={today}&last_order_to={today}"), true),
        (format!("last_order_to={}", jst_day(-1)), false),
        (format!("prefecture={}", urlencoding(&prefecture)), true),
        (format!("prefecture={}", urlencoding(other_prefecture)), false),
        ("kind=personal".to_owned(), true),
        ("kind=corporate".to_owned(), false),
        ("caution=true".to_owned(), false),
    ] {
        assert_eq!(finds(&app, &owner, &query, &id).await, found, "{query}");
    }
    if let Some(month) = seen["birthday"].as_str().map(|b| b[5..7].parse::<u8>().unwrap()) {
        assert!(finds(&app, &owner, &format!("birth_month={month}"), &id).await);
        assert!(!finds(&app, &owner, &format!("birth_month={}", month % 12 + 1), &id).await);
    }

    // The list's row and the CSV's say the same.
    let (rows, total) = listed(&app, &owner, &format!("q={DEMO_EMAIL}")).await;
    assert_eq!((rows.len(), total), (1, 1));
    assert_eq!((rows[0]["order_count"].as_i64(), rows[0]["spent"].as_i64(), rows[0]["locked"].as_bool()), (Some(count), Some(spent), Some(false)));
    let csv = csv_rows(&get(&app, &owner, &format!("{MEMBERS}.csv?q={DEMO_EMAIL}")).await);
    assert_eq!(csv[0][..4], ["会員番号", "氏名", "フリガナ", "メールアドレス"]);
    assert_eq!(csv.len(), 2, "the header and the one member");
    assert_eq!((csv[1][0].as_str(), csv[1][1].as_str(), csv[1][3].as_str()), (code.as_str(), "山田 太郎", DEMO_EMAIL));
    assert_eq!((csv[1][11].clone(), csv[1][12].clone(), csv[1][13].clone()), (count.to_string(), spent.to_string(), today));
    let sjis = get(&app, &owner, &format!("{MEMBERS}.csv?q={DEMO_EMAIL}&encoding=sjis")).await;
    sjis.assert_status(StatusCode::OK);
    let (text, _, failed) = encoding_rs::SHIFT_JIS.decode(&sjis.bytes);
    assert!(!failed && text.contains("山田 太郎"), "Shift_JIS");
    let exported: Vec<_> = audit_log(&app, &owner).await.into_iter().filter(|(_, action, _)| action == "member_export").collect();
    assert_eq!(exported.len(), 2, "each download is logged: {exported:?}");
    assert!(exported[0].2.contains("1件"), "{exported:?}");

    // The member's orders on the order desk.
    let answer = get(&app, &owner, &format!("/v1/admin/orders?member={id}")).await;
    answer.assert_status(StatusCode::OK);
    let orders: Vec<_> = answer.json()["data"].as_array().unwrap().iter().map(|o| o["order_no"].as_str().unwrap().to_owned()).collect();
    assert!(orders.contains(&placed.order_no), "{orders:?}");
    assert_eq!(answer.header("x-total").parse::<i64>().unwrap(), orders.len() as i64);
}

async fn a_locked_member_is_unlocked_and_a_caution_reaches_the_order_desk(app: TestApp) {
    let clerk = staff(&app, StaffRole::OrderClerk).await;
    let owner = staff(&app, StaffRole::Owner).await;
    let id = demo_member_id(&app).await;
    for _ in 0..5 {
        wrong_login(&app, "wrong-pass1").await.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    }
    assert_eq!(wrong_login(&app, "ride2026demo").await.json()["code"], "auth.login.locked");
    let locked = member(&app, &clerk, &id).await;
    assert_eq!((locked["locked"].as_bool(), locked["failed_logins"].as_i64()), (Some(true), Some(5)));
    assert_eq!(listed(&app, &clerk, &format!("q={DEMO_EMAIL}")).await.0[0]["locked"], true);
    let version = locked["version"].as_i64().unwrap();

    let unlock = format!("{MEMBERS}/{id}/unlock");
    assert_eq!(errors_of(&send(&app, &clerk, "post", &unlock, json!({})).await), ["version"]);
    let stale = send(&app, &clerk, "post", &unlock, json!({ "version": version - 1 })).await;
    stale.assert_status(StatusCode::CONFLICT);
    assert_eq!(stale.json()["code"], "members.stale");
    let unlocked = send(&app, &clerk, "post", &unlock, json!({ "version": version })).await;
    unlocked.assert_status(StatusCode::OK);
    let unlocked = unlocked.json();
    assert_eq!((unlocked["locked"].as_bool(), unlocked["version"].as_i64()), (Some(false), Some(version + 1)));
    demo_member(&app).await;

    // 要注意: refused input changes nothing; then the flag and its note reach the order desk.
    let caution = format!("{MEMBERS}/{id}/caution");
    let version = version + 1;
    let long = "あ".repeat(501);
    assert_eq!(errors_of(&send(&app, &clerk, "put", &caution, json!({ "version": version, "note": long })).await), ["caution", "note"]);
    assert_eq!(member(&app, &clerk, &id).await["version"].as_i64(), Some(version), "nothing saved");
    let flagged = send(&app, &clerk, "put", &caution, json!({ "version": version, "caution": true, "note": "受取拒否が2回あり" })).await;
    flagged.assert_status(StatusCode::OK);
    assert_eq!((flagged.json()["caution"].as_bool(), flagged.json()["caution_note"].as_str()), (Some(true), Some("受取拒否が2回あり")));
    send(&app, &clerk, "put", &caution, json!({ "version": version, "caution": false })).await.assert_status(StatusCode::CONFLICT);
    assert!(finds(&app, &clerk, "caution=true", &id).await);

    let (placed, _) = member_order(&app, "md-caution").await;
    let order = read(&app, &clerk, &placed.order_no).await;
    assert_eq!(order["member_caution"], json!({ "member_id": id, "note": "受取拒否が2回あり" }));

    let log = audit_log(&app, &owner).await;
    let line = |action: &str| log.iter().find(|(_, a, _)| a == action).map(|(name, _, target)| (name.clone(), target.clone()));
    let (name, unlocked_line) = line("member_unlock").expect("unlock audited");
    assert_eq!(name, "佐藤 美咲");
    assert!(unlocked_line.contains("ロック解除") && unlocked_line.contains("山田 太郎"), "{unlocked_line}");
    assert!(line("member_caution").unwrap().1.ends_with("要注意: なし→あり（メモ「受取拒否が2回あり」）"), "{log:?}");

    // Cleared again: the order desk no longer shows it.
    send(&app, &clerk, "put", &caution, json!({ "version": version + 1, "caution": false, "note": "" })).await.assert_status(StatusCode::OK);
    assert_eq!(read(&app, &clerk, &placed.order_no).await["member_caution"], Value::Null);
}

async fn points_are_adjusted_by_hand_only_from_the_balance_shown(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let id = demo_member_id(&app).await;
    let path = format!("{MEMBERS}/{id}/points");
    let answer = get(&app, &owner, &path).await;
    answer.assert_status(StatusCode::OK);
    let balance = answer.json()["balance"].as_i64().unwrap();

    let added = send(&app, &owner, "post", &path, json!({ "points": 500, "reason": "配送遅延のお詫び", "balance": balance })).await;
    added.assert_status(StatusCode::OK);
    let added = added.json();
    assert_eq!(added["balance"].as_i64(), Some(balance + 500));
    assert_eq!((added["data"][0]["kind_label"].as_str(), added["data"][0]["points"].as_i64()), (Some("付与"), Some(500)));
    assert!(added["data"][0]["description"].as_str().unwrap().contains("配送遅延のお詫び"));

    let stale = send(&app, &owner, "post", &path, json!({ "points": -100, "reason": "重複付与の取消", "balance": balance })).await;
    stale.assert_status(StatusCode::CONFLICT);
    assert_eq!(stale.json()["code"], "points.stale");
    let too_many = send(&app, &owner, "post", &path, json!({ "points": -(balance + 501), "reason": "取消", "balance": balance + 500 })).await;
    assert_eq!(errors_of(&too_many), ["points"]);
    assert_eq!(too_many.json()["errors"]["points"][0], "保有ポイントを超えて減算できません。");
    assert_eq!(errors_of(&send(&app, &owner, "post", &path, json!({ "points": 0, "reason": " ", "balance": balance + 500 })).await), ["points", "reason"]);

    let taken = send(&app, &owner, "post", &path, json!({ "points": -100, "reason": "重複付与の取消", "balance": balance + 500 })).await;
    taken.assert_status(StatusCode::OK);
    assert_eq!((taken.json()["balance"].as_i64(), taken.json()["data"][0]["kind_label"].as_str()), (Some(balance + 400), Some("減算")));
    let bearer = demo_member(&app).await;
    assert_eq!(app.get("/v1/me/points").bearer(&bearer).send().await.json()["balance"].as_i64(), Some(balance + 400), "the member sees it");
    let adjusted: Vec<_> = audit_log(&app, &owner).await.into_iter().filter(|(_, action, _)| action == "points_adjust").map(|(_, _, t)| t).collect();
    assert_eq!(adjusted.len(), 2);
    assert!(adjusted[0].contains("-100") && adjusted[0].contains("重複付与の取消"), "{adjusted:?}");

    let clerk = staff(&app, StaffRole::OrderClerk).await;
    get(&app, &clerk, &path).await.assert_status(StatusCode::OK);
    let refused = send(&app, &clerk, "post", &path, json!({ "points": 1, "reason": "x", "balance": balance + 400 })).await;
    assert_forbidden(&refused, "ポイントを調整する権限がありません。");
}

async fn bad_filters_are_refused_and_each_role_reaches_only_what_it_may(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let id = demo_member_id(&app).await;
    for (query, fields) in [
        ("orders_min=-1&spent_max=x", vec!["orders_min", "spent_max"]),
        ("last_order_from=2026/1/1", vec!["last_order_from"]),
        ("last_order_from=2026-11-02&last_order_to=2026-11-01", vec!["last_order_to"]),
        ("birth_month=13&kind=vip&caution=maybe", vec!["birth_month", "caution", "kind"]),
        (&*format!("prefecture={}", urlencoding("東京")), vec!["prefecture"]),
        ("page=0", vec!["page"]),
    ] {
        assert_eq!(errors_of(&get(&app, &owner, &format!("{MEMBERS}?{query}")).await), fields, "{query}");
    }
    assert_eq!(errors_of(&get(&app, &owner, &format!("{MEMBERS}.csv?encoding=latin1")).await), ["encoding"]);
    get(&app, &owner, &format!("{MEMBERS}/no-such-member")).await.assert_status(StatusCode::NOT_FOUND);
    get(&app, &owner, &format!("{MEMBERS}/no-such-member/points")).await.assert_status(StatusCode::NOT_FOUND);
    send(&app, &owner, "post", &format!("{MEMBERS}/no-such-member/unlock"), json!({ "version": 1 })).await.assert_status(StatusCode::NOT_FOUND);

    let detail = format!("{MEMBERS}/{id}");
    let viewer = staff(&app, StaffRole::Viewer).await;
    get(&app, &viewer, MEMBERS).await.assert_status(StatusCode::OK);
    get(&app, &viewer, &detail).await.assert_status(StatusCode::OK);
    assert_forbidden(&send(&app, &viewer, "post", &format!("{detail}/unlock"), json!({ "version": 1 })).await, "会員情報を変更する権限がありません。");
    assert_forbidden(&get(&app, &viewer, &format!("{MEMBERS}.csv")).await, "個人情報を含むデータを出力する権限がありません。");
    let clerk = staff(&app, StaffRole::OrderClerk).await;
    assert_forbidden(&get(&app, &clerk, &format!("{MEMBERS}.csv")).await, "個人情報を含むデータを出力する権限がありません。");
    let shipping = staff(&app, StaffRole::ShippingClerk).await;
    for path in [MEMBERS.to_owned(), detail.clone(), format!("{detail}/points")] {
        assert_forbidden(&get(&app, &shipping, &path).await, "会員情報を閲覧する権限がありません。");
    }
    let manager = staff(&app, StaffRole::Manager).await;
    get(&app, &manager, &format!("{MEMBERS}.csv")).await.assert_status(StatusCode::OK);

    // Nobody, a member and another shop's staff: 401 here; the other shop does not know the member.
    let bearer = demo_member(&app).await;
    let other = create(&app, "corporate", "owner@corporate.example.jp", StaffRole::Owner).await;
    let other_cookie = log_in(&app, "corporate", &other).await;
    for path in [MEMBERS.to_owned(), detail.clone(), format!("{MEMBERS}.csv"), format!("{detail}/points")] {
        app.get(&path).channel("demo").send().await.assert_status(StatusCode::UNAUTHORIZED);
        app.get(&path).channel("demo").bearer(&bearer).send().await.assert_status(StatusCode::UNAUTHORIZED);
        app.get(&path).channel("demo").header("cookie", &format!("shop_staff={other_cookie}")).send().await.assert_status(StatusCode::UNAUTHORIZED);
    }
    let elsewhere = app.get(&detail).channel("corporate").header("cookie", &format!("shop_staff={other_cookie}")).send().await;
    elsewhere.assert_status(StatusCode::NOT_FOUND);
    let elsewhere = app
        .post(&format!("{detail}/unlock"))
        .channel("corporate")
        .header("cookie", &format!("shop_staff={other_cookie}"))
        .json(&json!({ "version": 1 }))
        .send()
        .await;
    elsewhere.assert_status(StatusCode::NOT_FOUND);
}

async fn the_owner_filters_the_audit_log_by_staff_action_words_and_days(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let clerk = staff(&app, StaffRole::OrderClerk).await;
    let id = demo_member_id(&app).await;
    let version = member(&app, &owner, &id).await["version"].as_i64().unwrap();
    send(&app, &clerk, "put", &format!("{MEMBERS}/{id}/caution"), json!({ "version": version, "caution": true, "note": "確認中" }))
        .await
        .assert_status(StatusCode::OK);
    send(&app, &owner, "post", &format!("{MEMBERS}/{id}/unlock"), json!({ "version": version + 1 })).await.assert_status(StatusCode::OK);

    let entries = |query: String| {
        let app = &app;
        let owner = owner.clone();
        async move {
            let answer = get(app, &owner, &format!("/v1/admin/audit-log?{query}")).await;
            answer.assert_status(StatusCode::OK);
            let data = answer.json()["data"].as_array().unwrap().clone();
            assert_eq!(answer.header("x-total").parse::<usize>().unwrap(), data.len(), "one page: {query}");
            data
        }
    };
    let cautions = entries("action=member_caution".to_owned()).await;
    assert_eq!(cautions.len(), 1);
    assert_eq!((cautions[0]["staff_name"].as_str(), cautions[0]["action"].as_str()), (Some("佐藤 美咲"), Some("member_caution")));
    let staff_list = get(&app, &owner, "/v1/admin/staff").await.json();
    let clerk_id = staff_list["data"].as_array().unwrap().iter().find(|s| s["name"] == "佐藤 美咲").unwrap()["id"].as_str().unwrap().to_owned();
    let by_clerk = entries(format!("staff_id={clerk_id}")).await;
    assert!(!by_clerk.is_empty() && by_clerk.iter().all(|e| e["staff_name"] == "佐藤 美咲"), "{by_clerk:?}");
    assert!(by_clerk.iter().all(|e| e["action"] != "member_unlock"), "the owner's unlock is not the clerk's");
    let worded = entries(format!("q={}", urlencoding("確認中"))).await;
    assert_eq!(worded.len(), 1);
    let today = jst_day(0);
    assert!(entries(format!("from={today}&to={today}&action=member_unlock")).await.len() == 1);
    assert!(entries(format!("to={}", jst_day(-1))).await.iter().all(|e| e["action"] != "member_caution"));
    for (query, fields) in [("action=drop_table", vec!["action"]), ("from=2026/1/1", vec!["from"]), ("from=2026-11-02&to=2026-11-01", vec!["to"])] {
        assert_eq!(errors_of(&get(&app, &owner, &format!("/v1/admin/audit-log?{query}")).await), fields, "{query}");
    }
}

/// A query value as a URL carries it.
fn urlencoding(text: &str) -> String {
    text.bytes()
        .map(|b| if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') { (b as char).to_string() } else { format!("%{b:02X}") })
        .collect()
}

on_both_databases!(
    staff_find_a_member_by_their_purchases_and_the_csv_holds_the_row_of_the_screen,
    a_locked_member_is_unlocked_and_a_caution_reaches_the_order_desk,
    points_are_adjusted_by_hand_only_from_the_balance_shown,
    bad_filters_are_refused_and_each_role_reaches_only_what_it_may,
    the_owner_filters_the_audit_log_by_staff_action_words_and_days,
);
