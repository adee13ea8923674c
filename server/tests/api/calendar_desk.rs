//! 営業日カレンダー on the settings desk (issue 33, docs/contracts/settings-calendar.md) as an
//! owner, the customers after them and an attacker meet it: the owner closes Wednesdays and
//! two days of a month and opens on holidays, and the storefront's calendar shows exactly that;
//! closing the next ten days moves the earliest delivery date of the next cart past them; bad
//! input and a stale screen change nothing; each save is audited with what it changed; only
//! the shop's owners and 店長 reach it.
use axum::http::StatusCode;
use serde_json::{Value, json};
use shop::staff::StaffRole;
use time::{Date, Duration, OffsetDateTime, UtcOffset};

use crate::cart::{forget_seeded_history, product, ready_guest_cart};
use crate::helpers::{Answer, TestApp};
use crate::inquiries::{audited, staff_cookie};
use crate::on_both_databases;
use crate::order_desk::{assert_forbidden, staff};

const DESK: &str = "/v1/admin/settings/calendar";
const FORBIDDEN: &str = "この操作は店舗オーナーまたは店長のみ行えます。";

async fn read(app: &TestApp, cookie: &str, month: &str) -> Value {
    let answer = app.get(&format!("{DESK}?month={month}")).header("cookie", cookie).send().await;
    answer.assert_status(StatusCode::OK);
    assert_eq!(answer.header("cache-control"), "no-store");
    answer.json()
}

async fn save(app: &TestApp, cookie: &str, body: &Value) -> Answer {
    app.put(DESK).header("cookie", cookie).json(body).send().await
}

fn day<'a>(month: &'a Value, date: &str) -> &'a Value {
    month["days"].as_array().unwrap().iter().find(|d| d["date"] == date).unwrap_or_else(|| panic!("no {date}"))
}

async fn storefront_closed(app: &TestApp, first: &str, last: &str) -> Vec<String> {
    let answer = app.get(&format!("/v1/business-dates/monthly/calendar/front?startDate={first}&endDate={last}")).send().await;
    answer.assert_status(StatusCode::OK);
    answer.json()["data"].as_array().unwrap().iter().filter(|d| d["is_closed"] == true).map(|d| d["date"].as_str().unwrap().to_owned()).collect()
}

fn iso(date: Date) -> String {
    format!("{:04}-{:02}-{:02}", date.year(), u8::from(date.month()), date.day())
}

fn today_in_japan() -> Date {
    OffsetDateTime::now_utc().to_offset(UtcOffset::from_hms(9, 0, 0).unwrap()).date()
}

async fn calendar_lines(app: &TestApp) -> Vec<String> {
    audited(app, "demo").await.into_iter().filter(|(_, target)| target.starts_with("営業日カレンダー")).map(|(_, target)| target).collect()
}

async fn an_owner_closes_wednesdays_and_two_days_and_the_storefront_shows_it(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let march = read(&app, &owner, "2027-03").await;
    assert_eq!((march["version"].as_i64(), march["month"].as_str()), (Some(0), Some("2027-03")));
    assert_eq!((march["weekly_closed"].clone(), march["holidays_closed"].clone()), (json!([0]), json!(true)), "the demo shop closes on Sundays and holidays");
    assert_eq!(march["days"].as_array().unwrap().len(), 31);
    assert_eq!(day(&march, "2027-03-21"), &json!({ "date": "2027-03-21", "weekday": 0, "holiday_name": "春分の日", "closed_reason": null, "is_closed": true }));
    assert_eq!(day(&march, "2027-03-22")["holiday_name"], "振替休日");
    assert_eq!(day(&march, "2027-03-22")["is_closed"], true);

    let body = json!({
        "version": 0, "month": "2027-03", "weekly_closed": [3, 0], "holidays_closed": false,
        "closed_dates": [{ "date": "2027-03-10", "reason": " 棚卸 " }, { "date": "2027-03-11", "reason": "" }],
    });
    let saved = save(&app, &owner, &body).await;
    saved.assert_status(StatusCode::OK);
    let saved = saved.json();
    assert_eq!((saved["version"].as_i64(), saved["weekly_closed"].clone(), saved["holidays_closed"].clone()), (Some(1), json!([0, 3]), json!(false)));
    assert_eq!(day(&saved, "2027-03-10")["closed_reason"], "棚卸");
    assert_eq!(day(&saved, "2027-03-11")["closed_reason"], "");
    assert_eq!(day(&saved, "2027-03-22")["is_closed"], false, "open on holidays now");
    assert_eq!(read(&app, &owner, "2027-03").await, saved);

    // The storefront draws the same days: Sundays, Wednesdays and the two dates, no holiday.
    let closed = storefront_closed(&app, "2027-03-01", "2027-03-14").await;
    assert_eq!(closed, ["2027-03-03", "2027-03-07", "2027-03-10", "2027-03-11", "2027-03-14"]);
    // Other months keep their dates: the seeded 年末年始.
    let december = read(&app, &owner, "2026-12").await;
    assert_eq!(day(&december, "2026-12-30")["closed_reason"], "年末年始休業");
    assert_eq!(december["version"], 1, "one version for the whole calendar");

    // The screen that read version 0 is stale; nothing it sends lands.
    let stale = save(&app, &owner, &json!({ "version": 0, "month": "2027-03", "weekly_closed": [], "holidays_closed": true, "closed_dates": [] })).await;
    stale.assert_status(StatusCode::CONFLICT);
    assert_eq!(stale.json()["code"], "settings.stale");
    assert_eq!(read(&app, &owner, "2027-03").await, saved);

    assert_eq!(calendar_lines(&app).await, ["営業日カレンダー: 定休日 日→日・水, 祝日 休業→営業, 2027年3月 休業日追加 3/10(棚卸)・3/11"]);
}

async fn closing_the_next_ten_days_moves_the_earliest_delivery_past_them(app: TestApp) {
    forget_seeded_history(&app).await;
    let owner = staff(&app, StaffRole::Owner).await;
    let bolt = product(&app, "bolt", 1000, 10, 5).await;
    let today = today_in_japan();
    let closing: Vec<Date> = (1..=10).map(|n| today + Duration::days(n)).collect();
    let mut version = 0;
    let mut next = String::new();
    for month in [closing[0], closing[9]].map(|d| (d.year(), d.month())).into_iter().collect::<std::collections::BTreeSet<_>>() {
        let text = format!("{:04}-{:02}", month.0, u8::from(month.1));
        let shown = read(&app, &owner, &text).await;
        // The month's seeded dates (年末年始) stay; the closed days join them.
        let mut dates: std::collections::BTreeMap<String, Value> = shown["days"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| !d["closed_reason"].is_null())
            .map(|d| (d["date"].as_str().unwrap().to_owned(), d["closed_reason"].clone()))
            .collect();
        for date in closing.iter().filter(|d| (d.year(), d.month()) == month) {
            dates.entry(iso(*date)).or_insert(json!("臨時休業"));
        }
        let dates: Vec<Value> = dates.into_iter().map(|(date, reason)| json!({ "date": date, "reason": reason })).collect();
        let body = json!({ "version": version, "month": text, "weekly_closed": [0], "holidays_closed": true, "closed_dates": dates });
        let saved = save(&app, &owner, &body).await;
        saved.assert_status(StatusCode::OK);
        version = saved.json()["version"].as_i64().unwrap();
        next = saved.json()["next_business_day"].as_str().unwrap().to_owned();
    }
    assert!(next > iso(closing[9]), "the next business day {next} is after the closed days");
    let token = ready_guest_cart(&app, &bolt, 1, "cod").await;
    let cart = app.get(&format!("/v1/carts/{token}")).send().await.json();
    let key = cart["detail"]["shippings"][0]["key"].as_str().unwrap().to_owned();
    let leadtimes = app.get(&format!("/v1/shipping-leadtime/carts/{token}?keys[]={key}&choiceMode=date")).send().await.json();
    let earliest = leadtimes[0]["dates"][0]["date"].as_str().unwrap().to_owned();
    assert!(earliest > iso(today + Duration::days(11)), "confirmed, shipped and carried after the closure: {earliest}");
}

async fn bad_input_is_refused_in_japanese_and_changes_nothing(app: TestApp) {
    let owner = staff(&app, StaffRole::Owner).await;
    let before = read(&app, &owner, "2027-02").await;
    let refuse = |body: Value| {
        let (app, owner) = (&app, &owner);
        async move {
            let answer = save(app, owner, &body).await;
            answer.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
            answer.json()["errors"].clone()
        }
    };
    let all_week =
        refuse(json!({ "version": 0, "month": "2027-02", "weekly_closed": [0, 1, 2, 3, 4, 5, 6], "holidays_closed": true, "closed_dates": [] })).await;
    assert_eq!(all_week["weekly_closed"][0], "すべての曜日を定休日にはできません。");
    let sundays: Vec<Value> = ["2027-02-07", "2027-02-14", "2027-02-21", "2027-02-28"].iter().map(|d| json!({ "date": d, "reason": "" })).collect();
    let whole_month =
        refuse(json!({ "version": 0, "month": "2027-02", "weekly_closed": [1, 2, 3, 4, 5, 6], "holidays_closed": true, "closed_dates": sundays })).await;
    assert_eq!(whole_month["closed_dates"][0], "ひと月すべてを休業日にはできません。営業日を1日以上残してください。");
    let fields = refuse(json!({
        "version": 0, "month": "2027-02", "weekly_closed": [7], "holidays_closed": true,
        "closed_dates": [{ "date": "2027-03-01", "reason": "" }, { "date": "2027-02-30", "reason": "" }, { "date": "2027-02-05", "reason": "あ".repeat(41) }],
    }))
    .await;
    assert_eq!(fields["weekly_closed"][0], "曜日は0（日曜日）から6（土曜日）で指定してください。");
    assert_eq!(fields["closed_dates[0].date"][0], "2027年2月の日付を指定してください。");
    assert_eq!(fields["closed_dates[1].date"][0], "日付はYYYY-MM-DDの形式で入力してください。");
    assert_eq!(fields["closed_dates[2].reason"][0], "理由は40文字以内で入力してください。");
    let month = refuse(json!({ "version": 0, "month": "2100-01", "weekly_closed": [], "holidays_closed": true, "closed_dates": [] })).await;
    assert_eq!(month["month"][0], "月は2007年から2099年までで指定してください。");
    let unversioned = refuse(json!({ "month": "2027-02", "weekly_closed": [], "holidays_closed": true, "closed_dates": [] })).await;
    assert_eq!(unversioned["version"][0], "版番号がありません。画面を読み込み直してください。");
    let bad_month = app.get(&format!("{DESK}?month=2027-2")).header("cookie", &owner).send().await;
    bad_month.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(bad_month.json()["errors"]["month"][0], "月はYYYY-MMの形式で入力してください。");
    assert_eq!(read(&app, &owner, "2027-02").await, before, "nothing saved");
    assert!(calendar_lines(&app).await.is_empty(), "nothing audited");
    // Without a month, this month in Japan.
    let now = app.get(DESK).header("cookie", &owner).send().await.json();
    let today = today_in_japan();
    assert_eq!(now["month"], format!("{:04}-{:02}", today.year(), u8::from(today.month())));
}

async fn only_the_shops_owners_and_managers_reach_the_calendar(app: TestApp) {
    let body = json!({ "version": 0, "month": "2027-03", "weekly_closed": [0, 6], "holidays_closed": true, "closed_dates": [] });
    let manager = staff(&app, StaffRole::Manager).await;
    read(&app, &manager, "2027-03").await;
    for role in [StaffRole::OrderClerk, StaffRole::ShippingClerk, StaffRole::Viewer] {
        let cookie = staff(&app, role).await;
        assert_forbidden(&app.get(DESK).header("cookie", &cookie).send().await, FORBIDDEN);
        assert_forbidden(&save(&app, &cookie, &body).await, FORBIDDEN);
    }
    app.get(DESK).send().await.assert_status(StatusCode::UNAUTHORIZED);
    app.put(DESK).json(&body).send().await.assert_status(StatusCode::UNAUTHORIZED);
    let member = crate::members::registered_demo_member(&app, "member@example.jp").await.access_token;
    app.put(DESK).bearer(&member).json(&body).send().await.assert_status(StatusCode::UNAUTHORIZED);
    let theirs = staff_cookie(&app, "corporate", StaffRole::Owner, "他店 店主").await;
    app.get(DESK).header("cookie", &theirs).send().await.assert_status(StatusCode::UNAUTHORIZED);
    save(&app, &theirs, &body).await.assert_status(StatusCode::UNAUTHORIZED);
    // On their own shop they save their own calendar, never ours.
    let corporate = app.put(DESK).channel("corporate").header("cookie", &theirs).json(&body).send().await;
    corporate.assert_status(StatusCode::OK);
    assert_eq!(read(&app, &manager, "2027-03").await["weekly_closed"], json!([0]), "the demo shop is as it was");
}

on_both_databases!(
    an_owner_closes_wednesdays_and_two_days_and_the_storefront_shows_it,
    closing_the_next_ten_days_moves_the_earliest_delivery_past_them,
    bad_input_is_refused_in_japanese_and_changes_nothing,
    only_the_shops_owners_and_managers_reach_the_calendar,
);
