use axum::http::StatusCode;

use crate::helpers::TestApp;
use crate::on_both_databases;

async fn all_notice_slots_come_in_one_list(app: TestApp) {
    let answer = app.get("/v1/messages?per=all").send().await;
    answer.assert_status(StatusCode::OK);
    let codes: Vec<String> = answer.json()["data"].as_array().unwrap().iter().map(|m| m["code"].as_str().unwrap().to_owned()).collect();
    assert_eq!(codes.len(), shop::messages::SLOTS.len());
    assert_eq!(answer.header("x-total"), shop::messages::SLOTS.len().to_string());
    for slot in shop::messages::SLOTS {
        assert!(codes.iter().any(|c| c == slot), "missing {slot}");
    }
}

async fn one_notice_by_code_with_its_update_time(app: TestApp) {
    let answer = app.get("/v1/messages/caution").send().await;
    answer.assert_status(StatusCode::OK);
    let caution = answer.json();
    assert_eq!(caution["title"], "年末年始の営業について");
    assert!(caution["updated_at"].as_str().unwrap().contains('T'));
    app.get("/v1/messages/no_such_slot").send().await.assert_status(StatusCode::NOT_FOUND);
}

async fn each_shop_has_its_own_notices(app: TestApp) {
    let corporate = app.get("/v1/messages/caution").channel("corporate").send().await.json();
    assert_eq!(corporate["title"], "年末年始の出荷について");
    app.get("/v1/messages/mypage_leave_1").channel("corporate").send().await.assert_status(StatusCode::NOT_FOUND);
}

on_both_databases!(all_notice_slots_come_in_one_list, one_notice_by_code_with_its_update_time, each_shop_has_its_own_notices);
