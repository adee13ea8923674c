//! 入金消込 (issue 32, docs/contracts/bank-reconciliation.md) as a shop's clerk meets it: a
//! bank's Shift_JIS statement is previewed against the open bank transfers — by the order number
//! in the payer's name, by name and amount, two fits left to choose, a short payment offered but
//! never proposed — and nothing changes until the clerk confirms lines; then each is the desk's
//! 入金確認 at the version previewed (a second use of that version is stale). A bad file is named
//! line by line and changes nothing; only staff who may confirm payments reach it.
use axum::http::StatusCode;
use serde_json::{Value, json};
use shop::staff::StaffRole;

use crate::helpers::{Answer, TestApp};
use crate::on_both_databases;
use crate::order_desk::{
    GUEST_EMAIL, MEMBER_EMAIL, PAYMENT_MAIL, Placed, assert_forbidden, guest_order, jst_day, mails_with, member_order, read, shift_jis, staff,
};

async fn preview(app: &TestApp, cookie: &str, bytes: Vec<u8>) -> Answer {
    app.post("/v1/admin/bank-statements/preview").header("cookie", cookie).raw_body("text/csv", bytes).send().await
}

async fn apply(app: &TestApp, cookie: &str, matches: Value) -> Answer {
    app.post("/v1/admin/bank-statements/apply").header("cookie", cookie).json(&json!({ "matches": matches })).send().await
}

fn digits(placed: &Placed) -> String {
    placed.order_no.chars().filter(char::is_ascii_digit).collect()
}

fn line_of(preview: &Value, line: i64) -> &Value {
    preview["lines"].as_array().unwrap().iter().find(|l| l["line"] == line).unwrap_or_else(|| panic!("line {line} in {preview}"))
}

fn candidate<'a>(line: &'a Value, order_no: &str) -> &'a Value {
    line["candidates"].as_array().unwrap().iter().find(|c| c["order_no"] == order_no).unwrap_or_else(|| panic!("{order_no} in {line}"))
}

/// The confirmation of `line` for `order_no`, as the screen sends it.
fn confirmed(preview: &Value, line: i64, order_no: &str) -> Value {
    let shown = line_of(preview, line);
    json!({ "line": line, "order_no": order_no, "version": candidate(shown, order_no)["version"], "paid_on": shown["paid_on"], "amount": shown["amount"] })
}

async fn payment_code(app: &TestApp, cookie: &str, placed: &Placed) -> String {
    read(app, cookie, &placed.order_no).await["payment"]["code"].as_str().unwrap().to_owned()
}

async fn a_statement_is_matched_and_only_the_lines_confirmed_are_paid(app: TestApp) {
    let first = guest_order(&app, "towel", "bank_transfer").await;
    let second = guest_order(&app, "mug", "bank_transfer").await;
    let (member, _) = member_order(&app, "kettle").await;
    let card = guest_order(&app, "lamp", "credit_card").await;
    let clerk = staff(&app, StaffRole::OrderClerk).await;
    let day = jst_day(0).replace('-', "/");
    // As a bank writes it: 取引日, 摘要 and お預り金額 among its other columns, Shift_JIS, CRLF.
    let file = format!(
        "取引日,摘要,お預り金額,お引出金額,残高\r\n\
         {day},{} ﾄｳｷﾖｳ ｲﾁﾛｳ,\"{}\",,100000\r\n\
         {day},ﾄｳｷﾖｳ ｲﾁﾛｳ,{},,105880\r\n\
         {day},ﾔﾏﾀﾞ ﾀﾛｳ,{},,108000\r\n\
         {day},ｼﾗﾅｲ ﾋﾄ,1234,,109234\r\n\
         {day},ﾃｽｳﾘﾖｳ,,440,108794\r\n\
         {day},{} ｶﾄﾞ ﾊﾗｲ,{},,114674\r\n",
        digits(&second),
        second.total,
        first.total,
        member.total - 1000,
        digits(&card),
        card.total,
    );
    let shown = preview(&app, &clerk, shift_jis(&file)).await;
    shown.assert_status(StatusCode::OK);
    let shown = shown.json();
    assert_eq!(shown["encoding"], "Shift_JIS");
    assert_eq!(shown["counts"], json!({ "matched": 1, "ambiguous": 1, "unmatched": 3, "skipped": 1 }));
    // The order number in the name: proposed.
    let by_number = line_of(&shown, 2);
    assert_eq!((by_number["status"].as_str(), by_number["proposed"].as_str()), (Some("matched"), Some(second.order_no.as_str())));
    assert_eq!(candidate(by_number, &second.order_no)["reason"], "order_no");
    assert_eq!((by_number["paid_on"].as_str(), by_number["amount"].as_i64()), (Some(jst_day(0).as_str()), Some(second.total)));
    // The same name and amount fits both guest orders: the clerk chooses.
    let two = line_of(&shown, 3);
    assert_eq!((two["status"].as_str(), two["proposed"].clone(), two["candidates"].as_array().unwrap().len()), (Some("ambiguous"), Value::Null, 2));
    let chosen = candidate(two, &first.order_no);
    assert_eq!(
        (chosen["orderer_name"].as_str(), chosen["orderer_kana"].as_str(), chosen["reason"].as_str()),
        (Some("東京 一郎"), Some("トウキョウ イチロウ"), Some("name"))
    );
    // 1,000 yen short: offered, flagged, never proposed.
    let short = line_of(&shown, 4);
    assert_eq!((short["status"].as_str(), short["proposed"].clone()), (Some("unmatched"), Value::Null));
    assert_eq!(
        (candidate(short, &member.order_no)["amount_differs"].as_bool(), candidate(short, &member.order_no)["remaining"].as_i64()),
        (Some(true), Some(member.total))
    );
    assert_eq!(line_of(&shown, 5)["candidates"], json!([]));
    assert_eq!((line_of(&shown, 6)["status"].as_str(), line_of(&shown, 6)["note"].as_str()), (Some("skipped"), Some("出金または0円の行です。")));
    // A card order is not a bank transfer waiting for money.
    assert_eq!(line_of(&shown, 7)["candidates"], json!([]));
    for placed in [&first, &second, &member] {
        assert_eq!(payment_code(&app, &clerk, placed).await, "unpaid", "a preview changes nothing");
    }
    assert!(mails_with(&app, GUEST_EMAIL, PAYMENT_MAIL).is_empty());

    // Confirmed: the proposal, the chosen one, the short payment — and the proposal again.
    let matches = json!([
        confirmed(&shown, 2, &second.order_no),
        confirmed(&shown, 3, &first.order_no),
        confirmed(&shown, 4, &member.order_no),
        confirmed(&shown, 2, &second.order_no)
    ]);
    let applied = apply(&app, &clerk, matches).await;
    applied.assert_status(StatusCode::OK);
    let outcomes: Vec<(i64, String, String)> = applied.json()["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["line"].as_i64().unwrap(), r["order_no"].as_str().unwrap().to_owned(), r["outcome"].as_str().unwrap().to_owned()))
        .collect();
    assert_eq!(
        outcomes,
        [
            (2, second.order_no.clone(), "paid".to_owned()),
            (3, first.order_no.clone(), "paid".to_owned()),
            (4, member.order_no.clone(), "partially_paid".to_owned()),
            (2, second.order_no.clone(), "stale".to_owned()),
        ]
    );
    assert_eq!(payment_code(&app, &clerk, &first).await, "paid");
    assert_eq!(payment_code(&app, &clerk, &second).await, "paid");
    let member_order = read(&app, &clerk, &member.order_no).await;
    assert_eq!(
        (member_order["payment"]["code"].as_str(), member_order["paid_amount"].as_i64(), member_order["needs_review"].as_bool()),
        (Some("partially_paid"), Some(member.total - 1000), Some(true))
    );
    assert_eq!(mails_with(&app, GUEST_EMAIL, PAYMENT_MAIL).len(), 2, "each paid order's customer is mailed once");
    assert!(mails_with(&app, MEMBER_EMAIL, PAYMENT_MAIL).is_empty(), "not for part of it");

    // The same file again: the paid orders are no longer open; the short one waits for the rest.
    let again = preview(&app, &clerk, shift_jis(&file)).await.json();
    assert_eq!(line_of(&again, 2)["candidates"], json!([]));
    assert_eq!(line_of(&again, 3)["candidates"], json!([]));
    assert_eq!(candidate(line_of(&again, 4), &member.order_no)["remaining"], 1000);
}

async fn a_bad_statement_or_confirmation_is_named_and_changes_nothing(app: TestApp) {
    let placed = guest_order(&app, "towel", "bank_transfer").await;
    let clerk = staff(&app, StaffRole::OrderClerk).await;
    let file_error = |answer: Answer| {
        answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
        answer.json()["errors"]["file"][0].as_str().unwrap().to_owned()
    };
    assert_eq!(
        file_error(preview(&app, &clerk, shift_jis("日付,振込依頼人名\r\n2026/11/20,ﾔﾏﾀﾞ\r\n")).await),
        "見出しに「金額」がありません。日付・金額・振込依頼人名の列があるCSVを選んでください。"
    );
    assert!(file_error(preview(&app, &clerk, vec![0x50, 0x4b, 0x03, 0x04, 0x00, 0xff, 0xfe]).await).contains("CSV"));
    assert_eq!(file_error(preview(&app, &clerk, Vec::new()).await), "ファイルが空です。");
    let lines = preview(&app, &clerk, shift_jis(&format!("日付,金額,振込依頼人名\r\n2026/11/20,{},ﾄｳｷﾖｳ ｲﾁﾛｳ\r\n11月吉日,五千円,ﾔﾏﾀﾞ\r\n", placed.total))).await;
    lines.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        lines.json()["errors"]["lines"],
        json!(["3行目「日付」: 日付を読み取れません（例: 2026/11/20）。", "3行目「金額」: 金額を読み取れません（例: 5,500）。"]),
        "a half-read file is never matched"
    );

    let version = read(&app, &clerk, &placed.order_no).await["version"].clone();
    let good = json!({ "line": 2, "order_no": placed.order_no, "version": version, "paid_on": jst_day(0), "amount": placed.total });
    let bad = |change: Value| {
        let mut body = good.clone();
        body.as_object_mut().unwrap().extend(change.as_object().unwrap().clone());
        json!([good.clone(), body])
    };
    for (matches, field) in [
        (json!([]), "matches"),
        (bad(json!({ "amount": 0 })), "matches[1].amount"),
        (bad(json!({ "paid_on": jst_day(1) })), "matches[1].paid_on"),
        (bad(json!({ "paid_on": "20th" })), "matches[1].paid_on"),
        (bad(json!({ "version": null })), "matches[1].version"),
        (bad(json!({ "order_no": " " })), "matches[1].order_no"),
    ] {
        let refused = apply(&app, &clerk, matches).await;
        refused.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
        assert!(refused.json()["errors"][field].is_array(), "{field}: {}", refused.text());
    }
    assert_eq!(payment_code(&app, &clerk, &placed).await, "unpaid", "nothing recorded, not even the good line");
    let unknown = apply(&app, &clerk, json!([{ "line": 2, "order_no": "NO-SUCH-ORDER", "version": 1, "paid_on": jst_day(0), "amount": 100 }])).await;
    assert_eq!(unknown.json()["results"][0]["outcome"], "not_found");
}

async fn only_staff_who_confirm_payments_reach_the_statement(app: TestApp) {
    let placed = guest_order(&app, "towel", "bank_transfer").await;
    let file = || shift_jis(&format!("日付,金額,振込依頼人名\r\n{},{},ﾄｳｷﾖｳ ｲﾁﾛｳ\r\n", jst_day(0), placed.total));
    let owner = staff(&app, StaffRole::Owner).await;
    let version = read(&app, &owner, &placed.order_no).await["version"].clone();
    let body = json!([{ "line": 2, "order_no": placed.order_no, "version": version, "paid_on": jst_day(0), "amount": placed.total }]);
    for role in [StaffRole::ShippingClerk, StaffRole::Viewer] {
        let cookie = staff(&app, role).await;
        assert_forbidden(&preview(&app, &cookie, file()).await, "入金を確認する権限がありません。");
        assert_forbidden(&apply(&app, &cookie, body.clone()).await, "入金を確認する権限がありません。");
    }
    app.post("/v1/admin/bank-statements/preview").raw_body("text/csv", file()).send().await.assert_status(StatusCode::UNAUTHORIZED);
    app.post("/v1/admin/bank-statements/apply").json(&json!({ "matches": body })).send().await.assert_status(StatusCode::UNAUTHORIZED);
    let member = crate::cart::demo_member(&app).await;
    app.post("/v1/admin/bank-statements/apply").bearer(&member).json(&json!({ "matches": body })).send().await.assert_status(StatusCode::UNAUTHORIZED);
    // Another shop's owner: on our shop no session; on theirs our order does not exist.
    let theirs = crate::staff::create(&app, "corporate", "owner@corporate.example.jp", StaffRole::Owner).await;
    let theirs = crate::staff::log_in(&app, "corporate", &theirs).await;
    let cookie = format!("shop_staff={theirs}");
    app.post("/v1/admin/bank-statements/apply")
        .header("cookie", &cookie)
        .json(&json!({ "matches": body }))
        .send()
        .await
        .assert_status(StatusCode::UNAUTHORIZED);
    let foreign = app.post("/v1/admin/bank-statements/apply").channel("corporate").header("cookie", &cookie).json(&json!({ "matches": body })).send().await;
    foreign.assert_status(StatusCode::OK);
    assert_eq!(foreign.json()["results"][0]["outcome"], "not_found");
    let listed = app.post("/v1/admin/bank-statements/preview").channel("corporate").header("cookie", &cookie).raw_body("text/csv", file()).send().await.json();
    assert_eq!(listed["lines"][0]["candidates"], json!([]), "another shop's orders are not its candidates");
    assert_eq!(payment_code(&app, &owner, &placed).await, "unpaid");
}

on_both_databases!(
    a_statement_is_matched_and_only_the_lines_confirmed_are_paid,
    a_bad_statement_or_confirmation_is_named_and_changes_nothing,
    only_staff_who_confirm_payments_reach_the_statement,
);
