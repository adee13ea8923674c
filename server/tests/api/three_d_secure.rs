//! 3-D Secure with the sandbox gateway (issue 32, docs/contracts/three-d-secure.md): its test
//! card 4000 0027 6000 3184 sends the customer to the challenge page; passed, the repeated
//! decision answers the paid order; failed, the order is undone as for a declined card; never
//! answered, the reconciler ends the challenge after its deadline and cancels the order, and a
//! late answer charges nothing.
use axum::http::StatusCode;
use serde_json::{Value, json};
use shop::payments::gateway::AUTHENTICATION_FAILED_MESSAGE;

use crate::cart::{code_of, count, forget_seeded_history, patch, product, ready_guest_cart, stock_of, tokenize};
use crate::helpers::TestApp;
use crate::on_both_databases;

const CHALLENGE_CARD: &str = "4000002760003184";

async fn decide(app: &TestApp, token: &str) -> crate::helpers::Answer {
    app.post(&format!("/v1/carts/{token}/decision")).json(&json!({})).send().await
}

/// A guest cart of `quantity` units paid by the challenge card, decided once: the answer.
async fn sent_to_the_challenge(app: &TestApp, variation: &str, quantity: i64) -> (String, Value) {
    let token = ready_guest_cart(app, variation, quantity, "credit_card").await;
    let card = tokenize(app, CHALLENGE_CARD).await;
    patch(app, "/v1/carts/order/modify", json!({ "token": token, "card_token": card }), None).await.assert_status(StatusCode::OK);
    let answer = decide(app, &token).await;
    answer.assert_status(StatusCode::OK);
    (token, answer.json())
}

fn challenge_path(answer: &Value) -> String {
    let url = answer["next_action"]["redirect_url"].as_str().unwrap_or_else(|| panic!("no challenge: {answer}"));
    assert!(url.starts_with("/sandbox-gateway/challenge/chl_"), "{url}");
    url.to_owned()
}

async fn answer_challenge(app: &TestApp, path: &str, result: &str) -> crate::helpers::Answer {
    app.post(path).raw_body("application/x-www-form-urlencoded", format!("result={result}").into_bytes()).send().await
}

async fn captured(app: &TestApp) -> i64 {
    count(app, "SELECT COUNT(*) FROM sandbox_charges WHERE status = 'captured'").await
}

async fn a_challenged_card_is_paid_after_the_challenge(app: TestApp) {
    let bolt = product(&app, "3ds-pass", 1000, 10, 10).await;
    let (token, asked) = sent_to_the_challenge(&app, &bolt, 2).await;
    assert_eq!(asked["status"], "awaiting_payment");
    let path = challenge_path(&asked);
    assert_eq!(captured(&app).await, 0, "nothing is charged before the challenge");
    assert_eq!(stock_of(&app, &bolt).await, 8);

    // The page names the shop and the amount, and offers both answers.
    let page = app.get(&path).send().await;
    page.assert_status(StatusCode::OK);
    let html = page.text();
    assert!(
        html.contains("本人認証（3Dセキュア）") && html.contains(&format!("¥{}", shop::infra::money::Yen(asked["total_payment"].as_i64().unwrap()).grouped())),
        "{html}"
    );
    assert!(html.contains("認証する") && html.contains("認証に失敗する"));
    // Back before answering: still waiting.
    assert_eq!(challenge_path(&decide(&app, &token).await.json()), path);

    let back = answer_challenge(&app, &path, "pass").await;
    back.assert_status(StatusCode::SEE_OTHER);
    assert!(back.header("location").ends_with("/cart/authentication"), "{}", back.header("location"));
    assert_eq!(captured(&app).await, 1, "the issuer's yes charges the card");
    let paid = decide(&app, &token).await;
    paid.assert_status(StatusCode::OK);
    let paid = paid.json();
    assert_eq!((paid["status"].as_str(), paid["next_action"].is_null()), (Some("paid"), true), "{paid}");
    // A second answer changes nothing.
    answer_challenge(&app, &path, "fail").await.assert_status(StatusCode::SEE_OTHER);
    assert_eq!(captured(&app).await, 1);
    assert_eq!(decide(&app, &token).await.json()["status"], "paid");
}

async fn a_failed_challenge_undoes_the_order_like_a_declined_card(app: TestApp) {
    forget_seeded_history(&app).await;
    let bolt = product(&app, "3ds-fail", 1000, 10, 10).await;
    let (token, asked) = sent_to_the_challenge(&app, &bolt, 1).await;
    answer_challenge(&app, &challenge_path(&asked), "fail").await.assert_status(StatusCode::SEE_OTHER);
    let refused = decide(&app, &token).await;
    refused.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!((code_of(&refused).as_str(), refused.json()["message"].as_str()), ("cart.payment.declined", Some(AUTHENTICATION_FAILED_MESSAGE)));
    assert_eq!(count(&app, "SELECT COUNT(*) FROM orders").await, 0, "the order is undone");
    assert_eq!(stock_of(&app, &bolt).await, 10, "the stock is back");
    assert_eq!(captured(&app).await, 0);
    // Another card on the same cart pays.
    let card = tokenize(&app, "4242424242424242").await;
    patch(&app, "/v1/carts/order/modify", json!({ "token": token, "card_token": card }), None).await.assert_status(StatusCode::OK);
    let paid = decide(&app, &token).await;
    paid.assert_status(StatusCode::OK);
    assert_eq!(paid.json()["status"], "paid");
    // Unknown challenges, bad answers and other shops' pages are not found.
    app.get("/sandbox-gateway/challenge/chl_nope").send().await.assert_status(StatusCode::NOT_FOUND);
    answer_challenge(&app, &challenge_path(&asked), "maybe").await.assert_status(StatusCode::NOT_FOUND);
    app.get(&challenge_path(&asked)).channel("corporate").send().await.assert_status(StatusCode::NOT_FOUND);
}

async fn an_abandoned_challenge_is_ended_and_its_order_cancelled_after_the_deadline(app: TestApp) {
    let bolt = product(&app, "3ds-left", 1000, 10, 10).await;
    let (token, asked) = sent_to_the_challenge(&app, &bolt, 3).await;
    let order_id = asked["order_id"].as_str().unwrap().to_owned();

    // Older than the settle age, but within the challenge's 15 minutes: left alone.
    let past = shop::infra::time::Timestamp::now().0 - 10 * 60 * 1000;
    sqlx::query("UPDATE orders SET ordered_at = $1 WHERE id = $2").bind(past).bind(&order_id).execute(&app.state.db.pool).await.unwrap();
    shop::checkout::reconciler::settle_unpaid(&app.state).await.unwrap();
    assert_eq!(decide(&app, &token).await.json()["status"], "awaiting_payment");

    // Past the deadline: the challenge ends and the order is cancelled, its stock back.
    sqlx::query("UPDATE orders SET payment_due_at = $1 WHERE id = $2").bind(past).bind(&order_id).execute(&app.state.db.pool).await.unwrap();
    let settled = shop::checkout::reconciler::settle_unpaid(&app.state).await.unwrap();
    assert_eq!(settled.cancelled, 1);
    assert_eq!(stock_of(&app, &bolt).await, 10);
    // The customer answers afterwards: nothing is charged, and the decision says why.
    answer_challenge(&app, &challenge_path(&asked), "pass").await.assert_status(StatusCode::SEE_OTHER);
    assert_eq!(captured(&app).await, 0);
    let late = decide(&app, &token).await;
    late.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(code_of(&late), "cart.decision.cancelled");
}

on_both_databases!(
    a_challenged_card_is_paid_after_the_challenge,
    a_failed_challenge_undoes_the_order_like_a_declined_card,
    an_abandoned_challenge_is_ended_and_its_order_cancelled_after_the_deadline,
);
