//! reCAPTCHA v3: the browser sends the token Google's script gave it for an action; the server
//! posts it with its secret to the verify URL and accepts it when Google says `success`, the
//! token was made for this form's action and the score is at least [`MIN_SCORE`]. Google
//! itself refuses a token presented twice (`timeout-or-duplicate`).
use std::time::Duration;

use secrecy::{ExposeSecret, SecretString};

/// Google's suggested threshold: below it the request looks automated.
pub const MIN_SCORE: f64 = 0.5;
/// The verify call may not hold a login up for long.
pub const VERIFY_TIMEOUT: Duration = Duration::from_secs(5);

/// Why a token was refused (logged, never told to the client).
#[derive(Debug, Clone, PartialEq)]
pub enum Refusal {
    /// `success` false (bad, expired or reused token), with Google's error codes.
    NotSuccess(Vec<String>),
    /// The token was made for another form.
    WrongAction(String),
    LowScore(f64),
    /// The verify URL could not be reached or did not answer JSON.
    Unreachable(String),
}

/// Judges the verify URL's JSON answer for a form whose action is `action`.
pub fn judge(answer: &serde_json::Value, action: &str) -> Result<(), Refusal> {
    if answer.get("success").and_then(serde_json::Value::as_bool) != Some(true) {
        let codes =
            answer.get("error-codes").and_then(serde_json::Value::as_array).map(|codes| codes.iter().filter_map(|c| c.as_str().map(str::to_owned)).collect());
        return Err(Refusal::NotSuccess(codes.unwrap_or_default()));
    }
    let given = answer.get("action").and_then(serde_json::Value::as_str).unwrap_or("");
    if given != action {
        return Err(Refusal::WrongAction(given.to_owned()));
    }
    let score = answer.get("score").and_then(serde_json::Value::as_f64).unwrap_or(0.0);
    if score < MIN_SCORE {
        return Err(Refusal::LowScore(score));
    }
    Ok(())
}

/// Asks the verify URL about `token` and judges the answer.
pub async fn verify(http: &reqwest::Client, url: &str, secret: &SecretString, token: &str, remote_ip: &str, action: &str) -> Result<(), Refusal> {
    let mut form = vec![("secret", secret.expose_secret()), ("response", token)];
    if remote_ip != "unknown" {
        form.push(("remoteip", remote_ip));
    }
    let unreachable = |error: reqwest::Error| Refusal::Unreachable(error.to_string());
    let response = http.post(url).timeout(VERIFY_TIMEOUT).form(&form).send().await.map_err(unreachable)?;
    let status = response.status();
    let bytes = response.bytes().await.map_err(unreachable)?;
    if !status.is_success() {
        return Err(Refusal::Unreachable(format!("the verify URL answered {status}")));
    }
    let answer: serde_json::Value = serde_json::from_slice(&bytes).map_err(|e| Refusal::Unreachable(format!("not JSON: {e}")))?;
    judge(&answer, action)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn a_successful_token_for_the_action_with_a_good_score_passes() {
        assert_eq!(judge(&json!({"success": true, "score": 0.9, "action": "login"}), "login"), Ok(()));
        assert_eq!(judge(&json!({"success": true, "score": 0.5, "action": "login"}), "login"), Ok(()), "0.5 is enough");
    }

    #[test]
    fn failure_another_action_or_a_low_score_is_refused() {
        let failed = json!({"success": false, "error-codes": ["timeout-or-duplicate"]});
        assert_eq!(judge(&failed, "login"), Err(Refusal::NotSuccess(vec!["timeout-or-duplicate".into()])));
        assert_eq!(judge(&json!({"success": true, "score": 0.9, "action": "signup"}), "login"), Err(Refusal::WrongAction("signup".into())));
        assert_eq!(judge(&json!({"success": true, "score": 0.3, "action": "login"}), "login"), Err(Refusal::LowScore(0.3)));
        assert_eq!(judge(&json!({"success": true, "action": "login"}), "login"), Err(Refusal::LowScore(0.0)), "no score is no pass");
        assert!(judge(&json!({}), "login").is_err());
    }
}
